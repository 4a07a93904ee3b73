// Long or large audio for providers with an upload limit: the recording is cut BY DURATION
// into overlapping pieces re-encoded as compact MP3 (so each is surely under the limit), the
// pieces are transcribed two at a time with retries, and their transcripts are merged with
// correct offsets. A piece that still fails fails the whole job — never placeholder text.
import { rm, stat } from 'node:fs/promises';
import { makeScratch } from '../../scratch.ts';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '../../logger.ts';
import { ProviderError, type Segment, type TranscriptionRequest } from '../types.ts';
import { mergeChunks, monotonic, planChunks, type ChunkSpan, type ChunkTranscript } from './chunk-merge.ts';
import { abortReason } from './local/process.ts';
import { CHUNK_BYTES_PER_SECOND, encodeChunk, probeDuration, uploadName, type MediaTools } from './media.ts';

/** A file to send: where it is, the name to upload it under, and how long it is when known. */
export interface AudioFile {
  readonly path: string;
  readonly name: string;
  readonly mimeType: string;
  readonly durationSeconds?: number;
}

/** What one provider call gives back, timed from the start of the file sent. */
export interface PartialTranscript {
  readonly segments: readonly Segment[];
  readonly language?: string;
  readonly durationSeconds?: number;
}

export interface ChunkedTranscription {
  readonly segments: Segment[];
  readonly language?: string;
  readonly durationSeconds: number;
  readonly chunks: number;
}

export interface ChunkingOptions {
  readonly maxUploadMb: number;
  readonly chunkSeconds: number;
  readonly overlapSeconds: number;
  /** One provider call; errors are ProviderErrors (retryable ones are retried here). */
  readonly transcribe: (file: AudioFile, signal: AbortSignal) => Promise<PartialTranscript>;
  /** Each piece was diarised on its own (see MergeOptions.separateSpeakers). */
  readonly separateSpeakers?: boolean;
  /** Waits before the 2nd, 3rd, 4th attempt of a call. Default 1 s, 2 s, 4 s. */
  readonly retryDelaysMs?: readonly number[];
  /** Pieces transcribed at once. Default 2. */
  readonly concurrency?: number;
  readonly tools?: MediaTools;
  readonly tmpDir?: string;
}

const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000];
/** A provider asking for a longer pause than this is left to the job's own retry schedule. */
const MAX_INLINE_RETRY_AFTER_SECONDS = 30;
/** Pieces are planned to use at most this share of the upload limit. */
const SIZE_MARGIN = 0.9;

/** Transcribes `request.audioPath` in one call when it fits the limits, else in pieces. */
export async function transcribeInChunks(request: TranscriptionRequest, options: ChunkingOptions): Promise<ChunkedTranscription> {
  const { signal } = request;
  signal?.throwIfAborted();
  // Decimal megabytes: the stricter reading of a provider's "25 MB".
  const limitBytes = options.maxUploadMb * 1_000_000;
  const { size } = await stat(request.audioPath);
  const name = uploadName(request.audioPath, request.mimeType);
  const duration = await probeDuration(request.audioPath, options.tools, signal);

  if (name && size <= limitBytes && duration <= options.chunkSeconds) {
    const stop = signal ?? new AbortController().signal;
    const file = { path: request.audioPath, name, mimeType: request.mimeType, durationSeconds: duration };
    const part = await withRetries(() => options.transcribe(file, stop), retryDelays(options), stop);
    return { segments: monotonic(part.segments), language: part.language, durationSeconds: ms(duration), chunks: 1 };
  }

  const maxBySize = (limitBytes * SIZE_MARGIN) / CHUNK_BYTES_PER_SECOND;
  const spans = planChunks(duration, Math.min(options.chunkSeconds, maxBySize), options.overlapSeconds);
  logger.info('Transcribing the recording in pieces', { durationSeconds: ms(duration), bytes: size, chunks: spans.length });
  const dir = await makeScratch('asr', options.tmpDir);
  // Stops the other pieces when one fails for good, and follows the caller's abort.
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal ? abortReason(signal) : undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const parts = await transcribePieces(request, spans, dir, stop, options);

    const transcripts: ChunkTranscript[] = spans.map((span) => ({ start: span.start, end: span.end, segments: parts[span.index]!.segments }));
    return {
      segments: mergeChunks(transcripts, { separateSpeakers: options.separateSpeakers }),
      language: mostCommon(parts.filter((p) => p.segments.length > 0).map((p) => p.language)),
      durationSeconds: ms(duration),
      chunks: spans.length,
    };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Transcribes the pieces `spans` of the recording, `options.concurrency` at a time, each encoded
 * into `dir`. The first piece that fails for good stops the others (through `stop`) and is
 * thrown, unless the caller aborted. Returns the transcripts by piece index.
 */
async function transcribePieces(request: TranscriptionRequest, spans: readonly ChunkSpan[], dir: string, stop: AbortController, options: ChunkingOptions): Promise<PartialTranscript[]> {
  const { signal } = request;
  const parts: PartialTranscript[] = [];
  let failure: unknown;
  let next = 0;
  const runner = async () => {
    while (failure === undefined && !stop.signal.aborted && next < spans.length) {
      const span = spans[next++]!;
      try {
        parts[span.index] = await transcribeSpan(span);
      } catch (e) {
        if (failure === undefined) failure = e;
        stop.abort(e);
      }
    }
  };
  const transcribeSpan = async (span: ChunkSpan): Promise<PartialTranscript> => {
    const path = join(dir, `chunk-${span.index}.mp3`);
    const length = span.end - span.start;
    try {
      await encodeChunk(request.audioPath, path, span.start, length, options.tools, stop.signal);
      const file = { path, name: `chunk-${span.index}.mp3`, mimeType: 'audio/mpeg', durationSeconds: length };
      return await withRetries(() => options.transcribe(file, stop.signal), retryDelays(options), stop.signal);
    } catch (e) {
      if (!(e instanceof ProviderError)) throw e;
      throw new ProviderError(`Part ${span.index + 1} of ${spans.length} of the recording could not be transcribed: ${e.message}`, e.retryable, e.retryAfterSeconds);
    } finally {
      await rm(path, { force: true });
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, options.concurrency ?? 2), spans.length) }, runner));
  if (signal?.aborted) throw abortReason(signal);
  if (failure !== undefined) throw failure;
  return parts;
}

const retryDelays = (options: ChunkingOptions) => options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

/** Runs `call`, again after a short pause on each retryable ProviderError, up to delays.length more times. */
async function withRetries<T>(call: () => Promise<T>, delaysMs: readonly number[], signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (e) {
      if (!(e instanceof ProviderError) || !e.retryable || attempt >= delaysMs.length || signal.aborted) throw e;
      const asked = e.retryAfterSeconds;
      if (asked !== undefined && asked > MAX_INLINE_RETRY_AFTER_SECONDS) throw e;
      const wait = Math.max(delaysMs[attempt]!, (asked ?? 0) * 1000);
      logger.warn('Transcription call failed; retrying', { attempt: attempt + 1, waitMs: wait, error: e.message });
      await sleep(wait, undefined, { signal }).catch(() => {
        throw abortReason(signal);
      });
    }
  }
}

function mostCommon(values: readonly (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const ms = (value: number) => Math.round(value * 1000) / 1000;
