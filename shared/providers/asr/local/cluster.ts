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
