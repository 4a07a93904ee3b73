// The one place that builds AWS SDK clients. Endpoints come from the SDK's own
// AWS_ENDPOINT_URL_<SERVICE> settings, which is how the local runtime points the very same
// code at its emulators.
//
// DynamoDB's clients are here; S3's, SQS's and the Scheduler's each in a module of their own
// (clients/*.ts), imported directly, never through this one: the functions are bundled together
// with code splitting, and esbuild gives a function every module its imports reach, with every
// part any function uses. Were they built or re-exported here, every function that reads
// DynamoDB would load their SDKs at cold start too.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { settings } from './config.ts';

let dynamoDbClient: DynamoDBClient | undefined;
let documentClient: DynamoDBDocumentClient | undefined;
/** How the clients of the other modules (clients/*.ts) that were loaded drop their cached instance. */
const resets = new Set<() => void>();

/** For clients/*.ts: `reset` runs on resetClients(). */
export function onResetClients(reset: () => void): void {
  resets.add(reset);
}

/** The low-level client, for libraries that take one (the idempotency utility). */
export function dynamoClient(): DynamoDBClient {
  dynamoDbClient ??= new DynamoDBClient({ region: settings().region });
  return dynamoDbClient;
}

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(dynamoClient(), { marshallOptions: { removeUndefinedValues: true } });
  return documentClient;
}

/** Drops cached clients, for the local runtime after it has pointed the endpoints elsewhere. */
export function resetClients(): void {
  dynamoDbClient = undefined;
  documentClient = undefined;
  for (const reset of resets) reset();
}
