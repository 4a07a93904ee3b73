// The BIC parts of the offline diariser: ΔBIC between Gaussians of frames, BIC agglomerative
// clustering within the speaker bounds, and the joining of time neighbours on long recordings.
import { describe, expect, it } from 'vitest';
import { bicClustering, joinNeighbours } from '#shared/providers/asr/local/bic.ts';
import { deltaBic, logDet, mergedMoments, type Moments } from '#shared/providers/asr/local/gaussian.ts';

/** A deterministic pseudo-random generator (mulberry32) and standard normals from it. */
function rng(seed: number) {
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}
const normal = rng(7);
const DIMS = 4;

/** Moments of `frames` frames drawn around `mean` (unit variance, dimensions independent). */
function frames(mean: readonly number[], count: number): Moments {
  const sum = new Float64Array(DIMS);
  const scatter = new Float64Array(DIMS * DIMS);
  for (let f = 0; f < count; f++) {
    const x = mean.map((m) => m + normal());
    for (let i = 0; i < DIMS; i++) {
      sum[i]! += x[i]!;
      for (let j = 0; j < DIMS; j++) scatter[i * DIMS + j]! += x[i]! * x[j]!;
    }
  }
  return { frames: count, sum, scatter };
}
const A = [0, 0, 0, 0];
const B = [3, -2, 0, 1];
const C = [-3, 2, 2, 0];

describe('deltaBic', () => {
  it('is negative for two sets from one Gaussian and positive for two apart', () => {
    expect(deltaBic(frames(A, 200), frames(A, 200))).toBeLessThan(0);
    expect(deltaBic(frames(A, 200), frames(B, 200))).toBeGreaterThan(0);
    // log|Σ| of unit-variance frames is near 0; of the pooled A and B larger.
    expect(Math.abs(logDet(frames(A, 2000)))).toBeLessThan(0.3);
    expect(logDet(mergedMoments([frames(A, 500), frames(B, 500)]))).toBeGreaterThan(1);
  });

  it('the floor joins sets whose per-frame gain is below it, however many frames', () => {
    const [a, b] = [frames(A, 20000), frames([0.3, 0, 0, 0], 20000)];
    expect(deltaBic(a, b)).toBeGreaterThan(0);
    expect(deltaBic(a, b, 1, undefined, 0.1)).toBeLessThan(0);
  });
});

describe('bicClustering', () => {
  const items = [frames(A, 150), frames(B, 150), frames(A, 150), frames(C, 150), frames(B, 150), frames(C, 150), frames(A, 150)];
  const groups = (ids: readonly number[]) => new Set(ids).size;

  it('finds the three Gaussians by itself', () => {
    const ids = bicClustering(items);
    expect(groups(ids)).toBe(3);
    expect(ids[0]).toBe(ids[2]);
    expect(ids[0]).toBe(ids[6]);
    expect(ids[1]).toBe(ids[4]);
    expect(ids[3]).toBe(ids[5]);
  });

  it('honours the bounds', () => {
    expect(groups(bicClustering(items, { maxClusters: 2 }))).toBe(2);
    expect(groups(bicClustering(items, { minClusters: 5 }))).toBe(5);
    expect(groups(bicClustering(items, { maxClusters: 1 }))).toBe(1);
    expect(bicClustering([])).toEqual([]);
  });
});

describe('joinNeighbours', () => {
  it('joins the most alike neighbours first, keeps time order, stops at the cap', () => {
    const items = [frames(A, 150), frames(A, 150), frames(B, 150), frames(B, 150), frames(B, 150), frames(A, 150)];
    expect(joinNeighbours(items, 10)).toHaveLength(6);
    expect(joinNeighbours(items, 3)).toEqual([[0, 1], [2, 3, 4], [5]]);
    expect(joinNeighbours(items, 1)).toEqual([[0, 1, 2, 3, 4, 5]]);
  });
});
