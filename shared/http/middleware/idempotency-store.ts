// Powertools' idempotency utility as idempotency.ts uses it, with our single table as its store.
// Imported by idempotency.ts with the first request that carries an Idempotency-Key.
import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { settings } from '../../config.ts';
import { key } from '../../store/table.ts';

const KEY_SCOPE = 'api';

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
    // The utility needs the AWS SDK's client (the store's own is aws-lite's, clients/dynamodb.ts):
    // it builds one, loaded with this module, on the first request with an Idempotency-Key.
    clientConfig: { region: settings().region },
  });
}

/** The utility's middleware for a route (its store keeps the route's settings, see newStore). */
export function powertoolsIdempotency(streamedBody: boolean): ReturnType<typeof makeHandlerIdempotent> {
  return makeHandlerIdempotent({
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
  });
}
