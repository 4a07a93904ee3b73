// Frame energies of the decoded audio, read in a stream (one value per 20 ms frame is kept),
// and the speech/silence threshold the voice-activity planner (utterances.ts) and the
// diariser use.
import { createReadStream } from 'node:fs';
import { SAMPLE_RATE, type WavLayout } from './decode.ts';

export const FRAME_SECONDS = 0.02;
const FRAME_SAMPLES = Math.round(SAMPLE_RATE * FRAME_SECONDS);
const FLOOR_DB = -100;

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

