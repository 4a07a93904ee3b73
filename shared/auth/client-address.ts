// The address a sign-in attempt is counted under (shared/domain/viewer-address.ts). The only
// module that reads ORIGIN_VERIFY, so only the functions bundling it are given the value
// (infra/aws/touches.ts).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { settings } from '../config.ts';
import { viewerAddress } from '../domain/viewer-address.ts';

export const clientAddress = (event: APIGatewayProxyEventV2): string => viewerAddress(event.headers ?? {}, event.requestContext.http.sourceIp, settings().originVerify);
