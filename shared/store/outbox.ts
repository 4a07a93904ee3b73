// The outbox: every event is written in the same transaction as the change it reports, then
// published to the events queue. Until it is published it sits in the sparse OUTBOX index,
// where the sweep finds it, so a crash between commit and send delays an event but never
// loses it.
import { randomUUID } from 'node:crypto';
import { UpdateCommand, type TransactWriteCommandInput } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import type { EventType } from '../domain/webhooks/catalogue.ts';
import { queryAll } from './query.ts';
import { key, tableName, withoutKeys } from './table.ts';

export interface OutboxEvent {
  readonly id: string;
  readonly type: EventType;
  readonly user_id: number;
  readonly recording_id: number | null;
  readonly seq: number;
  readonly timestamp: string;
  readonly data: Record<string, unknown>;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The transaction item that records an event; `seq` orders one recording's events. */
export function eventPut(input: { type: EventType; userId: number; recordingId: number | null; seq: number; data: Record<string, unknown>; now: Date }): { item: TransactItem; event: OutboxEvent } {
  const event: OutboxEvent = {
    id: randomUUID(),
    type: input.type,
    user_id: input.userId,
    recording_id: input.recordingId,
    seq: input.seq,
    timestamp: input.now.toISOString(),
    data: input.data,
  };
  const byRecording = input.recordingId === null ? {} : { GSI2PK: `REC#${input.recordingId}#EVENTS`, GSI2SK: String(input.seq).padStart(10, '0') };
  return {
    event,
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...key.event(event.id), GSI1PK: 'OUTBOX', GSI1SK: `${event.timestamp}#${event.id}`, ...byRecording, type: 'event', event },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  };
}

/** A recording's events in the order they happened. */
export async function recordingEvents(recordingId: number): Promise<OutboxEvent[]> {
  const items = await queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': `REC#${recordingId}#EVENTS` } });
  return items.map((i) => i.event as OutboxEvent);
}

/** Events not yet published whose commit is older than `olderThan`. */
export async function unpublishedEvents(olderThan: Date, limit = 100): Promise<OutboxEvent[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
    ExpressionAttributeValues: { ':pk': 'OUTBOX', ':before': olderThan.toISOString() },
    Limit: limit,
  });
  return items.slice(0, limit).map((i) => i.event as OutboxEvent);
}

/** Takes the event out of the OUTBOX index; it stays readable by id and by recording. */
/** Takes the event off the outbox's unpublished list; an event that is gone already is left alone. */
export async function markPublished(eventId: string): Promise<void> {
  await dynamo()
    .send(new UpdateCommand({ TableName: tableName(), Key: key.event(eventId), UpdateExpression: 'REMOVE GSI1PK, GSI1SK', ConditionExpression: 'attribute_exists(PK)' }))
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}

export async function findEvent(eventId: string): Promise<OutboxEvent | undefined> {
  const items = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': key.event(eventId).PK } });
  return items[0] ? ((withoutKeys(items[0]) as { event: OutboxEvent }).event) : undefined;
}
