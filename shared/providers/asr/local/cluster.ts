// Pure: grouping voice vectors into speakers. Cosine similarity, average-linkage agglomerative
// clustering bounded by a minimum and maximum number of speakers (between them, merging stops
// when the best link falls below a similarity threshold), greedy merging of adjacent windows
// to bound the O(n³) clustering on long recordings, and label numbering by first appearance.
// The diariser now clusters by BIC (bic.ts) and uses only the vector helpers and labels here.

function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * (b[i] ?? 0);
  return s;
}

/** `v` scaled to length 1 (a zero vector stays zero). */
function unit(v: readonly number[]): number[] {
  const n = Math.sqrt(dot(v, v));
  return n > 0 ? v.map((x) => x / n) : v.map(() => 0);
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  const n = Math.sqrt(dot(a, a) * dot(b, b));
  return n > 0 ? dot(a, b) / n : 0;
}

/** Weighted mean of unit vectors, scaled to length 1. */
export function meanDirection(vectors: readonly (readonly number[])[], weights?: readonly number[]): number[] {
  const dims = vectors[0]?.length ?? 0;
  const sum = new Array<number>(dims).fill(0);
  vectors.forEach((v, i) => {
    const u = unit(v);
    const w = weights?.[i] ?? 1;
    for (let d = 0; d < dims; d++) sum[d]! += w * u[d]!;
  });
  return unit(sum);
}

export interface ClusterOptions {
  /** Never fewer clusters than this (when there are that many vectors). Default 1. */
  readonly minClusters?: number;
  /** Never more clusters than this. Default: no bound. */
  readonly maxClusters?: number;
  /** Between the bounds, merging stops when the best average link is below this cosine. */
  readonly threshold?: number;
}

/**
 * Average-linkage agglomerative clustering on cosine similarity. `weights` (default 1) count
 * how many original windows each vector stands for. Returns a cluster index per vector, the
 * indices numbered by first appearance in the input order.
 */
export function averageLinkage(vectors: readonly (readonly number[])[], options: ClusterOptions = {}, weights?: readonly number[]): number[] {
  const n = vectors.length;
  const minClusters = Math.max(1, Math.floor(options.minClusters ?? 1));
  const maxClusters = Math.max(minClusters, Math.floor(options.maxClusters ?? Number.POSITIVE_INFINITY));
  const threshold = options.threshold ?? 0;
  const units = vectors.map(unit);
  const sim = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) sim[i * n + j] = sim[j * n + i] = dot(units[i]!, units[j]!);
  const size = Array.from({ length: n }, (_, i) => weights?.[i] ?? 1);
  const owner = Array.from({ length: n }, (_, i) => i); // cluster representative of each vector
  const active = new Array<boolean>(n).fill(true);
  for (let clusters = n; clusters > minClusters; clusters--) {
    let best = Number.NEGATIVE_INFINITY;
    let a = -1;
    let b = -1;
    for (let i = 0; i < n; i++) {
      if (!active[i]) continue;
      for (let j = i + 1; j < n; j++) {
        if (active[j] && sim[i * n + j]! > best) [best, a, b] = [sim[i * n + j]!, i, j];
      }
    }
    if (a < 0 || (clusters <= maxClusters && best < threshold)) break;
    // Lance–Williams update for average linkage: b joins a.
    const [wa, wb] = [size[a]!, size[b]!];
    for (let k = 0; k < n; k++) {
      if (!active[k] || k === a || k === b) continue;
      sim[a * n + k] = sim[k * n + a] = (wa * sim[a * n + k]! + wb * sim[b * n + k]!) / (wa + wb);
    }
    size[a] = wa + wb;
    active[b] = false;
    for (let k = 0; k < n; k++) if (owner[k] === b) owner[k] = a;
  }
  return byFirstAppearance(owner);
}

/**
 * Repeatedly merges the two clusters whose `distance` (given their member indices) is the
 * smallest, while it is below `limit` and more than `minClusters` remain. Returns the ids
 * renumbered by first appearance.
 */
export function mergeClose(ids: readonly number[], distance: (a: readonly number[], b: readonly number[]) => number, limit: number, minClusters = 1): number[] {
  const clusters = new Map<number, number[]>();
  ids.forEach((id, i) => {
    if (!clusters.has(id)) clusters.set(id, []);
    clusters.get(id)!.push(i);
  });
  const out = [...ids];
  while (clusters.size > Math.max(1, minClusters)) {
    const keys = [...clusters.keys()];
    let best: [number, number, number] | undefined;
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        const d = distance(clusters.get(keys[i]!)!, clusters.get(keys[j]!)!);
        if (!best || d < best[0]) best = [d, keys[i]!, keys[j]!];
      }
    }
    if (!best || best[0] >= limit) break;
    const [, keep, drop] = best;
    for (const i of clusters.get(drop)!) out[i] = keep;
    clusters.get(keep)!.push(...clusters.get(drop)!);
    clusters.delete(drop);
  }
  return byFirstAppearance(out);
}

/** Renumbers arbitrary cluster ids 0, 1, 2… in order of first appearance. */
export function byFirstAppearance(ids: readonly number[]): number[] {
  const seen = new Map<number, number>();
  return ids.map((id) => {
    if (!seen.has(id)) seen.set(id, seen.size);
    return seen.get(id)!;
  });
}

/** SPEAKER_00, SPEAKER_01, … */
export const speakerLabel = (index: number) => `SPEAKER_${String(index).padStart(2, '0')}`;

/**
 * Greedily merges the most similar pair of neighbours (in input order) until at most `cap`
 * groups remain. Returns the groups as lists of input indices, in order.
 */
export function mergeAdjacent(vectors: readonly (readonly number[])[], cap: number): number[][] {
  const groups = vectors.map((_, i) => [i]);
  if (groups.length <= cap) return groups;
  const direction = vectors.map(unit);
  const weight = vectors.map(() => 1);
  const link = (i: number) => dot(direction[i]!, direction[i + 1]!);
  const links = direction.slice(0, -1).map((_, i) => link(i));
  while (groups.length > Math.max(1, cap)) {
    let at = 0;
    for (let i = 1; i < links.length; i++) if (links[i]! > links[at]!) at = i;
    const [wa, wb] = [weight[at]!, weight[at + 1]!];
    direction[at] = unit(direction[at]!.map((x, d) => wa * x + wb * direction[at + 1]![d]!));
    weight[at] = wa + wb;
    groups[at]!.push(...groups[at + 1]!);
    groups.splice(at + 1, 1);
    direction.splice(at + 1, 1);
    weight.splice(at + 1, 1);
    links.splice(at, 1);
    if (at > 0) links[at - 1] = link(at - 1);
    if (at < links.length) links[at] = link(at);
  }
  return groups;
}
