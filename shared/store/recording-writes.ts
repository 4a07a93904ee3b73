// Recordings: writing. Every change is one transaction that checks the recording is still
// what the writer read (its status and event sequence) and records the change's event with
// it, so events are never lost, doubled or out of order.
import { GetCommand, UpdateCommand, type TransactWriteCommandInput } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { settings } from '../config.ts';
import { eventData } from '../domain/recordings/events.ts';
import { TRANSITIONS, type RecordingStatus, type Trigger } from '../domain/recordings/status.ts';
import type { RecordingEventType } from '../domain/webhooks/catalogue.ts';
import { nextId } from './ids.ts';
import { eventPut, type OutboxEvent } from './outbox.ts';
import { afterCommit } from './after-commit.ts';
import { cancellationCodes } from './conditions.ts';
import { listIndexWrites, postingsMove } from './list-index.ts';
import { applyPostings } from './list-postings.ts';
import { serviceCounterWrites } from './service-counters.ts';
import { findRecording, queueSortKey, type Recording, type RecordingTexts } from './recordings.ts';
import { transact } from './transact.ts';
import { key, padId, tableName } from './table.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Changes = Partial<Omit<Recording, 'id' | 'user_id' | 'event_seq' | 'status'>>;

/** The recording changed under the writer (another worker, a duplicate message, an edit). */
export class StaleRecordingError extends Error {
  override name = 'StaleRecordingError';
}

/** An upload with this Idempotency-Key already made a recording (its answer was lost in a crash). */
export class UploadAlreadyAcceptedError extends Error {
  override name = 'UploadAlreadyAcceptedError';
  constructor(readonly recordingId: number) {
    super(`This upload was already accepted as recording ${recordingId}`);
  }
}

export interface NewRecording {
  readonly userId: number;
  readonly title: string;
  readonly meetingDate: string;
  /** IANA name the recording's spoken times are read in. */
  readonly timeZone?: string;
  readonly fileSize: number;
  readonly originalFilename: string;
  readonly mimeType: string;
  readonly notes: string;
  readonly language: string | null;
  readonly minSpeakers: number | null;
  readonly maxSpeakers: number | null;
  readonly tagIds: readonly number[];
  readonly audioKey: string;
  readonly sha256: string;
  /**
   * The client's Idempotency-Key. Recorded in the same transaction as the recording, so a retry
   * after a crash between this commit and the saving of the idempotent answer finds the
   * recording the first try made instead of making a second one.
   */
  readonly requestKey?: string;
}

/**
 * `createdAt` dates the recording (seeded libraries use older ones). Its job is queued now
 * whatever that date: the sweep must never take a message just sent for lost.
 */
export async function createRecording(input: NewRecording, createdAt = new Date()): Promise<{ recording: Recording; events: OutboxEvent[] }> {
  const id = await nextId('recording');
  const now = new Date();
  const at = now.toISOString();
  const recording: Recording = {
    id, user_id: input.userId, title: input.title, status: 'PENDING', created_at: createdAt.toISOString(), meeting_date: input.meetingDate,
    file_size: input.fileSize, original_filename: input.originalFilename, mime_type: input.mimeType, participants: '',
    is_inbox: true, is_highlighted: false, folder_id: null, tag_ids: [...input.tagIds], audio_key: input.audioKey,
    transcript_key: null, sha256: input.sha256, language: input.language, min_speakers: input.minSpeakers,
    max_speakers: input.maxSpeakers, has_summary: false, has_notes: input.notes.length > 0, transcription_engine: null,
    audio_duration_seconds: null, transcription_duration_seconds: null, summarization_duration_seconds: null,
    processing_started_at: null, completed_at: null, error_message: null, queued_at: at, lease_until: null, sent_at: at, attempt: 0,
    summary_prompt: null, event_seq: 1, list_indexed: true, service_counted: true, ...(input.timeZone ? { time_zone: input.timeZone } : {}),
  };
  const created = eventPut({ type: 'recording.created', userId: input.userId, recordingId: id, seq: 1, data: eventData('recording.created', recording), now });
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: { ...recordingKeys(recording), ...recording }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: tableName(), Item: { ...key.recordingText(id), notes: input.notes, summary: '' } } },
    created.item,
    { Put: { TableName: tableName(), Item: { ...key.sameBytes(input.userId, input.sha256), recording_id: id } } },
    ...listIndexWrites(undefined, recording, now),
    ...serviceCounterWrites(undefined, recording),
  ];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (input.requestKey !== undefined) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...key.uploadRequest(input.userId, input.requestKey), recording_id: id, ttl: nowSeconds + settings().idempotencyTtlSeconds },
        // TTL deletion is lazy: an expired marker counts as absent.
        ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':now': nowSeconds },
      },
    });
  }
  try {
    await transact(items);
  } catch (error) {
    if (input.requestKey === undefined || cancellationCodes(error).at(-1) !== 'ConditionalCheckFailed') throw error;
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.uploadRequest(input.userId, input.requestKey), ConsistentRead: true }));
    if (!Item) throw error;
    throw new UploadAlreadyAcceptedError(Number(Item.recording_id));
  }
  followPostings(undefined, recording);
  return { recording, events: [created.event] };
}

