// A route that takes large bodies reads them as a stream over the event's body: API Gateway
// and Lambda cap it (about 4.4 MB of binary file in a 6 MB event), on AWS and locally alike.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Readable } from 'node:stream';

export function bodyStream(event: APIGatewayProxyEventV2): Readable {
  const body = event.body ?? '';
  return Readable.from([Buffer.from(body, event.isBase64Encoded ? 'base64' : 'utf8')]);
}
