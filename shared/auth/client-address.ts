// The address a sign-in attempt is counted under (shared/domain/viewer-address.ts).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { viewerAddress } from '../domain/viewer-address.ts';
import { originProof } from './origin-proof.ts';

export const clientAddress = (event: APIGatewayProxyEventV2): string => viewerAddress(event.headers ?? {}, event.requestContext.http.sourceIp, originProof());
