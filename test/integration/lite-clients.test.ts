// The aws-lite clients (shared/clients/lite.ts) against DynamoDB Local and the local SQS: what
// the store and the queues rely on the SDK's clients to have done, done the same.
import { randomUUID } from 'node:crypto';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { dynamo } from '#shared/clients.ts';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '#shared/clients/dynamodb.ts';
import { SendMessageBatchCommand, sqsClient } from '#shared/clients/sqs.ts';
import { settings } from '#shared/config.ts';
import { tableName } from '#shared/store/table.ts';

const item = (pk: string, sk: string, extra: Record<string, unknown> = {}) => ({ PK: pk, SK: sk, ...extra });

describe('DynamoDB through aws-lite', () => {
  it('stores and reads items as the document client did: numbers, booleans, lists, maps, sets, undefined left out', async () => {
    const pk = `lite-${randomUUID()}`;
    const stored = { n: 42.5, big: 2 ** 40, yes: true, none: null, list: [1, 'two', { three: 3 }], map: { a: { b: 'c' } }, tags: new Set(['x', 'y']), empty: '' };
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item(pk, 'A', { ...stored, gone: undefined }) }));
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: 'A' }, ConsistentRead: true }));
    expect(Item).toEqual(item(pk, 'A', stored));
    expect(Item).not.toHaveProperty('gone');
  });

  it('names a failed condition as the SDK does and returns ALL_NEW attributes', async () => {
    const pk = `lite-${randomUUID()}`;
    const bump = () => dynamo().send(new UpdateCommand({ TableName: tableName(), Key: { PK: pk, SK: 'C' }, UpdateExpression: 'ADD n :one', ConditionExpression: 'attribute_not_exists(n) OR n < :two', ExpressionAttributeValues: { ':one': 1, ':two': 2 }, ReturnValues: 'ALL_NEW' }));
    expect((await bump()).Attributes).toEqual(item(pk, 'C', { n: 1 }));
    expect((await bump()).Attributes).toEqual(item(pk, 'C', { n: 2 }));
    await expect(bump()).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
  });

  it("refuses a transaction with the SDK's name and reasons, and leaves the caller's input as it was", async () => {
    const pk = `lite-${randomUUID()}`;
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item(pk, 'T1') }));
    const input: TransactWriteCommandInput = {
      TransactItems: [
        { Put: { TableName: tableName(), Item: item(pk, 'T2', { at: 1 }) } },
        { Put: { TableName: tableName(), Item: item(pk, 'T1'), ConditionExpression: 'attribute_not_exists(PK)' } },
      ],
    };
    const copy = structuredClone(input);
    const refused = await dynamo().send(new TransactWriteCommand(input)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'TransactionCanceledException' });
    expect((refused as { CancellationReasons: { Code: string }[] }).CancellationReasons.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    // The plugin marshals transaction items in place: sent again, an input must still be plain.
    expect(input).toEqual(copy);
    await dynamo().send(new TransactWriteCommand({ TransactItems: [input.TransactItems![0]!] }));
    expect((await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: 'T2' }, ConsistentRead: true }))).Item).toEqual(item(pk, 'T2', { at: 1 }));
  });

  it('pages a query: LastEvaluatedKey handed back as ExclusiveStartKey reads on from there', async () => {
    const pk = `lite-${randomUUID()}`;
    for (let i = 0; i < 5; i++) await dynamo().send(new PutCommand({ TableName: tableName(), Item: item(pk, `Q${i}`) }));
    const seen: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 2, ExclusiveStartKey: start }));
      seen.push(...(page.Items ?? []).map((i) => i.SK as string));
      start = page.LastEvaluatedKey;
    } while (start);
    expect(seen).toEqual(['Q0', 'Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('runs middleware added by name around each call, with the command name, until removed', async () => {
    const calls: string[] = [];
    dynamo().middlewareStack.add((next, context) => async (args) => {
      calls.push(context.commandName);
      return next(args);
    }, { step: 'initialize', name: 'liteTestCounter' });
    await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: 'none', SK: 'none' } }));
    expect(dynamo().middlewareStack.remove('liteTestCounter')).toBe(true);
    await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: 'none', SK: 'none' } }));
    expect(calls).toEqual(['GetCommand']);
  });
});

describe('SQS through aws-lite', () => {
  it('sends a batch over the JSON protocol, and names an unknown queue as the SDK does', async () => {
    // A queue of the test's own, made and read with the SDK's client: no worker consumes it.
    const sdk = new SQSClient({ region: settings().region, endpoint: process.env.AWS_ENDPOINT_URL_SQS });
    const { QueueUrl: url } = await sdk.send(new CreateQueueCommand({ QueueName: `lite-${randomUUID()}` }));
    const sent = await sqsClient().send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [{ Id: 'a', MessageBody: '{"n":1}' }, { Id: 'b', MessageBody: 'déjà vu' }] }));
    expect(sent.Successful?.map((s) => s.Id).sort()).toEqual(['a', 'b']);
    expect(sent.Failed ?? []).toEqual([]);
    const { Messages = [] } = await sdk.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
    expect(Messages.map((m) => m.Body).sort()).toEqual(['déjà vu', '{"n":1}']);
    const missing = url!.replace(/[^/]+$/, `missing-${randomUUID()}`);
    await expect(sqsClient().send(new SendMessageBatchCommand({ QueueUrl: missing, Entries: [{ Id: 'a', MessageBody: '{}' }] }))).rejects.toMatchObject({ name: expect.stringMatching(/^(QueueDoesNotExist|AWS\.SimpleQueueService\.NonExistentQueue)$/) });
  });
});
