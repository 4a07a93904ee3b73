// The embedded speech recogniser (ASR_PROVIDER=local): ffmpeg → 16 kHz mono WAV → chunks cut
// at silences → a pool of pocketsphinx_continuous processes → timed words → segments, split
// by speaker with the offline diariser (diarize.ts, run alongside the recognisers). Offline,
// no keys; accuracy is that of a rough machine transcript. Needs the Debian packages ffmpeg,
// pocketsphinx and pocketsphinx-en-us.
import { access, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { scratchPrefix } from '../../../scratch.ts';
import { join } from 'node:path';
import { logger } from '../../../logger.ts';
import { ProviderError, type TranscriptionProvider, type TranscriptionRequest, type TranscriptionResult } from '../../types.ts';
import { frameLevels, planChunks, writeChunk, type Chunk } from './chunks.ts';
import { decodeToWav, UndecodableAudioError, type WavLayout } from './decode.ts';
import { diarize, type Diarization } from './diarize.ts';
import { DEFAULT_MODEL_DIR, modelIn, parsePocketsphinxOutput, PRESETS, recogniseFile, RecogniserCrashError, type PocketsphinxModel, type Preset, type Utterance } from './pocketsphinx.ts';
import { abortReason, MissingBinaryError } from './process.ts';
import { groupIntoSegments } from './segments.ts';

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
  /** Upper bound of a chunk handed to one process (seconds). Default 30. */
  readonly maxChunkSeconds?: number;
  /** Where the per-request temp folder is made. Default: os.tmpdir(). */
  readonly tmpDir?: string;
}

const PACKAGE_OF: Record<string, string> = { ffmpeg: 'ffmpeg', pocketsphinx: 'pocketsphinx' };

export function localTranscriber(options: LocalTranscriberOptions = {}): TranscriptionProvider {
  const workers = Math.max(1, Math.floor(options.workers ?? availableParallelism()));
  const ffmpeg = options.binaries?.ffmpeg ?? 'ffmpeg';
  const pocketsphinx = options.binaries?.pocketsphinx ?? 'pocketsphinx_continuous';
  const model = modelIn(options.modelDir ?? DEFAULT_MODEL_DIR);
  const decoderArgs = [...PRESETS[options.preset ?? 'accurate'], ...(options.decoderArgs ?? [])];
  const maxChunkSeconds = options.maxChunkSeconds ?? 30;

  const missing = (binary: string, kind: keyof typeof PACKAGE_OF) =>
    new ProviderError(`The embedded speech engine needs ${binary}, which is not installed (install the Debian package "${PACKAGE_OF[kind]}")`, false);

  async function transcribe(request: TranscriptionRequest): Promise<TranscriptionResult> {
    const { signal } = request;
    signal?.throwIfAborted();
    const language = request.language?.toLowerCase().split(/[-_]/)[0];
    if (language && language !== 'en') {
      logger.warn('The embedded speech engine only has a US English model; transcribing as English', { requestedLanguage: request.language });
    }
    await checkModel(model);

    const dir = await mkdtemp(join(options.tmpDir ?? tmpdir(), scratchPrefix()));
    let diarization: Promise<Diarization | undefined> | undefined;
    // Stops the other recognisers when one chunk fails for good, and follows the caller's abort.
    const stop = new AbortController();
    const onAbort = () => stop.abort(signal ? abortReason(signal) : undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    try {
      const wav = join(dir, 'audio.wav');
      let layout: WavLayout;
      try {
        layout = await decodeToWav(ffmpeg, request.audioPath, wav, stop.signal);
      } catch (e) {
        if (e instanceof MissingBinaryError) throw missing(ffmpeg, 'ffmpeg');
        if (e instanceof UndecodableAudioError) throw new ProviderError('The audio could not be decoded', false);
        throw e;
      }
      const levels = await frameLevels(wav, layout, stop.signal);
      const chunks = planChunks(levels, { maxSeconds: maxChunkSeconds, workers });
      // Runs on this thread while the recognisers run in their processes; awaited before the
      // temp folder goes. Its failure only costs the speaker split.
      diarization = diarizeSafely(wav, layout, request, stop.signal);
      const utterances = await recogniseAll(wav, layout, chunks, dir, stop);
      const speakers = await diarization;
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

  /** Runs the speech chunks through `workers` processes; the first lasting failure stops all. */
  async function recogniseAll(wav: string, layout: WavLayout, chunks: readonly Chunk[], dir: string, stop: AbortController): Promise<Utterance[]> {
    const queue = chunks.map((chunk, index) => ({ chunk, index })).filter((t) => t.chunk.speech);
    // Longest first, so the pool finishes together.
    queue.sort((a, b) => b.chunk.end - b.chunk.start - (a.chunk.end - a.chunk.start));
    const results: Utterance[][] = [];
    let failure: unknown;
    const runner = async () => {
      for (let task = queue.shift(); task && failure === undefined; task = queue.shift()) {
        try {
          results[task.index] = await recogniseChunk(wav, layout, task.chunk, join(dir, `chunk-${task.index}.wav`), stop.signal);
        } catch (e) {
          if (failure === undefined) failure = e;
          stop.abort(e);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, runner));
    if (failure !== undefined) throw failure;
    return results.flatMap((r) => r ?? []);
  }

  async function recogniseChunk(wav: string, layout: WavLayout, chunk: Chunk, path: string, signal: AbortSignal): Promise<Utterance[]> {
    await writeChunk(wav, layout, chunk, path, signal);
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return parsePocketsphinxOutput(await recogniseFile(pocketsphinx, path, model, decoderArgs, signal), chunk.start);
        } catch (e) {
          if (e instanceof MissingBinaryError) throw missing(pocketsphinx, 'pocketsphinx');
          if (!(e instanceof RecogniserCrashError) || signal.aborted) throw e;
          if (attempt >= 2) throw new ProviderError('The embedded speech engine failed on part of the audio', true);
        }
      }
    } finally {
      await rm(path, { force: true });
    }
  }

  return { name: 'local', transcribe };
}

async function checkModel(model: PocketsphinxModel): Promise<void> {
  try {
    await Promise.all([access(join(model.hmm, 'mdef')), access(model.lm), access(model.dict)]);
  } catch {
    throw new ProviderError('The embedded speech engine has no US English model (install the Debian package "pocketsphinx-en-us")', false);
  }
}
