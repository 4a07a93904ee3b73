// The stored transcript object as the speaker rules see it: segments (with their kept
// diarisation labels) and one voice embedding per label. Every other field is kept as it is.
import { getJson, putJson } from '../blob/objects.ts';
import { BadRequestError } from '../domain/errors.ts';
import type { LabelledSegment } from '../domain/speakers.ts';
import { queueIndexUpdate } from '../search/queue.ts';

export interface StoredTranscript {
  readonly segments: readonly LabelledSegment[];
  readonly speaker_embeddings?: Readonly<Record<string, readonly number[]>>;
  readonly [field: string]: unknown;
}

/** The transcript at `transcriptKey`, or undefined when there is none (or its object is gone). */
export async function readTranscript(transcriptKey: string | null): Promise<StoredTranscript | undefined> {
  if (!transcriptKey) return undefined;
  try {
    const stored = await getJson<Partial<StoredTranscript>>('transcripts/', transcriptKey);
    return { ...stored, segments: Array.isArray(stored.segments) ? stored.segments : [] };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return undefined;
    throw error;
  }
}

export async function requireTranscript(transcriptKey: string | null): Promise<StoredTranscript> {
  const transcript = await readTranscript(transcriptKey);
  if (!transcript) throw new BadRequestError('No transcription available');
  return transcript;
}

/** Replaces the transcript of the recording, and asks the search index to follow. */
export async function writeTranscript(recording: { readonly id: number; readonly user_id: number; readonly transcript_key: string | null }, transcript: StoredTranscript): Promise<void> {
  if (!recording.transcript_key) throw new BadRequestError('No transcription available');
  await putJson('transcripts/', recording.transcript_key, transcript);
  await queueIndexUpdate({ user_id: recording.user_id, recording_id: recording.id });
}

/** The voice embedding of a label, when the engine gave one made of numbers. */
export function embeddingOf(transcript: StoredTranscript, label: string): number[] | undefined {
  const v = transcript.speaker_embeddings?.[label];
  return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number' && Number.isFinite(x)) ? [...v] : undefined;
}
