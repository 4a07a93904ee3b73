// Pure: full-covariance Gaussians of frame features from their sufficient statistics (count,
// sum, sum of outer products), the Bayesian information criterion (BIC) that tells whether two
// sets of frames are better modelled by one Gaussian (one voice) or two, and BIC agglomerative
// clustering (Chen & Gopalakrishnan 1998): the pair of clusters with the lowest ΔBIC merges
// while ΔBIC < 0, within the bounds on the number of clusters.

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

/** Mean and (ridged) covariance. */
function gaussianOf(m: Moments): { mean: Float64Array; cov: Float64Array } {
  const d = m.sum.length;
  const n = Math.max(1, m.frames);
  const mean = m.sum.map((s) => s / n);
  const cov = new Float64Array(d * d);
  for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) cov[i * d + j] = m.scatter[i * d + j]! / n - mean[i]! * mean[j]!;
  for (let i = 0; i < d; i++) cov[i * d + i] = Math.max(1e-9, cov[i * d + i]! * (1 + RIDGE));
  return { mean, cov };
}

/** Cholesky factor (lower, row-major) of a symmetric positive-definite matrix. */
function cholesky(a: Float64Array, d: number): Float64Array {
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * d + j]!;
      for (let k = 0; k < j; k++) s -= l[i * d + k]! * l[j * d + k]!;
      l[i * d + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / l[j * d + j]!;
    }
  }
  return l;
}

function logDetOf(l: Float64Array, d: number): number {
  let s = 0;
  for (let i = 0; i < d; i++) s += 2 * Math.log(l[i * d + i]!);
  return s;
}

export const logDet = (m: Moments) => logDetOf(cholesky(gaussianOf(m).cov, m.sum.length), m.sum.length);

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
  const gain = 0.5 * (n * logDet(mergedMoments([a, b])) - a.frames * la - b.frames * lb);
  const penalty = 0.5 * lambda * (d + (d * (d + 1)) / 2) * Math.log(n);
  return gain - Math.max(penalty, (floor * 4 * a.frames * b.frames) / n);
}

export interface BicOptions {
  readonly minClusters?: number;
  readonly maxClusters?: number;
  readonly lambda?: number;
  /** See deltaBic. Default 0. */
  readonly floor?: number;
}

/**
 * BIC agglomerative clustering of items (each with its frames' moments), starting from
 * `initial` cluster ids: merges the lowest-ΔBIC pair while it is < 0 or there are more than
 * maxClusters, never below minClusters. Returns a cluster id per item.
 */
export function bicClustering(items: readonly Moments[], initial: readonly number[], options: BicOptions = {}): number[] {
  const { minClusters = 1, maxClusters = Number.POSITIVE_INFINITY, lambda = 1, floor = 0 } = options;
  const members = new Map<number, number[]>();
  initial.forEach((id, i) => members.set(id, [...(members.get(id) ?? []), i]));
  const keys = [...members.keys()];
  const stats = keys.map((k) => mergedMoments(members.get(k)!.map((i) => items[i]!)));
  const dets = stats.map(logDet);
  const alive = keys.map(() => true);
  const pair = (i: number, j: number) => deltaBic(stats[i]!, stats[j]!, lambda, [dets[i]!, dets[j]!], floor);
  const delta = keys.map((_, i) => keys.map((_, j) => (j > i ? pair(i, j) : Number.POSITIVE_INFINITY)));
  for (let count = keys.length; count > Math.max(1, minClusters); count--) {
    let [best, a, b] = [Number.POSITIVE_INFINITY, -1, -1];
    for (let i = 0; i < keys.length; i++) {
      if (!alive[i]) continue;
      for (let j = i + 1; j < keys.length; j++) if (alive[j] && delta[i]![j]! < best) [best, a, b] = [delta[i]![j]!, i, j];
    }
    if (a < 0 || (best >= 0 && count <= maxClusters)) break;
    stats[a] = mergedMoments([stats[a]!, stats[b]!]);
    dets[a] = logDet(stats[a]!);
    members.get(keys[a]!)!.push(...members.get(keys[b]!)!);
    alive[b] = false;
    for (let k = 0; k < keys.length; k++) {
      if (!alive[k] || k === a) continue;
      const value = pair(Math.min(a, k), Math.max(a, k));
      if (k > a) delta[a]![k] = value;
      else delta[k]![a] = value;
    }
  }
  const out = new Array<number>(items.length);
  keys.forEach((k, i) => { if (alive[i]) for (const m of members.get(k)!) out[m] = i; });
  return out;
}

