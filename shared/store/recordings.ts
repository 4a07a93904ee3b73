// Recordings: reading. The item holds what lists need; notes and summary live in a sibling
// item (SK TEXT) and the transcript segments in object storage, so a user's whole list stays
// a cheap read.
import { GetCommand, QueryCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import type { RecordingStatus } from '../domain/recordings/status.ts';
import { ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { queryAll } from './query.ts';
import { key, tableName, withoutKeys } from './table.ts';

export interface Recording {
  readonly id: number;
  readonly user_id: number;
  readonly title: string;
  readonly status: RecordingStatus;
  readonly created_at: string;
  readonly meeting_date: string;
  readonly file_size: number;
  readonly original_filename: string;
  readonly mime_type: string;
  readonly participants: string;
  readonly is_inbox: boolean;
  readonly is_highlighted: boolean;
  readonly folder_id: number | null;
  readonly tag_ids: readonly number[];
  readonly audio_key: string | null;
  readonly transcript_key: string | null;
  readonly sha256: string;
  readonly language: string | null;
  readonly min_speakers: number | null;
  readonly max_speakers: number | null;
  readonly has_summary: boolean;
  readonly has_notes: boolean;
  readonly transcription_engine: string | null;
  readonly audio_duration_seconds: number | null;
  readonly transcription_duration_seconds: number | null;
  readonly summarization_duration_seconds: number | null;
  readonly processing_started_at: string | null;
  readonly completed_at: string | null;
  readonly error_message: string | null;
  /** When the current job was queued (PENDING) or handed to a worker. */
  readonly queued_at: string | null;
  /** A running job's lease; past it, the job is taken to have died and is resumed. */
  readonly lease_until: string | null;
  /** When the job message was last sent, so the sweep re-sends a lost one only now and then. */
  readonly sent_at: string | null;
  readonly attempt: number;
  /** A custom prompt for the queued summary, from POST /summarize. */
  readonly summary_prompt: string | null;
  /** Sequence of this recording's events, so their order is kept exactly. */
  readonly event_seq: number;
  /** IANA zone its spoken times are read in; absent on recordings made before zones (the owner's then). */
  readonly time_zone?: string;
  /** The share of the audio decoded (0..1) while PROCESSING, written now and then by the worker. */
  readonly progress?: number | null;
  /** When `progress` was written, and when this attempt began decoding (for the ETA). */
  readonly progress_at?: string | null;
  readonly progress_since?: string | null;
  /** The provider job transcribing it elsewhere (aws-transcribe) while PROCESSING waits for it. */
  readonly external_job?: string | null;
  /** Set once the recording is in the list index (list-index.ts): every write keeps it there from then on. */
  readonly list_indexed?: boolean;
  /** Set once the recording is in the service's statistics (service-counters.ts), likewise. */
  readonly service_counted?: boolean;
}

export interface RecordingTexts {
  readonly notes: string;
  readonly summary: string;
}

export async function findRecording(id: number): Promise<Recording | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.recording(id), ConsistentRead: true }));
  return Item ? (withoutKeys(Item) as unknown as Recording) : undefined;
}

/** 404 when it does not exist, 403 when it is another user's. */
function ownedBy(recording: Recording | undefined, userId: number): Recording {
  if (!recording) throw new NotFoundError('Recording not found');
  if (recording.user_id !== userId) throw new ForbiddenError('Permission denied');
  return recording;
}

export async function getOwnedRecording(id: number, userId: number): Promise<Recording> {
  return ownedBy(await findRecording(id), userId);
}

/** The recording and its notes and summary in one query. */
export async function getOwnedRecordingWithTexts(id: number, userId: number): Promise<{ recording: Recording; texts: RecordingTexts }> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `REC#${id}` }, ConsistentRead: true }),
  );
  const item = Items.find((i) => i.SK === 'REC');
  const recording = ownedBy(item ? (withoutKeys(item) as unknown as Recording) : undefined, userId);
  const text = Items.find((i) => i.SK === 'TEXT');
  return { recording, texts: { notes: String(text?.notes ?? ''), summary: String(text?.summary ?? '') } };
}

/** Every recording of a user, newest first. */
export async function listUserRecordings(userId: number): Promise<Recording[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': `USER#${userId}#RECS` },
    ScanIndexForward: false,
  });
  return items.map((i) => withoutKeys(i) as unknown as Recording);
}

/** How many recordings of all users were queued before this one and still wait. */
export async function pendingAhead(recording: Recording): Promise<number> {
  if (recording.status !== 'PENDING' || !recording.queued_at) return 0;
  const { Count } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :mine',
      ExpressionAttributeValues: { ':pk': 'QUEUE#PENDING', ':mine': queueSortKey(recording.queued_at, recording.id) },
      Select: 'COUNT',
    }),
  );
  return Count ?? 0;
}

/** Work in progress whose lease ran out before `now`: its worker died or its retry is due. */
export async function expiredLeases(now: Date, limit = 50): Promise<Recording[]> {
  const items = await queryAll({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :now',
    ExpressionAttributeValues: { ':pk': 'QUEUE#ACTIVE', ':now': now.toISOString() },
    Limit: limit,
  });
  return items.slice(0, limit).map((i) => withoutKeys(i) as unknown as Recording);
}

/** PENDING recordings queued before `before` (their message may have been lost). */
export async function pendingSince(before: Date, limit = 50): Promise<Recording[]> {
  return waitingSince('QUEUE#PENDING', before, limit);
}

/** SUMMARIZING recordings whose summary job was sent before `before` and no worker took (it may have been lost). */
export async function summariesWaitingSince(before: Date, limit = 50): Promise<Recording[]> {
  return waitingSince('QUEUE#SUMMARY', before, limit);
}

async function waitingSince(queue: string, before: Date, limit: number): Promise<Recording[]> {
  const items = await queryAll({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :before',
    ExpressionAttributeValues: { ':pk': queue, ':before': before.toISOString() },
    Limit: limit,
  });
  return items.slice(0, limit).map((i) => withoutKeys(i) as unknown as Recording);
}

export function queueSortKey(queuedAt: string, id: number): string {
  return `${queuedAt}#${String(id).padStart(12, '0')}`;
}

/** The user's recordings that already hold these exact bytes. */
export async function findSameBytes(userId: number, sha256: string): Promise<number | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.sameBytes(userId, sha256) }));
  return Item ? Number(Item.recording_id) : undefined;
}