export interface WriteOptions {
  readonly changes?: Changes;
  readonly texts?: Partial<RecordingTexts>;
  readonly status?: RecordingStatus;
  readonly events?: readonly { type: RecordingEventType; extra?: Record<string, unknown> }[];
  readonly now?: Date;
  /** Also require the lease the writer read, so two workers never both claim a job. */
  readonly checkLease?: boolean;
}

/** Applies a status change by its trigger (decisions §4) with the event it emits. */
export async function transition(recording: Recording, trigger: Trigger, options: Omit<WriteOptions, 'status'> = {}): Promise<{ recording: Recording; events: OutboxEvent[] }> {
  const t = TRANSITIONS[trigger];
  if (!t.from.includes(recording.status)) throw new StaleRecordingError(`${trigger} does not apply to a ${recording.status} recording`);
  const events = [...(t.event ? [{ type: t.event, extra: {} }] : []), ...(options.events ?? [])];
  return writeRecording(recording, { ...options, status: t.to, events });
}

/**
 * The one write path: fields, texts, status and events together, on the condition that the
 * recording is still at the status and event sequence it was read with.
 */
export async function writeRecording(recording: Recording, options: WriteOptions): Promise<{ recording: Recording; events: OutboxEvent[] }> {
  return againIfOnlyIndexed(recording, (r) => writeOnce(r, options));
}

async function writeOnce(recording: Recording, options: WriteOptions): Promise<{ recording: Recording; events: OutboxEvent[] }> {
  const now = options.now ?? new Date();
  const status = options.status ?? recording.status;
  // Entering a status whose job is queued now: PENDING (transcribe) or SUMMARIZING (summarize).
  const entered = status !== recording.status;
  const requeued = entered && status === 'PENDING' ? { queued_at: now.toISOString(), sent_at: now.toISOString() } : entered && status === 'SUMMARIZING' ? { sent_at: now.toISOString() } : {};
  // Progress belongs to the job of one status: the next status starts without it.
  const cleared = entered ? { progress: null, progress_at: null, progress_since: null } : {};
  const changes = Object.fromEntries(Object.entries({ ...options.changes, ...requeued, ...cleared }).filter(([, v]) => v !== undefined)) as Changes;
  const next = { ...recording, ...changes, status, event_seq: recording.event_seq + (options.events?.length ?? 0) } as Recording;
  const built = (options.events ?? []).map((e, i) =>
    eventPut({ type: e.type, userId: recording.user_id, recordingId: recording.id, seq: recording.event_seq + i + 1, data: eventData(e.type, next, e.extra), now }),
  );
  const items: TransactItem[] = [recordingUpdate(recording, next, changes, options.checkLease ?? false), ...built.map((b) => b.item)];
  if (options.texts && Object.keys(options.texts).length > 0) items.push(textUpdate(recording.id, options.texts));
  if (recording.list_indexed) items.push(...listIndexWrites(recording, next, now));
  if (recording.service_counted) items.push(...serviceCounterWrites(recording, next));
  await send(items);
  if (recording.list_indexed) followPostings(recording, next);
  return { recording: next, events: built.map((b) => b.event) };
}

/**
 * Stores how far the running transcription has come. Only while the recording is still in the
 * state the job read (status and event sequence); the status, sequence and lease stay as they
 * are, so this write never makes another writer stale. False when the condition failed.
 */
export async function recordProgress(recording: Recording, fraction: number, since: string, now = new Date()): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.recording(recording.id),
        UpdateExpression: 'SET progress = :p, progress_at = :at, progress_since = :since',
        ConditionExpression: '#status = :status AND event_seq = :seq',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':p': fraction, ':at': now.toISOString(), ':since': since, ':status': recording.status, ':seq': recording.event_seq },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Removes the recording's items and records recording.deleted; objects are the caller's. */
export async function deleteRecordingItems(recording: Recording, now = new Date()): Promise<OutboxEvent> {
  return againIfOnlyIndexed(recording, (r) => deleteOnce(r, now));
}

async function deleteOnce(recording: Recording, now: Date): Promise<OutboxEvent> {
  const deleted = eventPut({ type: 'recording.deleted', userId: recording.user_id, recordingId: recording.id, seq: recording.event_seq + 1, data: eventData('recording.deleted', recording), now });
  await send([
    { Delete: { TableName: tableName(), Key: key.recording(recording.id), ConditionExpression: `event_seq = :seq${notYet(recording)}`, ExpressionAttributeValues: { ':seq': recording.event_seq } } },
    { Delete: { TableName: tableName(), Key: key.recordingText(recording.id) } },
    deleted.item,
    ...(recording.list_indexed ? listIndexWrites(recording, undefined, now) : []),
    ...(recording.service_counted ? serviceCounterWrites(recording, undefined) : []),
  ]);
  if (recording.list_indexed) followPostings(recording, undefined);
  return deleted.event;
}

