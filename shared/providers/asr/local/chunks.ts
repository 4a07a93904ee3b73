// Cutting the decoded audio at silences into chunks that can be recognised in parallel. The
// PCM is read in a stream (one energy value per 20 ms frame is kept); planning is pure.
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { SAMPLE_RATE, wavHeader, type WavLayout } from './decode.ts';

export const FRAME_SECONDS = 0.02;
const FRAME_SAMPLES = Math.round(SAMPLE_RATE * FRAME_SECONDS);
const FLOOR_DB = -100;

export interface Chunk {
  /** Seconds from the start of the recording. */
  readonly start: number;
  readonly end: number;
  /** False when no frame in it rises above the speech threshold (it need not be recognised). */
  readonly speech: boolean;
}

export interface ChunkPlanOptions {
  /** Upper bound of a chunk's length (seconds). */
  readonly maxSeconds?: number;
  /** Chunks shorter than this are not worth a process (model load ≈ 1 s). */
  readonly minSeconds?: number;
  /** How many chunks can run at once: short files are split into this many. */
  readonly workers?: number;
  /** A silence at least this long is a cut candidate. */
  readonly minSilenceSeconds?: number;
}

/** RMS level of each 20 ms frame in dBFS (floor −100), read from the WAV in a stream. */
export async function frameLevels(path: string, layout: WavLayout, signal?: AbortSignal): Promise<Float32Array> {
  const samples = Math.floor(layout.dataBytes / 2);
  const levels = new Float32Array(Math.ceil(samples / FRAME_SAMPLES));
  if (samples === 0) return levels;
  let frame = 0;
  let inFrame = 0;
  let sumSquares = 0;
  let carry: Buffer | undefined;
  const flush = () => {
    const rms = Math.sqrt(sumSquares / Math.max(1, inFrame)) / 32768;
    levels[frame++] = rms > 0 ? Math.max(FLOOR_DB, 20 * Math.log10(rms)) : FLOOR_DB;
    inFrame = 0;
    sumSquares = 0;
  };
  const stream = createReadStream(path, { start: layout.dataOffset, end: layout.dataOffset + layout.dataBytes - 1, highWaterMark: 1 << 16, signal });
  for await (const piece of stream as AsyncIterable<Buffer>) {
    const buf = carry ? Buffer.concat([carry, piece]) : piece;
    const even = buf.length & ~1;
    for (let i = 0; i < even; i += 2) {
      const s = buf.readInt16LE(i);
      sumSquares += s * s;
      if (++inFrame === FRAME_SAMPLES) flush();
    }
    carry = even < buf.length ? buf.subarray(even) : undefined;
  }
  if (inFrame > 0 && frame < levels.length) flush();
  return levels;
}

/** The level separating speech from silence: max(p10 + 10 dB, p95 − 35 dB). */
export function speechThreshold(levels: Float32Array): number {
  if (levels.length === 0) return 0;
  const sorted = Float32Array.from(levels).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return Math.max(at(0.1) + 10, at(0.95) - 35);
}

/**
 * Pure: plans chunks covering the whole recording, cut in the middle of silences, each at most
 * `maxSeconds` long. Short recordings are split into `workers` similar parts so they decode in
 * parallel; when no silence is in reach, the quietest frame is the cut.
 */
export function planChunks(levels: Float32Array, options: ChunkPlanOptions = {}): Chunk[] {
  const { maxSeconds = 30, minSeconds = 8, workers = 1, minSilenceSeconds = 0.3 } = options;
  const total = levels.length;
  if (total === 0) return [];
  const maxFrames = Math.max(1, Math.round(maxSeconds / FRAME_SECONDS));
  const minFrames = Math.round(minSeconds / FRAME_SECONDS);
  const threshold = speechThreshold(levels);
  const silent = (i: number) => levels[i]! < threshold;

  // Middles of silent runs long enough to cut in.
  const candidates: number[] = [];
  const minRun = Math.max(1, Math.round(minSilenceSeconds / FRAME_SECONDS));
  for (let i = 0; i < total; ) {
    if (!silent(i)) { i++; continue; }
    let j = i;
    while (j < total && silent(j)) j++;
    if (j - i >= minRun && i > 0 && j < total) candidates.push(Math.floor((i + j) / 2));
    i = j;
  }

  let wanted = Math.ceil(total / maxFrames);
  if (wanted < workers) wanted = Math.max(1, Math.min(workers, Math.floor(total / Math.max(1, minFrames))));
  else wanted = Math.ceil(wanted / workers) * workers;

  const cuts = [0];
  for (;;) {
    const prev = cuts[cuts.length - 1]!;
    const remaining = total - prev;
    const partsLeft = wanted - (cuts.length - 1);
    if (remaining <= maxFrames && (partsLeft <= 1 || remaining < 2 * minFrames)) break;
    const target = Math.min(maxFrames, Math.round(remaining / Math.max(2, partsLeft)));
    const lo = prev + Math.max(1, Math.round(target / 2));
    const hi = Math.min(prev + maxFrames, total - 1);
    const ideal = prev + target;
    let cut = -1;
    for (const c of candidates) if (c >= lo && c <= hi && (cut < 0 || Math.abs(c - ideal) < Math.abs(cut - ideal))) cut = c;
    if (cut < 0) {
      for (let i = lo; i <= hi; i++) if (cut < 0 || levels[i]! < levels[cut]! || (levels[i] === levels[cut] && Math.abs(i - ideal) < Math.abs(cut - ideal))) cut = i;
    }
    if (cut <= prev) break;
    cuts.push(cut);
  }
  cuts.push(total);

  const chunks: Chunk[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const [a, b] = [cuts[k]!, cuts[k + 1]!];
    let loud = 0;
    for (let i = a; i < b; i++) if (!silent(i)) loud++;
    chunks.push({ start: round(a * FRAME_SECONDS), end: round(b * FRAME_SECONDS), speech: loud >= 5 });
  }
  return chunks;
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/** Writes `chunk` of the decoded WAV as its own 16 kHz mono WAV file (streamed copy). */
export async function writeChunk(path: string, layout: WavLayout, chunk: Chunk, output: string, signal?: AbortSignal): Promise<void> {
  const startByte = Math.min(layout.dataBytes, Math.round(chunk.start * SAMPLE_RATE) * 2);
  const endByte = Math.min(layout.dataBytes, Math.round(chunk.end * SAMPLE_RATE) * 2);
  const bytes = Math.max(0, endByte - startByte);
  const body = bytes > 0 ? createReadStream(path, { start: layout.dataOffset + startByte, end: layout.dataOffset + endByte - 1, signal }) : Readable.from([]);
  async function* withHeader() {
    yield wavHeader(bytes);
    for await (const piece of body as AsyncIterable<Buffer>) yield piece;
  }
  await pipeline(withHeader, createWriteStream(output), { signal });
}
