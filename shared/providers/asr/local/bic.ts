// Pure: clustering by BIC (gaussian.ts). Agglomerative: the pair of clusters with the lowest
// ΔBIC merges while ΔBIC < 0, within the bounds on the number of clusters; the pair costs are
// kept in one matrix with each row's best partner, so a merge costs O(k) ΔBICs plus the rows
// whose best partner it took. And a linear pass that joins time neighbours (lowest ΔBIC first)
// to bound k on long recordings.
import { deltaBic, logDet, mergedMoments, type Moments } from './gaussian.ts';

export interface BicOptions {
  readonly minClusters?: number;
  readonly maxClusters?: number;
  /** BIC penalty weight (deltaBic). Default 1. */
  readonly lambda?: number;
  /** Same-voice floor (deltaBic). Default 0. */
  readonly floor?: number;
}

interface Clusters {
  readonly stats: Moments[];
  readonly dets: number[];
  readonly cost: (i: number, j: number) => number;
}

function clustersOf(items: readonly Moments[], options: BicOptions): Clusters {
  const stats = [...items];
  const dets = stats.map(logDet);
  const cost = (i: number, j: number) => deltaBic(stats[i]!, stats[j]!, options.lambda ?? 1, [dets[i]!, dets[j]!], options.floor ?? 0);
  return { stats, dets, cost };
}

function join(c: Clusters, a: number, b: number): void {
  c.stats[a] = mergedMoments([c.stats[a]!, c.stats[b]!]);
  c.dets[a] = logDet(c.stats[a]!);
}

/**
 * BIC agglomerative clustering of items (each with its frames' moments): merges the
 * lowest-ΔBIC pair while it is < 0 or there are more than maxClusters, never below
 * minClusters. Returns a cluster id per item (the index of one of its items).
 */
export function bicClustering(items: readonly Moments[], options: BicOptions = {}): number[] {
  const k = items.length;
  const { minClusters = 1, maxClusters = Number.POSITIVE_INFINITY } = options;
  const c = clustersOf(items, options);
  const cost = new Float32Array(k * k).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) cost[i * k + j] = cost[j * k + i] = c.cost(i, j);
  const alive = new Array<boolean>(k).fill(true);
  const best = new Int32Array(k).fill(-1);
  const rescan = (i: number) => {
    best[i] = -1;
    for (let j = 0; j < k; j++) if (j !== i && alive[j] && (best[i] < 0 || cost[i * k + j]! < cost[i * k + best[i]]!)) best[i] = j;
  };
  for (let i = 0; i < k; i++) rescan(i);
  const owner = Array.from({ length: k }, (_, i) => i);
  for (let count = k; count > Math.max(1, minClusters); count--) {
    let a = -1;
    for (let i = 0; i < k; i++) if (alive[i] && best[i]! >= 0 && (a < 0 || cost[i * k + best[i]!]! < cost[a * k + best[a]!]!)) a = i;
    if (a < 0) break;
    const b = best[a]!;
    if (cost[a * k + b]! >= 0 && count <= maxClusters) break;
    join(c, a, b);
    alive[b] = false;
    for (let i = 0; i < k; i++) if (owner[i] === b) owner[i] = a;
    for (let j = 0; j < k; j++) cost[b * k + j] = cost[j * k + b] = Number.POSITIVE_INFINITY;
    for (let j = 0; j < k; j++) if (j !== a && alive[j]) cost[a * k + j] = cost[j * k + a] = c.cost(a, j);
    rescan(a);
    for (let i = 0; i < k; i++) {
      if (!alive[i] || i === a) continue;
      if (best[i] === a || best[i] === b) rescan(i);
      else if (cost[i * k + a]! < cost[i * k + best[i]!]!) best[i] = a;
    }
  }
  return owner;
}

/**
 * Joins time neighbours, the pair with the lowest ΔBIC first, until at most `cap` groups
 * remain. Returns the groups as lists of item indices, in order.
 */
export function joinNeighbours(items: readonly Moments[], cap: number, options: BicOptions = {}): number[][] {
  const groups = items.map((_, i) => [i]);
  if (groups.length <= cap) return groups;
  const c = clustersOf(items, options);
  const stats = c.stats;
  const dets = c.dets;
  const links = groups.slice(1).map((_, i) => c.cost(i, i + 1));
  while (groups.length > Math.max(1, cap)) {
    let at = 0;
    for (let i = 1; i < links.length; i++) if (links[i]! < links[at]!) at = i;
    join(c, at, at + 1);
    groups[at]!.push(...groups[at + 1]!);
    groups.splice(at + 1, 1);
    stats.splice(at + 1, 1);
    dets.splice(at + 1, 1);
    links.splice(at, 1);
    if (at > 0) links[at - 1] = c.cost(at - 1, at);
    if (at < links.length) links[at] = c.cost(at, at + 1);
  }
  return groups;
}
