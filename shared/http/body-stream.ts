// A route that takes large bodies reads them as a stream. On AWS the body arrives inside the
// event (API Gateway caps it), and the stream runs over it; locally the runtime hands the
// route the socket itself, so the same handler serves both without holding the file.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Readable } from 'node:stream';

const STREAM = Symbol.for('verbatim.bodyStream');

type WithStream = APIGatewayProxyEventV2 & { [STREAM]?: Readable };

export function attachBodyStream(event: APIGatewayProxyEventV2, stream: Readable): void {
  (event as WithStream)[STREAM] = stream;
}

export function bodyStream(event: APIGatewayProxyEventV2): Readable {
  const attached = (event as WithStream)[STREAM];
  if (attached) return attached;
  const body = event.body ?? '';
  return Readable.from([Buffer.from(body, event.isBase64Encoded ? 'base64' : 'utf8')]);
}
