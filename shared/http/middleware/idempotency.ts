// Safe retries (decisions §1b) with Powertools' idempotency utility. A request without an
// Idempotency-Key is left alone; with one, the first complete answer is kept for a day per
// user and key and replayed with `Idempotent-Replayed: true`. The utility (and its JMESPath
// engine) is imported with the first keyed request: most requests carry no key, and a cold
// start need not load it. A kept answer may hold a secret (a new token, a webhook's signing
// secret, a session cookie), so its body and headers are stored sealed (secrets/box.ts) and
// opened for a replay.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ValidationError } from '../../domain/errors.ts';

const HEADER = 'idempotency-key';
const VALID_KEY = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

type Powertools = MiddlewareObj<APIGatewayProxyEventV2>;
type Answer = { statusCode: number; headers?: Record<string, string>; body?: string };

/** The answer as kept: its status in clear, everything else (headers, cookies, body) sealed in one value. */
async function sealed({ statusCode, ...rest }: Answer): Promise<Answer> {
  const { sealSecret } = await import('../../secrets/box.ts');
  return { statusCode, body: await sealSecret('kept-answer', JSON.stringify(rest)) };
}

/** A kept answer opened, with the headers the replay added (Idempotent-Replayed). */
async function opened(kept: Answer): Promise<Answer> {
  const { openSecret } = await import('../../secrets/box.ts');
  const rest = JSON.parse(await openSecret('kept-answer', kept.body ?? '')) as Omit<Answer, 'statusCode'>;
  return { ...rest, statusCode: kept.statusCode, headers: { ...rest.headers, ...kept.headers } };
}

export function idempotency(streamedBody = false): MiddlewareObj<APIGatewayProxyEventV2> {
  let inner: Promise<Powertools> | undefined;
  const powertools = () => (inner ??= import('./idempotency-store.ts').then((store) => store.powertoolsIdempotency(streamedBody)));
  const keyed = (event: APIGatewayProxyEventV2) => event.headers?.[HEADER] !== undefined;
  // Only the request that wrote the in-progress record may release it on failure. middy runs
  // every onError after a `before` throws, so a request refused as "still in progress" would
  // otherwise delete the record of the request it collided with and let a third one through.
  const owners = new WeakSet<APIGatewayProxyEventV2>();
  return {
    before: async (request) => {
      if (!keyed(request.event)) return;
      if (!VALID_KEY.test(request.event.headers[HEADER]!)) {
        throw new ValidationError('Invalid Idempotency-Key header', [{ path: 'Idempotency-Key', message: 'must be 1 to 255 printable characters' }]);
      }
      const replay = (await (await powertools()).before!(request as never)) as Answer | undefined;
      owners.add(request.event);
      return replay && opened(replay);
    },
    after: async (request) => {
      if (!owners.has(request.event)) return;
      await (await powertools()).after!({ ...request, response: await sealed(request.response as Answer) } as never);
    },
    onError: async (request) => (owners.has(request.event) ? (await powertools()).onError!(request as never) : undefined),
  };
}