/** The `q` postings follow a committed change of title or participants (list-postings.ts). */
function followPostings(before: Recording | undefined, after: Recording | undefined): void {
  const id = (after ?? before)!.id;
  if (postingsMove(before, after)) afterCommit('trigram postings', () => applyPostings(id));
}

/**
 * GSI2 places a recording in the queue while PENDING, by lease while being worked on, and by
 * when its job was sent while SUMMARIZING without a worker yet, so the sweep finds a summary
 * whose job message was lost (a crash between the commit and the send) as it finds a lost
 * transcription.
 */
function queueKeys(r: Recording): { GSI2PK: string; GSI2SK: string } | undefined {
  if (r.status === 'PENDING' && r.queued_at) return { GSI2PK: 'QUEUE#PENDING', GSI2SK: queueSortKey(r.queued_at, r.id) };
  if ((r.status === 'PROCESSING' || r.status === 'SUMMARIZING') && r.lease_until) return { GSI2PK: 'QUEUE#ACTIVE', GSI2SK: queueSortKey(r.lease_until, r.id) };
  if (r.status === 'SUMMARIZING' && r.sent_at) return { GSI2PK: 'QUEUE#SUMMARY', GSI2SK: queueSortKey(r.sent_at, r.id) };
  return undefined;
}

function recordingKeys(r: Recording) {
  return { ...key.recording(r.id), GSI1PK: `USER#${r.user_id}#RECS`, GSI1SK: `${r.created_at}#${padId(r.id)}`, ...queueKeys(r) };
}

const BACKFILL_FLAGS = new Set(['list_indexed', 'service_counted']);

/**
 * The stored recording when it differs from the one read only in what the backfill set since
 * (list-backfill.ts): a write refused for that is sent again from it, so a job in flight while
 * the backfill runs still lands. Any other difference leaves the write refused as stale.
 */
async function onlyIndexedSince(read: Recording): Promise<Recording | undefined> {
  const stored = await findRecording(read.id);
  if (!stored || (Boolean(stored.list_indexed) === Boolean(read.list_indexed) && Boolean(stored.service_counted) === Boolean(read.service_counted))) return undefined;
  const a = read as unknown as Record<string, unknown>;
  const b = stored as unknown as Record<string, unknown>;
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...fields].every((f) => BACKFILL_FLAGS.has(f) || JSON.stringify(a[f]) === JSON.stringify(b[f])) ? stored : undefined;
}

/** A write from `read`; refused only for the backfill's marks set since, it runs again from the stored recording. */
async function againIfOnlyIndexed<T>(read: Recording, write: (r: Recording) => Promise<T>): Promise<T> {
  try {
    return await write(read);
  } catch (error) {
    const stored = error instanceof StaleRecordingError ? await onlyIndexedSince(read) : undefined;
    if (!stored) throw error;
    return write(stored);
  }
}

/** Read before the backfill indexed or counted it: a write must not miss what that added. */
function notYet(read: Recording): string {
  return `${read.list_indexed ? '' : ' AND attribute_not_exists(list_indexed)'}${read.service_counted ? '' : ' AND attribute_not_exists(service_counted)'}`;
}

function recordingUpdate(before: Recording, after: Recording, changes: Changes, checkLease: boolean): TransactItem {
  const names: Record<string, string> = { '#status': 'status', '#seq': 'event_seq' };
  const values: Record<string, unknown> = { ':status': after.status, ':seq': after.event_seq, ':readStatus': before.status, ':readSeq': before.event_seq };
  const set = ['#status = :status', '#seq = :seq'];
  Object.entries(changes).forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    set.push(`#f${i} = :f${i}`);
  });
  const queue = queueKeys(after);
  if (queue) {
    Object.assign(values, { ':qpk': queue.GSI2PK, ':qsk': queue.GSI2SK });
    set.push('GSI2PK = :qpk', 'GSI2SK = :qsk');
  }
  let condition = '#status = :readStatus AND #seq = :readSeq';
  if (checkLease) {
    names['#lease'] = 'lease_until';
    values[':readLease'] = before.lease_until;
    condition += ' AND #lease = :readLease';
  }
  condition += notYet(before);
  return {
    Update: {
      TableName: tableName(),
      Key: key.recording(before.id),
      UpdateExpression: `SET ${set.join(', ')}${queue ? '' : ' REMOVE GSI2PK, GSI2SK'}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

function textUpdate(id: number, texts: Partial<RecordingTexts>): TransactItem {
  const entries = Object.entries(texts);
  return {
    Update: {
      TableName: tableName(),
      Key: key.recordingText(id),
      UpdateExpression: `SET ${entries.map((_, i) => `#t${i} = :t${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#t${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:t${i}`, value])),
    },
  };
}

async function send(items: TransactItem[]): Promise<void> {
  try {
    await transact(items);
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') throw new StaleRecordingError('The recording changed meanwhile');
    throw error;
  }
}
