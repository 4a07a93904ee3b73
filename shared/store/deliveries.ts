// Webhook deliveries. A delivery is written before anything is sent and stays findable by its
// due time while pending or retrying, so a crash or a lost message delays it but never loses
// it. Each attempt's outcome is one conditional write on the attempt number.
import { BatchGetCommand, BatchWriteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import type { DeliveryStatus } from '../domain/webhooks/delivery-policy.ts';
import { queryAll } from './query.ts';
import { key, tableName, withoutKeys } from './table.ts';
import type { Webhook } from './webhooks.ts';

export interface Delivery {
  readonly id: string;
  readonly webhook_id: number;
  readonly user_id: number;
  readonly event_id: string;
  readonly event_type: string;
  readonly status: DeliveryStatus;
  readonly attempt_count: number;
  readonly response_status: number | null;
  readonly response_body_preview: string | null;
  readonly error_message: string | null;
  readonly next_attempt_at: string | null;
  readonly created_at: string;
  readonly delivered_at: string | null;
  readonly replayed_from: string | null;
  /** The exact body sent (and signed) on every attempt. */
  readonly payload: string;
  readonly is_test: boolean;
  /**
   * How many times the sweep re-sent this delivery's message. A message carries the count it was
   * sent with; one with an older count is stale (dispatch skips it), so a message that was only
   * waiting behind a backlog makes no second attempt after the sweep re-sent it.
   */
  readonly resends?: number;
}

/** A new delivery, pending and due now: fan-out's, a test event's or a replay's. */
export function newDelivery(input: { id: string; webhookId: number; userId: number; eventId: string; eventType: string; payload: string; now: Date; replayedFrom?: string; isTest?: boolean }): Delivery {
  return {
    id: input.id,
    webhook_id: input.webhookId,
    user_id: input.userId,
    event_id: input.eventId,
    event_type: input.eventType,
    status: 'pending',
    attempt_count: 0,
    response_status: null,
    response_body_preview: null,
    error_message: null,
    next_attempt_at: input.now.toISOString(),
    created_at: input.now.toISOString(),
    delivered_at: null,
    replayed_from: input.replayedFrom ?? null,
    payload: input.payload,
    is_test: input.isTest ?? false,
  };
}

const ACTIVE: readonly DeliveryStatus[] = ['pending', 'retrying'];

function keys(d: Delivery) {
  const due = ACTIVE.includes(d.status) && d.next_attempt_at ? { GSI2PK: 'DELIVERIES#DUE', GSI2SK: `${d.next_attempt_at}#${d.id}` } : {};
  return { ...key.delivery(d.id), GSI1PK: `WEBHOOK#${d.webhook_id}#DELIVERIES`, GSI1SK: `${d.created_at}#${d.id}`, ...due };
}

/** Writes the delivery unless it exists (a repeated fan-out); says whether it was new. */
export async function createDelivery(delivery: Delivery): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...keys(delivery), type: 'delivery', ...delivery }, ConditionExpression: 'attribute_not_exists(PK)' }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * Writes deliveries in one transaction, each unless it exists; says how many were new. A
 * repeated fan-out finds some written already: the transaction is refused as a whole, and
 * the deliveries are then written one by one, each on its own condition. At most 100.
 */
export async function createDeliveries(deliveries: readonly Delivery[]): Promise<number> {
  if (deliveries.length === 0) return 0;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: deliveries.map((d) => ({ Put: { TableName: tableName(), Item: { ...keys(d), type: 'delivery', ...d }, ConditionExpression: 'attribute_not_exists(PK)' } })),
      }),
    );
    return deliveries.length;
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const created = await Promise.all(deliveries.map(createDelivery));
    return created.filter(Boolean).length;
  }
}

/** The delivery and its webhook in one read. */
export async function loadDelivery(deliveryId: string, webhookId: number): Promise<{ delivery?: Delivery; webhook?: Webhook }> {
  const { Responses } = await dynamo().send(
    new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: [key.delivery(deliveryId), key.webhook(webhookId)], ConsistentRead: true } } }),
  );
  const items = (Responses?.[tableName()] ?? []).map((i) => [String(i.PK), withoutKeys(i)] as const);
  return {
    delivery: items.find(([pk]) => pk.startsWith('DELIVERY#'))?.[1] as Delivery | undefined,
    webhook: items.find(([pk]) => pk.startsWith('WEBHOOK#'))?.[1] as Webhook | undefined,
  };
}

