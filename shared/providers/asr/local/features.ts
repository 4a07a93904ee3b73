// Voice features for the offline diariser: an energy VAD (30 ms window, 10 ms hop) that finds
// speech regions, ≤ 2 s windows, and per window the mean and std of meyda's MFCC 1–12 and
// spectral centroid over 512-sample frames (160-sample hop) — 26 numbers, then normalised with
// FIXED statistics so the same voice gives comparable vectors across recordings (the speaker
// embeddings); and the frames' moments (FeatureSums) that the clustering models. Pure, except
// that meyda is configured (bufferSize / sampleRate) on first use.
import meydaModule from 'meyda';
import { SAMPLE_RATE } from './decode.ts';

export const HOP_SAMPLES = 160; // 10 ms
export const HOP_SECONDS = HOP_SAMPLES / SAMPLE_RATE;
const VAD_HOPS = 3; // 30 ms window
const FRAME_SIZE = 512;
const FRAME_HOP = 160;
/** Frames quieter than this (RMS, full scale 1) carry no voice information and are skipped. */
const MIN_FRAME_RMS = 0.005;
const FRAME_DIMS = 13;
/** Windows with fewer voiced frames than this are dropped (too little to judge the voice). */
export const MIN_WINDOW_FRAMES = 8;
/**
 * Meyda takes the log of (mel energy + 1): fed samples in ±1 most bands sit in the near-linear
 * part of that curve and the MFCCs change with the recording level. Fed in s16 units the +1
 * is negligible, so MFCC 1–12 (and the centroid) hardly depend on the gain (measured: the same
 * meeting 12 dB quieter keeps its voices' embeddings at cosine 0.91 / 0.96).
 */
const INPUT_SCALE = 32768;
// meyda is CommonJS (`module.exports = Meyda`) but its types declare an ES default export, so
// under NodeNext the default import is typed as the namespace: take the real object's type.
const Meyda = meydaModule as unknown as (typeof meydaModule)['default'];

export interface Span {
  /** Seconds from the start of the recording. */
  readonly start: number;
  readonly end: number;
}

/**
 * Pure: speech regions from per-hop mean squares (full scale 1), and the threshold used (dB of
 * mean square). A hop is speech when its 30 ms level is ≥ max(p10 + 10 dB, p95 − 35 dB);
 * gaps < 0.3 s are closed, regions < 0.25 s dropped.
 */
export function speechRegions(hopMeanSquares: Float32Array, options: { minGap?: number; minLength?: number } = {}): { regions: Span[]; thresholdDb: number } {
  const { minGap = 0.3, minLength = 0.25 } = options;
  const n = hopMeanSquares.length;
  if (n === 0) return { regions: [], thresholdDb: 0 };
  const levels = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    let count = 0;
    for (let j = i; j < Math.min(n, i + VAD_HOPS); j++, count++) sum += hopMeanSquares[j]!;
    levels[i] = 10 * Math.log10(Math.max(1e-10, sum / count));
  }
  const sorted = Float32Array.from(levels).sort();
  const at = (q: number) => sorted[Math.min(n - 1, Math.floor(q * n))]!;
  const threshold = Math.max(at(0.1) + 10, at(0.95) - 35);
  const raw: Span[] = [];
  for (let i = 0; i < n; ) {
    if (levels[i]! < threshold) { i++; continue; }
    let j = i;
    while (j < n && levels[j]! >= threshold) j++;
    raw.push({ start: i * HOP_SECONDS, end: Math.min(n, j - 1 + VAD_HOPS) * HOP_SECONDS });
    i = j;
  }
  const merged: Span[] = [];
  for (const r of raw) {
    const last = merged[merged.length - 1];
    if (last && r.start - last.end < minGap) merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, r.end) };
    else merged.push(r);
  }
  return { regions: merged.filter((r) => r.end - r.start >= minLength), thresholdDb: threshold };
}

/** Pure: each region cut into the fewest equal windows of at most `maxSeconds`. */
export function splitWindows(regions: readonly Span[], maxSeconds = 2): Span[] {
  return regions.flatMap((r) => {
    const parts = Math.max(1, Math.ceil((r.end - r.start) / maxSeconds - 1e-9));
    const length = (r.end - r.start) / parts;
    return Array.from({ length: parts }, (_, k) => ({ start: r.start + k * length, end: k === parts - 1 ? r.end : r.start + (k + 1) * length }));
  });
}

/** Running sums of the 13 frame features of one or more windows. */
export class FeatureSums {
  readonly sum = new Float64Array(FRAME_DIMS);
  readonly sumSq = new Float64Array(FRAME_DIMS);
  /** Σxxᵀ (13×13), for full-covariance Gaussians (gaussian.ts). */
  readonly scatter = new Float64Array(FRAME_DIMS * FRAME_DIMS);
  frames = 0;

