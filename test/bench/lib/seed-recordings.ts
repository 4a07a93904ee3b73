// Many finished recordings for one user, written straight to the table with BatchWriteItem:
// createRecording (shared/store/recording-writes.ts) is one transaction per item, too slow for
// thousands. The item is the one createRecording writes (keys from recordingKeys, every
// Recording field), as the pipeline leaves it once COMPLETED: no GSI2 queue keys, no event;
// with its list index entries and the counters' sums (list-index.ts bulkIndex), the service's
// counters included (service-counters.ts).
// The TEXT sibling item and the objects are left out: lists never read them.
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, UpdateCommand, type UpdateCommandInput } from '#shared/clients/dynamodb.ts';
import { dynamo } from '#shared/clients.ts';
import { bulkIndex } from '#shared/store/list-index.ts';
import { bulkServiceCounters } from '#shared/store/service-counters.ts';
import type { Recording } from '#shared/store/recordings.ts';
import { key, padId, tableName } from '#shared/store/table.ts';

const TOPICS = ['Budget', 'Roadmap', 'Standup', 'Retro', 'Hiring', 'Design review', 'Sales sync', 'Interview', 'Onboarding', 'Vendor call', 'Board prep', 'Incident review'];
const TEAMS = ['mobile', 'web', 'platform', 'finance', 'legal', 'support', 'marketing', 'data'];
const PEOPLE = ['Alice', 'Bob', 'Chen', 'Dana', 'Émile', 'Farah', 'Goran', 'Hiro', 'Ines', 'Jamal', 'Kofi', 'Lena', 'Maya', 'Nils', 'Olu', 'Priya'];
const DAY_MS = 86_400_000;

/** Deterministic numbers in [0, 1), so every run seeds the same data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Takes `count` ids from the same counter createRecording uses; returns the first. */
async function reserveIds(count: number): Promise<number> {
  const result = await dynamo().send(
    new UpdateCommand({ TableName: tableName(), Key: key.counter('recording'), UpdateExpression: 'ADD #value :n', ExpressionAttributeNames: { '#value': 'value' }, ExpressionAttributeValues: { ':n': count }, ReturnValues: 'UPDATED_NEW' }),
  );
  return Number(result.Attributes?.value) - count + 1;
}

function recordingAt(id: number, userId: number, index: number, count: number, random: () => number, now: number, tagId?: number): Recording {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // Spread over two years, oldest first, so ids grow with created_at as they do for real.
  const created = now - (count - index) * ((2 * 365 * DAY_MS) / count) - Math.floor(random() * 3_600_000);
  const createdAt = new Date(created).toISOString();
  const meeting = new Date(created - Math.floor(random() * 14 * DAY_MS)).toISOString();
  const duration = Math.round(60 + random() * 5400);
  const participants = Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(PEOPLE));
  return {
    id, user_id: userId, title: `${pick(TOPICS)} ${pick(TEAMS)} ${Math.floor(random() * 1000)}`, status: 'COMPLETED',
    created_at: createdAt, meeting_date: meeting, file_size: Math.round(duration * (16_000 + random() * 200_000)),
    original_filename: `meeting-${index}.m4a`, mime_type: 'audio/mp4', participants: [...new Set(participants)].join(', '),
    is_inbox: random() < 0.3, is_highlighted: random() < 0.1, folder_id: null, tag_ids: tagId !== undefined && index % 5 === 0 ? [tagId] : [], audio_key: `audio/${userId}/${randomUUID()}`,
    transcript_key: `transcripts/${id}.json`, sha256: randomUUID().replace(/-/g, '').repeat(2), language: 'en', min_speakers: null,
    max_speakers: null, has_summary: true, has_notes: random() < 0.2, transcription_engine: 'pocketsphinx (rough machine transcript)',
    audio_duration_seconds: duration, transcription_duration_seconds: Math.round(duration * 0.2), summarization_duration_seconds: 1.5,
    processing_started_at: createdAt, completed_at: new Date(created + duration * 200).toISOString(), error_message: null,
    queued_at: createdAt, lease_until: null, sent_at: createdAt, attempt: 0, summary_prompt: null, event_seq: 6, list_indexed: true, service_counted: true,
  };
}

/** The item as createRecording writes it (recordingKeys + the recording). */
function itemOf(r: Recording): Record<string, unknown> {
  return { ...key.recording(r.id), GSI1PK: `USER#${r.user_id}#RECS`, GSI1SK: `${r.created_at}#${padId(r.id)}`, ...r };
}

async function writeBatch(items: Record<string, unknown>[]): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 20) throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
    if (attempt > 0) await new Promise((r) => setTimeout(r, 20 * attempt));
    const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
  }
}

/** Writes `count` COMPLETED recordings of `userId`, 25 per batch, `parallel` batches at a time; every fifth carries `tagId`. */
export async function seedRecordings(userId: number, count: number, seed: number, parallel = 8, tagId?: number): Promise<{ seconds: number }> {
  const started = performance.now();
  const random = rng(seed);
  const first = await reserveIds(count);
  const now = Date.now();
  const recordings = Array.from({ length: count }, (_, i) => recordingAt(first + i, userId, i, count, random, now, tagId));
  const index = bulkIndex(recordings);
  const items = [...recordings.map(itemOf), ...index.entries];
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < batches.length) await writeBatch(batches[next++]!);
  }));
  for (const counter of [...index.counters, ...bulkServiceCounters(recordings)]) await dynamo().send(new UpdateCommand(counter.Update as UpdateCommandInput));
  return { seconds: (performance.now() - started) / 1000 };
}