export interface AttemptRecord {
  readonly status: DeliveryStatus;
  readonly response_status?: number | null;
  readonly response_body_preview?: string | null;
  readonly error_message?: string | null;
  readonly next_attempt_at?: string | null;
  readonly delivered_at?: string | null;
  readonly attempt_count?: number;
  readonly resends?: number;
}

/** The conditional update that records an attempt: only if no other worker recorded this attempt first. */
function attemptUpdate(delivery: Delivery, record: AttemptRecord) {
  const due = keys({ ...delivery, ...record } as Delivery);
  const names: Record<string, string> = { '#status': 'status', '#attempts': 'attempt_count' };
  const values: Record<string, unknown> = { ':readAttempts': delivery.attempt_count, ':readStatus': delivery.status };
  const set = Object.entries(record).map(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  if ('GSI2PK' in due) {
    Object.assign(values, { ':dpk': due.GSI2PK, ':dsk': due.GSI2SK });
    set.push('GSI2PK = :dpk', 'GSI2SK = :dsk');
  }
  return {
    TableName: tableName(),
    Key: key.delivery(delivery.id),
    UpdateExpression: `SET ${set.join(', ')}${'GSI2PK' in due ? '' : ' REMOVE GSI2PK, GSI2SK'}`,
    ConditionExpression: '#attempts = :readAttempts AND #status = :readStatus',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * Records an attempt, on the condition that no other worker recorded this attempt first.
 * Returns false when another one did (a duplicate message raced this one).
 */
export async function recordAttempt(delivery: Delivery, record: AttemptRecord): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand(attemptUpdate(delivery, record)));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export interface AttemptOf {
  readonly delivery: Delivery;
  readonly record: AttemptRecord;
}

/**
 * Records attempts of several deliveries (at most 100, each once) in one transaction, each on
 * recordAttempt's condition; answers for each whether it was recorded. When the transaction is
 * refused (a duplicate raced one of them), each is recorded on its own, so the others still count.
 */
export async function recordAttempts(attempts: readonly AttemptOf[]): Promise<boolean[]> {
  if (attempts.length === 0) return [];
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: attempts.map((a) => ({ Update: attemptUpdate(a.delivery, a.record) })) }));
    return attempts.map(() => true);
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    return Promise.all(attempts.map((a) => recordAttempt(a.delivery, a.record)));
  }
}

/**
 * Moves an overdue delivery's due time to `now` as the sweep queues it again, so the next
 * sweeps leave it be for another grace period instead of queueing another copy every time
 * (a backlog behind a slow receiver would otherwise grow by a copy of it per sweep). Answers the
 * new resend count for the re-sent message to carry, or null when an attempt was recorded
 * meanwhile: that attempt settled it or queued its own retry.
 */
export async function markResent(delivery: Delivery, now: Date): Promise<number | null> {
  const resends = (delivery.resends ?? 0) + 1;
  return (await recordAttempt(delivery, { status: delivery.status, next_attempt_at: now.toISOString(), resends })) ? resends : null;
}

/** Newest first. */
export async function listDeliveries(webhookId: number, limit: number): Promise<Delivery[]> {
  const items = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `WEBHOOK#${webhookId}#DELIVERIES` }, ScanIndexForward: false, Limit: limit });
  return items.slice(0, limit).map((i) => withoutKeys(i) as unknown as Delivery);
}

/** Pending or retrying deliveries whose next attempt is due before `before`. */
export async function dueDeliveries(before: Date, limit = 200): Promise<Delivery[]> {
  const items = await queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :before', ExpressionAttributeValues: { ':pk': 'DELIVERIES#DUE', ':before': before.toISOString() }, Limit: limit });
  return items.slice(0, limit).map((i) => withoutKeys(i) as unknown as Delivery);
}

export async function deleteDeliveriesOf(webhookId: number): Promise<void> {
  const items = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `WEBHOOK#${webhookId}#DELIVERIES` }, ProjectionExpression: 'PK, SK' });
  for (let i = 0; i < items.length; i += 25) {
    await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })) } }));
  }
}
