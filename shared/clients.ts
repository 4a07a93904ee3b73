// The one place that builds AWS SDK clients. Endpoints come from the SDK's own
// AWS_ENDPOINT_URL_<SERVICE> settings, which is how the local runtime points the very same
// code at its emulators.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { settings } from './config.ts';

let dynamoDbClient: DynamoDBClient | undefined;
let documentClient: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let presignS3: S3Client | undefined;
let sqs: SQSClient | undefined;
let scheduler: SchedulerClient | undefined;

/** The low-level client, for libraries that take one (the idempotency utility). */
export function dynamoClient(): DynamoDBClient {
  dynamoDbClient ??= new DynamoDBClient({ region: settings().region });
  return dynamoDbClient;
}

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(dynamoClient(), { marshallOptions: { removeUndefinedValues: true } });
  return documentClient;
}

export function s3Client(): S3Client {
  s3 ??= new S3Client({ region: settings().region, forcePathStyle: true });
  return s3;
}

/**
 * Client for presigning only. Default settings put the CRC32 of an empty body into presigned
 * PUT URLs, which real S3 then refuses for any non-empty upload (no emulator notices).
 */
export function presignClient(): S3Client {
  presignS3 ??= new S3Client({
    region: settings().region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return presignS3;
}

export function sqsClient(): SQSClient {
  // Queue URLs of local emulators carry hosts that do not resolve; the endpoint setting wins.
  sqs ??= new SQSClient({ region: settings().region, useQueueUrlAsEndpoint: false });
  return sqs;
}

export function schedulerClient(): SchedulerClient {
  scheduler ??= new SchedulerClient({ region: settings().region });
  return scheduler;
}

/** Drops cached clients, for the local runtime after it has pointed the endpoints elsewhere. */
export function resetClients(): void {
  dynamoDbClient = undefined;
  documentClient = undefined;
  s3 = undefined;
  presignS3 = undefined;
  sqs = undefined;
  scheduler = undefined;
}
