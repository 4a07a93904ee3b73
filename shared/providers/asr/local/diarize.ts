// The offline diariser: who spoke when, from the decoded 16 kHz mono s16 WAV. Energy VAD →
// ≤ 2 s windows → meyda voice features (frame statistics, and a vector with fixed
// normalisation for the embeddings) → BIC agglomerative clustering of full-covariance
// Gaussians. The PCM is read in a stream (for the VAD) and then window by window; only one
// level per 10 ms and per window a feature vector and its frames' moments (≈ 1.5 kB) are kept,
// plus the clustering's ≤ 4 MB cost matrix: an hour costs about 10 MB.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { bicClustering, joinNeighbours } from './bic.ts';
import { byFirstAppearance, meanDirection, speakerLabel } from './cluster.ts';
import { mergedMoments } from './gaussian.ts';
import { SAMPLE_RATE, type WavLayout } from './decode.ts';
import { addFrames, FeatureSums, HOP_SAMPLES, MIN_WINDOW_FRAMES, normalise, speechRegions, splitWindows, type Span } from './features.ts';
import type { SpeakerTurn } from './segments.ts';

export interface DiarizeOptions {
  readonly minSpeakers?: number;
  readonly maxSpeakers?: number;
  readonly signal?: AbortSignal;
  /** Windows beyond this are joined with similar neighbours before clustering. Default MAX_UNITS. */
  readonly maxUnits?: number;
  /** Between the bounds, the BIC penalty weight: higher finds fewer voices. Default BIC_PENALTY. */
  readonly penalty?: number;
}

export interface Diarization {
  readonly turns: SpeakerTurn[];
  /** Per label: the L2-normalised mean of its windows' normalised feature vectors. */
  readonly embeddings: Record<string, number[]>;
}

export interface VoiceWindow extends Span {
  /** The 26-dim vector in fixed z-units. */
  readonly vector: number[];
  /** Frame-level sums behind it. */
  readonly sums: FeatureSums;
}

/**
 * Same-label windows closer than this are one turn: the pauses the VAD keeps inside speech
 * (features.ts joins regions < 0.3 s apart). A longer pause is silence, not the speaker's turn
 * (bridging it counted as false-alarm speech: 2 % of the development meetings' DER).
 */
const TURN_JOIN_SECONDS = 0.3;
const WINDOW_SECONDS = 2;
/**
 * The BIC penalty weight λ (1 in theory, for independent frames; frames 10 ms apart are far
 * from independent, so one voice's stretches look like two at λ = 1). With SAME_VOICE_GLR,
 * chosen on the flite development meetings of test/bench/diarization-dev.ts (2–5 voices,
 * 25 s–5.5 min, short gaps, pink noise; none of the benchmark's scripts or voice sets): every
 * voice count was right for λ from 3.5 to 4.5 (3 and 5 each failed one), and the DER ≤ 2.2 %.
 */
const BIC_PENALTY = 3.5;
/**
 * Per-frame log-likelihood gain (nats) below which two clusters are one voice however long:
 * BIC's penalty grows only with log n, so long stretches of one voice saying different things
 * would otherwise stay apart. Measured on the development meetings: two halves of one voice
 * 0.05–0.11 (≥ 12 s each) and up to 0.9 (2 s each); two voices ≥ 1.05 (1.3–3.9 clean). Every
 * voice count was right from 0.6 to 1.2 (0.35 and 1.6 failed); 0.8 is about their middle.
 */
const SAME_VOICE_GLR = 0.8;
/**
 * Units clustered at most (the clustering keeps a units² float matrix: 4 MB at 1000); beyond
 * it, time neighbours are joined first (about 35 min of speech in 2 s windows).
 */
const MAX_UNITS = 1000;

export async function diarize(wavPath: string, layout: WavLayout, options: DiarizeOptions = {}): Promise<Diarization> {
  const windows = await voiceWindows(wavPath, layout, options.signal);
  return clusterWindows(windows, options);
}

/**
 * Pure: clusters the windows (in time order) into labelled turns and embeddings. Neighbouring
 * windows are first joined when there are more than `maxUnits`; the units are then clustered by
 * BIC on full-covariance Gaussians of their frames (bic.ts), so a voice is one Gaussian whatever
 * it says and the data decide the number of voices between the bounds. The embeddings use the uncentred
 * fixed-normalised vectors, comparable across recordings.
 */
