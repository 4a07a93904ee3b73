// The embedded speech recogniser (ASR_PROVIDER=local): ffmpeg → 16 kHz mono WAV → utterances
// found by voice activity (utterances.ts, cut only in silences) → batches of utterances decoded
// by a pool of pocketsphinx_batch processes (one model load each) → timed words with
// confidences → segments, split by speaker with the offline diariser (diarize.ts, run alongside
// the recognisers). Offline, no keys; accuracy is that of a rough machine transcript. Needs the
// Debian packages ffmpeg, pocketsphinx and pocketsphinx-en-us.
import { execFile } from 'node:child_process';
import { access, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { makeScratch } from '../../../scratch.ts';
import { join } from 'node:path';
import { logger } from '../../../logger.ts';
import { ProviderError, type TranscriptionProvider, type TranscriptionRequest, type TranscriptionResult } from '../../types.ts';
import { frameLevels } from './chunks.ts';
import { decodeToWav, UndecodableAudioError, type WavLayout } from './decode.ts';
import { diarize, type Diarization } from './diarize.ts';
import { DEFAULT_MODEL_DIR, modelIn, PRESETS, recogniseBatch, RecogniserCrashError, type AudioSource, type PocketsphinxModel, type Preset, type Utterance } from './pocketsphinx.ts';
import { abortReason, MissingBinaryError } from './process.ts';
import { groupIntoSegments } from './segments.ts';
import { planBatches, planUtterances, type BatchItem, type UtterancePlanOptions } from './utterances.ts';

export const ENGINE_LABEL = 'pocketsphinx (rough machine transcript)';

export interface LocalTranscriberOptions {
  /** Parallel recogniser processes (≈ 110 MB RSS each). Default: os.availableParallelism(). */
  readonly workers?: number;
  /** Executables, by name on PATH or by path. */
  readonly binaries?: { readonly ffmpeg?: string; readonly pocketsphinx?: string };
  /** Folder holding en-us/, en-us.lm.bin and cmudict-en-us.dict. Default: the Debian one. */
  readonly modelDir?: string;
  /** `accurate` (pocketsphinx defaults, the default) or `fast`. */
  readonly preset?: Preset;
  /** Extra pocketsphinx_continuous arguments, after the preset's. */
  readonly decoderArgs?: readonly string[];
  /** Upper bound of the speech handed to one process (seconds). Default 120. */
  readonly batchSeconds?: number;
  /** Voice-activity segmentation settings (utterances.ts). */
  readonly vad?: UtterancePlanOptions;
  /** Where the per-request temp folder is made. Default: os.tmpdir(). */
  readonly tmpDir?: string;
}

const PACKAGE_OF: Record<string, string> = { ffmpeg: 'ffmpeg', pocketsphinx: 'pocketsphinx' };

const missing = (binary: string, kind: keyof typeof PACKAGE_OF) =>
  new ProviderError(`The embedded speech engine needs ${binary}, which is not installed (install the Debian package "${PACKAGE_OF[kind]}")`, false);

/** A transcriber's options, resolved once. */
interface Engine {
  readonly workers: number;
  readonly ffmpeg: string;
  readonly pocketsphinx: string;
  readonly model: PocketsphinxModel;
  readonly decoderArgs: readonly string[];
  readonly batchSeconds: number;
  readonly vad?: UtterancePlanOptions;
  readonly tmpDir?: string;
}

export function localTranscriber(options: LocalTranscriberOptions = {}): TranscriptionProvider {
  const engine: Engine = {
    workers: Math.max(1, Math.floor(options.workers ?? availableParallelism())),
    ffmpeg: options.binaries?.ffmpeg ?? 'ffmpeg',
    pocketsphinx: options.binaries?.pocketsphinx ?? 'pocketsphinx_batch',
    model: modelIn(options.modelDir ?? DEFAULT_MODEL_DIR),
    decoderArgs: [...PRESETS[options.preset ?? 'accurate'], ...(options.decoderArgs ?? [])],
    batchSeconds: options.batchSeconds ?? 120,
    vad: options.vad,
    tmpDir: options.tmpDir,
  };
  return { name: 'local', transcribe: (request) => transcribe(engine, request), check: () => checkEngine(engine) };
}

/** The model files and ffmpeg are there. */
async function checkEngine(engine: Engine): Promise<void> {
  await checkModel(engine.model);
  await new Promise<void>((resolve, reject) =>
    execFile(engine.ffmpeg, ['-version'], (error) => (error ? reject(new ProviderError('The embedded speech engine needs ffmpeg (install the Debian package "ffmpeg")', false)) : resolve())),
  );
}

/** One request: decode → levels → utterance plan → recognisers, the diariser alongside. */
async function transcribe(engine: Engine, request: TranscriptionRequest): Promise<TranscriptionResult> {
  const { signal } = request;
  signal?.throwIfAborted();
  const language = request.language?.toLowerCase().split(/[-_]/)[0];
  if (language && language !== 'en') {
    logger.warn('The embedded speech engine only has a US English model; transcribing as English', { requestedLanguage: request.language });
  }
  await checkModel(engine.model);

  const dir = await makeScratch('asr', engine.tmpDir);
  let diarization: Promise<Diarization | undefined> | undefined;
  // Stops the other recognisers when one chunk fails for good, and follows the caller's abort.
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal ? abortReason(signal) : undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  try {
    const wav = join(dir, 'audio.wav');
    const layout = await decode(engine.ffmpeg, request.audioPath, wav, stop.signal);
    const levels = await frameLevels(wav, layout, stop.signal);
    const batches = planBatches(planUtterances(levels, engine.vad), { workers: engine.workers, maxSeconds: engine.batchSeconds });
    // Runs on this thread while the recognisers run in their processes; awaited before the
    // temp folder goes. Its failure only costs the speaker split.
    diarization = diarizeSafely(wav, layout, request, stop.signal);
    const utterances = await recogniseAll(engine, { path: wav, headerBytes: layout.dataOffset }, batches, dir, stop, request.onProgress);
    const speakers = await diarization;
    return transcriptOf(utterances, speakers, layout);
  } catch (e) {
    if (signal?.aborted) throw abortReason(signal);
    throw e;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
    await diarization;
    await rm(dir, { recursive: true, force: true });
  }
}

/** The audio as a 16 kHz mono WAV at `wav`; a missing ffmpeg or undecodable audio as a ProviderError. */
async function decode(ffmpeg: string, audioPath: string, wav: string, signal: AbortSignal): Promise<WavLayout> {
  try {
    return await decodeToWav(ffmpeg, audioPath, wav, signal);
  } catch (e) {
    if (e instanceof MissingBinaryError) throw missing(ffmpeg, 'ffmpeg');
    if (e instanceof UndecodableAudioError) throw new ProviderError('The audio could not be decoded', false);
    throw e;
  }
}

/** The recognised utterances as segments, split by the speakers' turns when diarisation worked. */
function transcriptOf(utterances: readonly Utterance[], speakers: Diarization | undefined, layout: WavLayout): TranscriptionResult {
  const segments = groupIntoSegments(utterances, { turns: speakers?.turns });
  // One embedding per label the transcript uses.
  const used = new Set(segments.map((s) => s.speaker));
  const embeddings = Object.fromEntries(Object.entries(speakers?.embeddings ?? {}).filter(([label]) => used.has(label)));
  return {
    segments,
    language: 'en',
    durationSeconds: Math.round(layout.durationSeconds * 1000) / 1000,
    engine: ENGINE_LABEL,
    ...(Object.keys(embeddings).length > 0 ? { speakerEmbeddings: embeddings } : {}),
  };
}

/** Who spoke when, or undefined (with a warning) when the diariser fails. Never rejects. */
async function diarizeSafely(wav: string, layout: WavLayout, request: TranscriptionRequest, signal: AbortSignal): Promise<Diarization | undefined> {
  const started = performance.now();
  try {
    const result = await diarize(wav, layout, { minSpeakers: request.minSpeakers, maxSpeakers: request.maxSpeakers, signal });
    const seconds = (performance.now() - started) / 1000;
    logger.debug('Diarisation done', { speakers: Object.keys(result.embeddings).length, seconds, rtf: seconds / Math.max(1e-3, layout.durationSeconds) });
    return result;
  } catch (e) {
    if (!signal.aborted) logger.warn('Diarisation failed; the transcript has a single speaker', { error: e instanceof Error ? e.message : String(e) });
    return undefined;
  }
}

/** Runs the batches through `engine.workers` processes; the first lasting failure stops all. */
async function recogniseAll(engine: Engine, audio: AudioSource, batches: readonly (readonly BatchItem[])[], dir: string, stop: AbortController, onProgress?: (fraction: number) => void): Promise<Utterance[]> {
  const seconds = (batch: readonly BatchItem[]) => batch.reduce((n, u) => n + u.end - u.start, 0);
  const total = batches.reduce((n, b) => n + seconds(b), 0);
  // Longest first, so the pool finishes together.
  const queue = [...batches].sort((a, b) => seconds(b) - seconds(a));
  const results: Utterance[] = [];
  let done = 0;
  let failure: unknown;
  const runner = async () => {
    for (let batch = queue.shift(); batch && failure === undefined; batch = queue.shift()) {
      try {
        results.push(...(await recogniseWithRetry(engine, audio, batch, dir, stop.signal)));
        done += seconds(batch);
        onProgress?.(total > 0 ? done / total : 1);
      } catch (e) {
        if (failure === undefined) failure = e;
        stop.abort(e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(engine.workers, queue.length) }, runner));
  if (failure !== undefined) throw failure;
  return results;
}

async function recogniseWithRetry(engine: Engine, audio: AudioSource, batch: readonly BatchItem[], dir: string, signal: AbortSignal): Promise<Utterance[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await recogniseBatch(engine.pocketsphinx, audio, batch, engine.model, engine.decoderArgs, dir, signal);
    } catch (e) {
      if (e instanceof MissingBinaryError) throw missing(engine.pocketsphinx, 'pocketsphinx');
      if (!(e instanceof RecogniserCrashError) || signal.aborted) throw e;
      if (attempt >= 2) throw new ProviderError('The embedded speech engine failed on part of the audio', true);
    }
  }
}

async function checkModel(model: PocketsphinxModel): Promise<void> {
  try {
    await Promise.all([access(join(model.hmm, 'mdef')), access(model.lm), access(model.dict)]);
  } catch {
    throw new ProviderError('The embedded speech engine has no US English model (install the Debian package "pocketsphinx-en-us")', false);
  }
}
