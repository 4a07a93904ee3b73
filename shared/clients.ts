// The one place that builds AWS clients. Endpoints come from the SDK's own
// AWS_ENDPOINT_URL_<SERVICE> settings, which is how the local runtime points the very same
// code at its emulators (DynamoDB's client, aws-lite's, is given its endpoint from settings).
//
// DynamoDB's clients are here; S3's, SQS's and the Scheduler's each in a module of their own
// (clients/*.ts), imported directly, never through this one: the functions are bundled together
// with code splitting, and esbuild gives a function every module its imports reach, with every
// part any function uses. Were they built or re-exported here, every function that reads
// DynamoDB would load their SDKs at cold start too.
import { DynamoDocumentClient } from './clients/dynamodb.ts';
import { settings } from './config.ts';

let documentClient: DynamoDocumentClient | undefined;
/** How the clients of the other modules (clients/*.ts) that were loaded drop their cached instance. */
const resets = new Set<() => void>();

/** For clients/*.ts: `reset` runs on resetClients(). */
export function onResetClients(reset: () => void): void {
  resets.add(reset);
}

/** The store's DynamoDB client (aws-lite's, with the SDK's command shapes: clients/dynamodb.ts). */
export function dynamo(): DynamoDocumentClient {
  documentClient ??= new DynamoDocumentClient({ region: settings().region, endpoint: settings().dynamoEndpoint });
  return documentClient;
}

/** Drops cached clients, for the local runtime after it has pointed the endpoints elsewhere. */
export function resetClients(): void {
  documentClient = undefined;
  for (const reset of resets) reset();
}
