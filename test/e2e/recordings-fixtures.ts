// Recordings for the recordings tests: written straight through the store (quick, and in any
// state), or uploaded over HTTP the way a user's script does.
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { putJson, uploadStream } from '#shared/blob/objects.ts';
import type { RecordingStatus } from '#shared/domain/recordings/status.ts';
import type { Segment } from '#shared/providers/types.ts';
import { commitsSettled } from '#shared/store/after-commit.ts';
import { createRecording, writeRecording } from '#shared/store/recording-writes.ts';
import type { Recording } from '#shared/store/recordings.ts';
import type { TagFields } from '#shared/store/tags.ts';
import { createTag } from '#shared/tags/tag-writes.ts';
import { stack } from '../support/api.ts';

export interface Seed {
  readonly title?: string;
  readonly status?: RecordingStatus;
  readonly createdAt?: Date;
  readonly meetingDate?: string;
  readonly fileSize?: number;
  readonly notes?: string;
  readonly summary?: string;
  readonly tagIds?: readonly number[];
  /** Stored as the audio object; without it the recording points at an object that does not exist. */
  readonly audio?: Buffer;
  readonly segments?: readonly Segment[];
  readonly sha256?: string;
  /** The zone its meeting date and spoken times are read in; without it, as made before zones. */
  readonly timeZone?: string;
  readonly changes?: Partial<Omit<Recording, 'id' | 'user_id' | 'event_seq' | 'status'>>;
}

const FAR_FUTURE = '2999-01-01T00:00:00.000Z';

export async function seedRecording(userId: number, seed: Seed = {}): Promise<Recording> {
  const audioKey = `audio/test-${randomUUID()}`;
  if (seed.audio) await uploadStream('audio/', audioKey, Readable.from([seed.audio]), 'audio/wav').done;
  const { recording } = await createRecording(
    {
      userId,
      title: seed.title ?? 'Recording',
      meetingDate: seed.meetingDate ?? (seed.createdAt ?? new Date()).toISOString(),
      fileSize: seed.fileSize ?? seed.audio?.length ?? 1000,
      originalFilename: `${seed.title ?? 'recording'}.wav`,
      mimeType: 'audio/wav',
      notes: seed.notes ?? '',
      language: null,
      minSpeakers: null,
      maxSpeakers: null,
      tagIds: seed.tagIds ?? [],
      audioKey,
      sha256: seed.sha256 ?? randomBytes(32).toString('hex'),
      ...(seed.timeZone ? { timeZone: seed.timeZone } : {}),
    },
    seed.createdAt,
  );
  let transcriptKey: string | null = null;
  if (seed.segments) {
    transcriptKey = `transcripts/test-${randomUUID()}.json`;
    await putJson('transcripts/', transcriptKey, { segments: seed.segments });
  }
  const status = seed.status ?? 'PENDING';
  const working = status === 'PROCESSING' || status === 'SUMMARIZING';
  const changes = {
    ...(transcriptKey ? { transcript_key: transcriptKey } : {}),
    // Kept out of the pipeline's way: a running job's lease never runs out, and the sweep never
    // takes a seeded PENDING recording's message for lost (no job was ever sent for it).
    ...(working ? { lease_until: FAR_FUTURE, processing_started_at: new Date().toISOString() } : {}),
    ...(status === 'PENDING' ? { sent_at: FAR_FUTURE } : {}),
    ...(seed.summary ? { has_summary: true } : {}),
    ...seed.changes,
  };
  const texts = seed.summary ? { summary: seed.summary } : undefined;
  const seeded = (await writeRecording(recording, { status, changes, texts })).recording;
  // Its `q` postings follow the commits; routes and workers wait for them before answering, as here.
  await commitsSettled();
  return seeded;
}

export const SEGMENTS: readonly Segment[] = [
  { speaker: 'Alice', sentence: 'Good morning everyone.', start_time: 0, end_time: 1.5 },
  { speaker: 'Bob', sentence: 'Morning, shall we start?', start_time: 1.5, end_time: 3.25 },
];

type Timed = readonly [word: string, start: number, end: number, confidence: number];

/** A segment whose engine gave word timings: its sentence, start and end follow from the words. */
function spoken(speaker: string, words: readonly Timed[]): Segment {
  return {
    speaker,
    sentence: words.map(([w]) => w).join(' '),
    start_time: words[0]![1],
    end_time: words.at(-1)![2],
    words: words.map(([word, start, end, confidence]) => ({ word, start, end, confidence })),
  };
}

/** Two segments with words ("morning" one the engine was unsure of) and one from an engine without word timings. */
export const WORD_SEGMENTS: Segment[] = [
  spoken('SPEAKER_00', [['good', 0.4, 0.75, 0.93], ['morning', 0.8, 1.3, 0.21], ['everyone', 1.35, 2.1, 0.88]]),
  spoken('SPEAKER_01', [['shall', 2.6, 2.9, 0.9], ['we', 2.95, 3.1, 0.97], ['start', 3.15, 3.9, 0.64]]),
  { speaker: 'SPEAKER_00', sentence: 'yes let us begin', start_time: 4.5, end_time: 6 },
];

/** A valid PCM WAV whose samples are random, so every byte range is distinct. */
export function wav(dataBytes = 16_000): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, randomBytes(dataBytes)]);
}

export async function uploadOverHttp(token: string, bytes: Buffer, filename = 'meeting.wav'): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), filename);
  const response = await fetch(`${stack().url}/api/v1/recordings/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: await response.json() };
}

/** A tag written through the tags store (personal unless groupId is given), with optional fields. */
export async function seedTag(userId: number, name = 'tag', fields: Partial<TagFields> & { groupId?: number } = {}): Promise<number> {
  const { groupId = null, ...rest } = fields;
  const tag = await createTag(
    { userId, groupId },
    { name, color: '#3366ff', custom_prompt: null, default_language: null, default_min_speakers: null, default_max_speakers: null, protect_from_deletion: false, ...rest },
  );
  return tag.id;
}
