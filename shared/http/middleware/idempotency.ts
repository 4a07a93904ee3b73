// Safe retries (decisions §1b) with Powertools' idempotency utility. A request without an
// Idempotency-Key is left alone; with one, the first complete answer is kept for a day per
// user and key and replayed with `Idempotent-Replayed: true`.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../../clients.ts';
import { settings } from '../../config.ts';
import { ValidationError } from '../../domain/errors.ts';
import { key } from '../../store/table.ts';

const HEADER = 'idempotency-key';
const KEY_SCOPE = 'api';
const VALID_KEY = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

/** Our single table keys every item by PK and SK; each record gets a partition of its own. */
class SingleTablePersistence extends DynamoDBPersistenceLayer {
  protected override getKey(idempotencyKey: string): Record<string, AttributeValue> {
    const k = key.idempotency(idempotencyKey);
    return { PK: { S: k.PK }, SK: { S: k.SK } };
  }
}

/**
 * One store per route: the utility reconfigures its store with the route's key prefix on every
 * request but keeps the first validation settings, so routes sharing a process (as all do
 * locally) must not share a store.
 */
function newStore(): SingleTablePersistence {
  return new SingleTablePersistence({
    tableName: settings().tableName,
    keyAttr: 'PK',
    sortKeyAttr: 'SK',
    expiryAttr: 'ttl',
    // The shared client: one connection pool, and its calls are counted with the others.
    awsSdkV3Client: dynamoClient(),
  });
}

export function idempotency(streamedBody = false): MiddlewareObj<APIGatewayProxyEventV2> {
  let inner: ReturnType<typeof makeHandlerIdempotent> | undefined;
  const powertools = () =>
    (inner ??= makeHandlerIdempotent({
      persistenceStore: newStore(),
      // One prefix for every route: a key belongs to the user, not to a route, so its reuse on
      // another route fails the payload check (method and path are part of it) with a 422.
      keyPrefix: KEY_SCOPE,
      config: new IdempotencyConfig({
        eventKeyJmesPath: '[requestContext.authorizer.lambda.user_id, headers."idempotency-key"]',
        // A streamed body cannot be fingerprinted before it is read; its length stands in (a
        // client's retry sends the same bytes, though its multipart boundary may differ).
        payloadValidationJmesPath: streamedBody
          ? '[requestContext.http.method, rawPath, rawQueryString, headers."content-length"]'
          : '[requestContext.http.method, rawPath, rawQueryString, body]',
        expiresAfterSeconds: settings().idempotencyTtlSeconds,
        responseHook: (response) => {
          const result = response as { headers?: Record<string, string> };
          return { ...result, headers: { ...result.headers, 'Idempotent-Replayed': 'true' } };
        },
      }),
    }));
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
      const replay = await powertools().before!(request as never);
      owners.add(request.event);
      return replay;
    },
    after: (request) => (owners.has(request.event) ? powertools().after!(request as never) : undefined),
    onError: (request) => (owners.has(request.event) ? powertools().onError!(request as never) : undefined),
  };
}
