// Webhooks. The per-user cap is kept by a counter written in the same transaction as the
// webhook, so concurrent creates cannot pass it.
import { GetCommand, ScanCommand, TransactWriteCommand, UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { nextId } from './ids.ts';
import { queryAll } from './query.ts';
import { key, padId, tableName, withoutKeys } from './table.ts';

export interface Webhook {
  readonly id: number;
  readonly user_id: number;
  readonly name: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly enabled: boolean;
  readonly allow_http: boolean;
  readonly auto_paused: boolean;
  readonly consecutive_failures: number;
  readonly secret: string;
  /** Until then fan-out queues this webhook's first attempts instead of sending them itself (delivery-policy.ts). */
  readonly slow_until?: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export type WebhookChanges = Partial<Pick<Webhook, 'name' | 'url' | 'events' | 'enabled' | 'allow_http' | 'auto_paused' | 'consecutive_failures' | 'secret' | 'slow_until'>>;

export async function createWebhook(input: Omit<Webhook, 'id' | 'created_at' | 'updated_at' | 'auto_paused' | 'consecutive_failures'>, maxPerUser: number, now = new Date()): Promise<Webhook> {
  const id = await nextId('webhook');
  const webhook: Webhook = { ...input, id, auto_paused: false, consecutive_failures: 0, created_at: now.toISOString(), updated_at: now.toISOString() };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: key.webhookCount(input.user_id),
              UpdateExpression: 'SET #n = if_not_exists(#n, :zero) + :one',
              ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
              ExpressionAttributeNames: { '#n': 'count' },
              ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': maxPerUser },
            },
          },
          { Put: { TableName: tableName(), Item: { ...key.webhook(id), GSI1PK: `USER#${input.user_id}#WEBHOOKS`, GSI1SK: `WEBHOOK#${padId(id)}`, type: 'webhook', ...webhook } } },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new ConflictError(`You have reached the limit of ${maxPerUser} webhooks`, { max_per_user: maxPerUser });
    throw error;
  }
  return webhook;
}

export async function findWebhook(id: number): Promise<Webhook | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.webhook(id), ConsistentRead: true }));
  return Item ? (withoutKeys(Item) as unknown as Webhook) : undefined;
}

export async function getOwnedWebhook(id: number, userId: number): Promise<Webhook> {
  const webhook = await findWebhook(id);
  if (!webhook) throw new NotFoundError('Webhook not found');
  if (webhook.user_id !== userId) throw new ForbiddenError('Permission denied');
  return webhook;
}

export async function listUserWebhooks(userId: number): Promise<Webhook[]> {
  const items = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}#WEBHOOKS` } });
  return items.map((i) => withoutKeys(i) as unknown as Webhook);
}

export async function updateWebhook(id: number, changes: WebhookChanges, now = new Date()): Promise<Webhook> {
  const entries = Object.entries({ ...changes, updated_at: now.toISOString() }).filter(([, v]) => v !== undefined);
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.webhook(id),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:f${i}`, value])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return withoutKeys(Attributes!) as unknown as Webhook;
}

export async function deleteWebhookItem(webhook: Webhook): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: key.webhook(webhook.id), ConditionExpression: 'attribute_exists(PK)' } },
        { Update: { TableName: tableName(), Key: key.webhookCount(webhook.user_id), UpdateExpression: 'SET #n = #n - :one', ConditionExpression: '#n > :zero', ExpressionAttributeNames: { '#n': 'count' }, ExpressionAttributeValues: { ':one': 1, ':zero': 0 } } },
      ],
    }),
  );
}

/** A 2xx resets the failure count; written only when there is something to reset. */
export async function resetFailures(webhookId: number): Promise<void> {
  await dynamo()
    .send(new UpdateCommand({ TableName: tableName(), Key: key.webhook(webhookId), UpdateExpression: 'SET consecutive_failures = :zero', ConditionExpression: 'consecutive_failures > :zero', ExpressionAttributeValues: { ':zero': 0 } }))
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** Marks a webhook whose attempt was slow: its first attempts are queued until `until`. */
export async function markSlow(webhookId: number, until: Date): Promise<void> {
  await dynamo()
    .send(new UpdateCommand({ TableName: tableName(), Key: key.webhook(webhookId), UpdateExpression: 'SET slow_until = :until', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':until': until.toISOString() } }))
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** Counts a delivery that ended in permanent failure; at `pauseAt` the webhook pauses itself. */
export async function countFailure(webhookId: number, pauseAt: number): Promise<{ paused: boolean }> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({ TableName: tableName(), Key: key.webhook(webhookId), UpdateExpression: 'ADD consecutive_failures :one', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'ALL_NEW' }),
  ).catch((error: Error) => {
    if (error.name === 'ConditionalCheckFailedException') return { Attributes: undefined };
    throw error;
  });
  if (!Attributes || Number(Attributes.consecutive_failures) < pauseAt || Attributes.enabled !== true) return { paused: false };
  await dynamo()
    .send(new UpdateCommand({ TableName: tableName(), Key: key.webhook(webhookId), UpdateExpression: 'SET enabled = :off, auto_paused = :on', ConditionExpression: 'enabled = :on', ExpressionAttributeValues: { ':off': false, ':on': true } }))
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
  return { paused: true };
}


/** Webhooks whose secret is not sealed yet (stored before secrets were encrypted), a page at a time. */
export async function* webhooksWithOpenSecrets(sealedPrefix: string): AsyncGenerator<Webhook> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#t = :webhook AND NOT begins_with(secret, :sealed)',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: { ':webhook': 'webhook', ':sealed': sealedPrefix },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) yield withoutKeys(item) as unknown as Webhook;
    start = page.LastEvaluatedKey;
  } while (start);
}

/** Replaces a secret only if it is still the one read (a rotation in between wins). */
export async function replaceSecret(id: number, from: string, to: string): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key.webhook(id), UpdateExpression: 'SET secret = :to', ConditionExpression: 'secret = :from', ExpressionAttributeValues: { ':from': from, ':to': to } }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
