// TextRank over transcript segments: each segment is a "sentence" described by its wink-nlp
// stems without stop words; edges weigh overlap / (log|a| + log|b|); ~30 PageRank iterations.
// Each segment is compared only with the next WINDOW segments, so a long recording costs
// O(n · WINDOW) instead of O(n²) (a 1,000-segment hour stays in the tens of milliseconds).
import winkNLP, { type ItemToken, type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | undefined;

/** The model is loaded once, on first use (~60–200 ms), with no pipeline: tokens, stems and stop words only. */
function engine(): Nlp {
  nlp ??= winkNLP(model, []);
  return nlp;
}

/** Distinct content stems of a text: words only, stop words and one-letter tokens removed. */
export function contentStems(text: string): string[] {
  if (typeof text !== 'string' || !text.trim()) return [];
  const { its } = engine();
  // wink-nlp's typings declare its.stem with a signature its own `out` does not accept.
  const stemOf = its.stem as unknown as ItsFunction<string>;
  const stems = new Set<string>();
  engine()
    .readDoc(text)
    .tokens()
    .each((token: ItemToken) => {
      if (token.out(its.type) !== 'word' || token.out(its.stopWordFlag)) return;
      const stem = token.out(stemOf);
      if (stem.length > 1 && /\p{L}/u.test(stem)) stems.add(stem);
    });
  return [...stems];
}

export interface TextRankOptions {
  /** PageRank iterations (default 30). */
  readonly iterations?: number;
  /** Damping factor (default 0.85). */
  readonly damping?: number;
  /** How many following sentences each sentence is compared with (default 250). */
  readonly window?: number;
}

/** Sorted distinct ids per sentence, for linear-time overlap counting. */
function encode(sentences: readonly (readonly string[])[]): Int32Array[] {
  const ids = new Map<string, number>();
  return sentences.map((stems) => {
    const row = new Int32Array([...new Set(stems)].map((s) => ids.get(s) ?? (ids.set(s, ids.size), ids.size - 1)));
    return row.sort();
  });
}

function overlap(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      n += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return n;
}

/** A TextRank score per sentence (same order as the input); deterministic. */
export function textRank(sentences: readonly (readonly string[])[], options: TextRankOptions = {}): number[] {
  const n = sentences.length;
  if (n === 0) return [];
  const iterations = options.iterations ?? 30;
  const damping = options.damping ?? 0.85;
  const window = Math.max(1, options.window ?? 250);
  const rows = encode(sentences);
  const logs = rows.map((r) => Math.log(Math.max(1, r.length)));
  // Undirected weighted edges in flat arrays: cheap to build and to iterate 30 times.
  const from: number[] = [];
  const to: number[] = [];
  const weights: number[] = [];
  const outWeight = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const a = rows[i]!;
    if (a.length === 0) continue;
    for (let j = i + 1; j < Math.min(n, i + 1 + window); j += 1) {
      const b = rows[j]!;
      if (b.length === 0) continue;
      const shared = overlap(a, b);
      if (shared === 0) continue;
      const denominator = logs[i]! + logs[j]!;
      const weight = shared / (denominator > 0 ? denominator : 1);
      from.push(i);
      to.push(j);
      weights.push(weight);
      outWeight[i] = outWeight[i]! + weight;
      outWeight[j] = outWeight[j]! + weight;
    }
  }
  let scores = new Float64Array(n).fill(1);
  for (let k = 0; k < iterations; k += 1) {
    const next = new Float64Array(n).fill(1 - damping);
    for (let e = 0; e < from.length; e += 1) {
      const i = from[e]!;
      const j = to[e]!;
      const w = damping * weights[e]!;
      next[i] = next[i]! + (w / outWeight[j]!) * scores[j]!;
      next[j] = next[j]! + (w / outWeight[i]!) * scores[i]!;
    }
    scores = next;
  }
  return [...scores];
}

/** Indices of the `k` best-scored sentences, returned in their original (time) order. */
export function topInOrder(scores: readonly number[], k: number): number[] {
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, k))
    .map((s) => s.index)
    .sort((a, b) => a - b);
}