export function clusterWindows(windows: readonly VoiceWindow[], options: Omit<DiarizeOptions, 'signal'> = {}): Diarization {
  if (windows.length === 0) return { turns: [], embeddings: {} };
  const bic = { minClusters: options.minSpeakers, maxClusters: options.maxSpeakers, lambda: options.penalty ?? BIC_PENALTY, floor: SAME_VOICE_GLR };
  const groups = joinNeighbours(windows.map((w) => w.sums), options.maxUnits ?? MAX_UNITS, bic);
  const ids = byFirstAppearance(bicClustering(groups.map((g) => mergedMoments(g.map((i) => windows[i]!.sums))), bic));
  const windowId = new Array<number>(windows.length);
  groups.forEach((g, u) => g.forEach((i) => (windowId[i] = ids[u]!)));

  const turns: SpeakerTurn[] = [];
  const members = new Map<string, number[][]>();
  windows.forEach((w, i) => {
    const label = speakerLabel(windowId[i]!);
    const last = turns[turns.length - 1];
    if (last && last.label === label && w.start - last.end < TURN_JOIN_SECONDS) turns[turns.length - 1] = { ...last, end: w.end };
    else turns.push({ start: round(w.start), end: w.end, label });
    if (!members.has(label)) members.set(label, []);
    members.get(label)!.push(w.vector);
  });
  const embeddings: Record<string, number[]> = {};
  for (const [label, vectors] of members) embeddings[label] = meanDirection(vectors).map((x) => round(x, 6));
  return { turns: turns.map((t) => ({ ...t, end: round(t.end) })), embeddings };
}

/** Finds the speech windows of the WAV and their normalised voice vectors. */
async function voiceWindows(wavPath: string, layout: WavLayout, signal?: AbortSignal): Promise<VoiceWindow[]> {
  const { regions, thresholdDb } = speechRegions(await hopMeanSquares(wavPath, layout, signal));
  const windows = splitWindows(regions, WINDOW_SECONDS);
  const file = await open(wavPath, 'r');
  try {
    const out: VoiceWindow[] = [];
    let bytes = Buffer.alloc(0);
    for (const w of windows) {
      signal?.throwIfAborted();
      const first = Math.round(w.start * SAMPLE_RATE);
      const count = Math.max(0, Math.min(Math.round(w.end * SAMPLE_RATE), layout.dataBytes / 2) - first);
      if (bytes.length < count * 2) bytes = Buffer.alloc(count * 2);
      const { bytesRead } = await file.read(bytes, 0, count * 2, layout.dataOffset + first * 2);
      const samples = new Float32Array(bytesRead >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(2 * i);
      const sums = new FeatureSums();
      addFrames(samples, sums, thresholdDb);
      if (sums.frames >= MIN_WINDOW_FRAMES) out.push({ start: w.start, end: w.end, vector: normalise(sums.vector()), sums });
    }
    return out;
  } finally {
    await file.close();
  }
}

/** Mean square (full scale 1) of each 10 ms hop, read from the WAV in a stream. */
async function hopMeanSquares(path: string, layout: WavLayout, signal?: AbortSignal): Promise<Float32Array> {
  const samples = Math.floor(layout.dataBytes / 2);
  const out = new Float32Array(Math.ceil(samples / HOP_SAMPLES));
  if (samples === 0) return out;
  let hop = 0;
  let inHop = 0;
  let sum = 0;
  let carry: Buffer | undefined;
  const stream = createReadStream(path, { start: layout.dataOffset, end: layout.dataOffset + layout.dataBytes - 1, highWaterMark: 1 << 16, signal });
  for await (const piece of stream as AsyncIterable<Buffer>) {
    const buf = carry ? Buffer.concat([carry, piece]) : piece;
    const even = buf.length & ~1;
    for (let i = 0; i < even; i += 2) {
      const s = buf.readInt16LE(i) / 32768;
      sum += s * s;
      if (++inHop === HOP_SAMPLES) {
        out[hop++] = sum / HOP_SAMPLES;
        [inHop, sum] = [0, 0];
      }
    }
    carry = even < buf.length ? buf.subarray(even) : undefined;
  }
  if (inHop > 0 && hop < out.length) out[hop] = sum / inHop;
  return out;
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
