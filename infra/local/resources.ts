// Creates the table, queues (each with its dead-letter queue) and bucket that topology.ts
// describes, on the local emulators. Safe to run on every start: what exists is kept.
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceInUseException, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { queues, queueUrlSetting, table } from '#shared/topology.ts';

export interface Endpoints {
  readonly dynamodb: string;
  readonly sqs: string;
  readonly s3: string;
  readonly scheduler?: string;
}

export const LOCAL_NAMES = { table: 'verbatim', bucket: 'verbatim-audio', queuePrefix: 'verbatim-' } as const;
const region = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
const credentials = LOCAL_CREDENTIALS;

/** The settings that point the service at the local resources. */
export function localEnvironment(endpoints: Endpoints, queueUrls: Record<string, string>): Record<string, string> {
  return {
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_SQS: endpoints.sqs,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    ...(endpoints.scheduler ? { AWS_ENDPOINT_URL_SCHEDULER: endpoints.scheduler } : {}),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_EC2_METADATA_DISABLED: 'true',
    // No CloudWatch here: metrics would only fill the console.
    POWERTOOLS_METRICS_DISABLED: 'true',
    TABLE_NAME: LOCAL_NAMES.table,
    BUCKET_NAME: LOCAL_NAMES.bucket,
    ...queueUrls,
  };
}

export async function createResources(endpoints: Endpoints): Promise<Record<string, string>> {
  await createTable(endpoints.dynamodb);
  const s3 = new S3Client({ endpoint: endpoints.s3, region, credentials, forcePathStyle: true });
  try {
    await s3.send(new CreateBucketCommand({ Bucket: LOCAL_NAMES.bucket }));
  } catch (error) {
    if (!/BucketAlready(OwnedByYou|Exists)/.test((error as Error).name)) throw error;
  } finally {
    s3.destroy();
  }
  return createQueues(endpoints.sqs);
}

/** Creates the table (and its TTL setting) unless it exists; tests may name one of their own. */
export async function createTable(endpoint: string, tableName: string = LOCAL_NAMES.table): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials });
  const attribute = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: table.partitionKey, KeyType: 'HASH' },
          { AttributeName: table.sortKey, KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [table.partitionKey, table.sortKey, ...table.indexes.flatMap((i) => [i.partitionKey, i.sortKey])].map(attribute),
        GlobalSecondaryIndexes: table.indexes.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true } }));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  await addMissingIndexes(client, tableName);
  client.destroy();
}

/**
 * A table made by an older version lacks the indexes added since: they are created one at a
 * time (as DynamoDB requires), each waited for until ACTIVE. Their items are the backfill's
 * (`npm run cli -- lists backfill`).
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  const attribute = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
  for (const index of table.indexes) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.GlobalSecondaryIndexes?.some((i) => i.IndexName === index.name)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map(attribute),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
    for (let i = 0; i < 600; i++) {
      const { Table: now } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (now?.GlobalSecondaryIndexes?.find((g) => g.IndexName === index.name)?.IndexStatus === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function createQueues(endpoint: string): Promise<Record<string, string>> {
  const sqs = new SQSClient({ endpoint, region, credentials, useQueueUrlAsEndpoint: false });
  const urls: Record<string, string> = {};
  try {
    for (const queue of queues) {
      // A FIFO queue's name ends in .fifo, and its dead-letter queue must be FIFO too.
      const fifo = queue.fifo ? { FifoQueue: 'true' } : {};
      const suffix = queue.fifo ? '.fifo' : '';
      const name = `${LOCAL_NAMES.queuePrefix}${queue.name}`;
      const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq${suffix}`, Attributes: { MessageRetentionPeriod: String(14 * 86400), ...fifo } }));
      const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }));
      const created = await sqs.send(
        new CreateQueueCommand({
          QueueName: `${name}${suffix}`,
          Attributes: {
            ...fifo,
            VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
            MessageRetentionPeriod: String(queue.retentionDays * 86400),
            RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount: queue.maxReceiveCount }),
          },
        }),
      );
      urls[queueUrlSetting(queue.name)] = created.QueueUrl!;
    }
  } finally {
    sqs.destroy();
  }
  return urls;
}