  add(features: ArrayLike<number>): void {
    for (let d = 0; d < FRAME_DIMS; d++) {
      const v = features[d]!;
      this.sum[d]! += v;
      this.sumSq[d]! += v * v;
      for (let e = 0; e < FRAME_DIMS; e++) this.scatter[d * FRAME_DIMS + e]! += v * features[e]!;
    }
    this.frames++;
  }

  merge(other: FeatureSums): void {
    for (let d = 0; d < FRAME_DIMS; d++) {
      this.sum[d]! += other.sum[d]!;
      this.sumSq[d]! += other.sumSq[d]!;
    }
    for (let i = 0; i < this.scatter.length; i++) this.scatter[i]! += other.scatter[i]!;
    this.frames += other.frames;
  }

  /** The raw 26-dim window vector (means, then stds), before normalisation. */
  vector(): number[] {
    const n = Math.max(1, this.frames);
    const mean = Array.from(this.sum, (s) => s / n);
    const std = Array.from(this.sumSq, (s, d) => Math.sqrt(Math.max(0, s / n - mean[d]! ** 2)));
    return [...mean, ...std];
  }
}

let configured = false;

/**
 * Adds the features of every voiced 512-sample frame of `samples` (s16 values as floats):
 * frames quieter than MIN_FRAME_RMS or than `thresholdDb` (the recording's VAD threshold, so
 * background noise inside a window does not colour the voice) are skipped.
 */
export function addFrames(samples: Float32Array, sums: FeatureSums, thresholdDb = Number.NEGATIVE_INFINITY): void {
  if (!configured) {
    Meyda.bufferSize = FRAME_SIZE;
    Meyda.sampleRate = SAMPLE_RATE;
    configured = true;
  }
  const minMeanSquare = Math.max(MIN_FRAME_RMS ** 2, 10 ** (thresholdDb / 10));
  const minSumSq = minMeanSquare * INPUT_SCALE ** 2 * FRAME_SIZE;
  for (let at = 0; at + FRAME_SIZE <= samples.length; at += FRAME_HOP) {
    const frame = samples.subarray(at, at + FRAME_SIZE);
    let sumSq = 0;
    for (let i = 0; i < FRAME_SIZE; i++) sumSq += frame[i]! * frame[i]!;
    if (sumSq < minSumSq) continue; // cheaper than asking meyda for the RMS
    const f = Meyda.extract(['mfcc', 'spectralCentroid'], frame);
    if (!f?.mfcc || f.spectralCentroid === undefined || !Number.isFinite(f.spectralCentroid)) continue;
    sums.add([...f.mfcc.slice(1, 13), f.spectralCentroid]);
  }
}

/**
 * Fixed normalisation statistics of the raw window vectors (MFCC 1–12 means, centroid mean,
 * then the same 13 stds). Derived once with this file's recipe (VAD, windows, frame gate,
 * s16 input scale) from the five Debian flite voices (kal, kal16, awb, rms, slt) each reading
 * a ~30 s calibration text that is in no test, clean and mixed with sox pink noise at ≈ 30 dB
 * SNR (157 windows in all): FIXED_MEAN is the average of the per-voice means (each voice
 * weighs the same), FIXED_STD the per-dimension std of all windows around it. The centroid is
 * in FFT bins (31.25 Hz). Regenerate only together with a change of the recipe.
 */
const FIXED_MEAN: readonly number[] = [
  90.632, 15.111, 27.63, -7.9281, -12.827, 0.096552, -12.6, -5.4763, -0.75321, -4.0484, -1.3877, -9.0114, 36.651,
  43.762, 25.735, 24.114, 18.395, 14.48, 13.028, 9.7665, 9.4706, 8.5436, 7.3794, 6.4762, 6.1121, 26.774,
];
const FIXED_STD: readonly number[] = [
  36.548, 33.534, 15.908, 10.381, 6.7115, 10.865, 6.7942, 6.6776, 3.9955, 7.5378, 5.8855, 4.2785, 10.023,
  18.516, 7, 5.3045, 4.3125, 2.7831, 2.282, 1.8152, 1.9454, 1.2859, 1.7222, 1.0344, 1.0027, 14.731,
];

/** Pure: the raw vector in fixed z-units (comparable across recordings). */
export function normalise(raw: readonly number[]): number[] {
  return raw.map((v, d) => (v - (FIXED_MEAN[d] ?? 0)) / (FIXED_STD[d] || 1));
}
