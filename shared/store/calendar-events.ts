// Calendar events of a recording (spec: Calendar event): items under the recording's partition,
// PK REC#<id> / SK EVENT#<id padded>, with integer ids from the `event` counter. Replacing a
// recording's events deletes the old items and writes the new ones in batches; times are kept
// as UTC ISO 8601 strings, as the API shows them.
import { BatchWriteCommand, type BatchWriteCommandInput } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import type { FoundEvent } from '../providers/types.ts';
import { nextId } from './ids.ts';
import { queryAll } from './query.ts';
import { key, tableName } from './table.ts';

export interface CalendarEvent {
  readonly id: number;
  readonly title: string;
  readonly start_datetime: string;
  readonly end_datetime: string;
  readonly description: string;
  readonly location: string;
}

/** An event as stored: with when it was stored, the DTSTAMP of the ICS (no METHOD: "last revised"). */
export interface StoredEvent extends CalendarEvent {
  readonly created_at: string;
}

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

const BATCH = 25;
const MAX_ROUNDS = 8;
const MAX_TITLE = 200;
const MAX_LOCATION = 500;
const MAX_DESCRIPTION = 10_000;

/** A timestamp in canonical UTC form; an unreadable one is refused. */
function utc(value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new TypeError(`not a timestamp: ${value}`);
  return new Date(ms).toISOString();
}

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

function toItem(recordingId: number, id: number, event: FoundEvent, now: string): Record<string, unknown> {
  const start = utc(event.start_datetime);
  const end = event.end_datetime ? utc(event.end_datetime) : start;
  return {
    ...key.calendarEvent(recordingId, id),
    type: 'calendar_event',
    id,
    recording_id: recordingId,
    title: text(event.title, MAX_TITLE),
    start_datetime: start,
    end_datetime: end < start ? start : end,
    description: text(event.description, MAX_DESCRIPTION),
    location: text(event.location, MAX_LOCATION),
    created_at: now,
  };
}

function fromItem(item: Record<string, unknown>): StoredEvent {
  return {
    id: Number(item.id),
    title: String(item.title ?? ''),
    start_datetime: String(item.start_datetime),
    end_datetime: String(item.end_datetime),
    description: String(item.description ?? ''),
    location: String(item.location ?? ''),
    created_at: String(item.created_at ?? ''),
  };
}

async function eventItems(recordingId: number): Promise<Record<string, unknown>[]> {
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': key.recording(recordingId).PK, ':sk': 'EVENT#' },
    ConsistentRead: true,
  });
}

/** BatchWrite in chunks of 25, sending unprocessed requests again with a short backoff. */
async function batchWrite(requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += BATCH) {
    let pending: WriteRequest[] = requests.slice(i, i + BATCH);
    for (let round = 0; pending.length > 0; round += 1) {
      if (round >= MAX_ROUNDS) throw new Error(`calendar events: ${pending.length} writes left unprocessed`);
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** round));
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = result.UnprocessedItems?.[tableName()] ?? [];
    }
  }
}

/** The recording's events, in the order they were found (by id). */
export async function listEvents(recordingId: number): Promise<StoredEvent[]> {
  return (await eventItems(recordingId)).map(fromItem).sort((a, b) => a.id - b.id);
}

/** Deletes the recording's events and stores these instead; returns them with their ids. */
export async function replaceEvents(recordingId: number, events: readonly FoundEvent[], now = new Date()): Promise<StoredEvent[]> {
  const old = await eventItems(recordingId);
  const at = now.toISOString();
  const items: Record<string, unknown>[] = [];
  for (const event of events) items.push(toItem(recordingId, await nextId('event'), event, at));
  await batchWrite([
    ...old.map((item): WriteRequest => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })),
    ...items.map((Item): WriteRequest => ({ PutRequest: { Item } })),
  ]);
  return items.map(fromItem);
}

/** Removes every event of the recording (when the recording is deleted). */
export async function deleteEvents(recordingId: number): Promise<void> {
  await replaceEvents(recordingId, []);
}
