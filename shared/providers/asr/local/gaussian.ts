// Pure: full-covariance Gaussians of frame features from their sufficient statistics (count,
// sum, sum of outer products), and the Bayesian information criterion (BIC) that tells whether
// two sets of frames are better modelled by one Gaussian (one voice) or two (Chen &
// Gopalakrishnan 1998).

/** Sufficient statistics of a set of d-dimensional frames. */
export interface Moments {
  readonly frames: number;
  /** Σx (d values). */
  readonly sum: Float64Array;
  /** Σxxᵀ (d×d, row-major). */
  readonly scatter: Float64Array;
}

/**
 * Variance added to each dimension, relative to its own variance: keeps the covariance of a
 * short or degenerate stretch invertible without favouring any scale of the features.
 */
const RIDGE = 1e-3;

function emptyMoments(dims: number): Moments {
  return { frames: 0, sum: new Float64Array(dims), scatter: new Float64Array(dims * dims) };
}

function addMoments(into: { frames: number; sum: Float64Array; scatter: Float64Array }, other: Moments): void {
  into.frames += other.frames;
  for (let i = 0; i < other.sum.length; i++) into.sum[i]! += other.sum[i]!;
  for (let i = 0; i < other.scatter.length; i++) into.scatter[i]! += other.scatter[i]!;
}

export function mergedMoments(parts: readonly Moments[]): Moments {
  const out = { ...emptyMoments(parts[0]?.sum.length ?? 0) };
  for (const p of parts) addMoments(out, p);
  return out;
}

let scratch = new Float64Array(0);

/**
 * log |Σ| of the frames of `a` and `b` together (`b` optional), Σ the ridged covariance: built
 * in one scratch buffer and factored in place (Cholesky), so the many pair costs of the
 * clustering allocate nothing.
 */
function unionLogDet(a: Moments, b?: Moments): number {
  const d = a.sum.length;
  if (scratch.length < d * d) scratch = new Float64Array(d * d);
  const n = Math.max(1, a.frames + (b?.frames ?? 0));
  const mean = (i: number) => (a.sum[i]! + (b?.sum[i] ?? 0)) / n;
  for (let i = 0; i < d; i++) {
    const mi = mean(i);
    for (let j = 0; j <= i; j++) scratch[i * d + j] = (a.scatter[i * d + j]! + (b?.scatter[i * d + j] ?? 0)) / n - mi * mean(j);
    scratch[i * d + i] = Math.max(1e-9, scratch[i * d + i]! * (1 + RIDGE));
  }
  // In-place Cholesky on the lower triangle: log|Σ| = 2 Σ log Lii.
  let logDet = 0;
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let v = scratch[i * d + j]!;
      for (let k = 0; k < j; k++) v -= scratch[i * d + k]! * scratch[j * d + k]!;
      if (i === j) {
        const root = Math.sqrt(Math.max(v, 1e-12));
        scratch[i * d + i] = root;
        logDet += 2 * Math.log(root);
      } else scratch[i * d + j] = v / scratch[j * d + j]!;
    }
  }
  return logDet;
}

export const logDet = (m: Moments) => unionLogDet(m);

/**
 * ΔBIC of modelling `a` and `b` by one Gaussian rather than two: > 0 when two fit better
 * (two voices). `lambda` weighs the penalty for the extra model's parameters (1 in theory).
 * `floor` (nats per frame) bounds the penalty from below by floor × 4·na·nb/(na+nb) frames
 * (n for equal halves; about 4× the smaller side when one is much larger, so that a short
 * stretch of another voice is not lost in a long cluster's frame count).
 */
export function deltaBic(a: Moments, b: Moments, lambda = 1, logDets?: readonly [number, number], floor = 0): number {
  const d = a.sum.length;
  const n = a.frames + b.frames;
  const [la, lb] = logDets ?? [logDet(a), logDet(b)];
  const gain = 0.5 * (n * unionLogDet(a, b) - a.frames * la - b.frames * lb);
  const penalty = 0.5 * lambda * (d + (d * (d + 1)) / 2) * Math.log(n);
  return gain - Math.max(penalty, (floor * 4 * a.frames * b.frames) / n);
}
