// Diarisation error rate, by its standard definition (NIST RT, as pyannote.metrics computes it
// without a collar): (missed speech + false alarm + speaker confusion) / total reference speech,
// with the hypothesis labels mapped one-to-one onto the reference speakers so that the mapped
// overlap is largest (Hungarian assignment by the munkres package). Evaluated on a 10 ms grid;
// with a collar (NIST RT uses 0.25 s), time that close to a reference turn's start or end is
// not scored.
import { munkres } from 'munkres';

export interface LabelledTurn<L> {
  readonly start: number;
  readonly end: number;
  readonly speaker: L;
}

export interface DerResult<R, H> {
  readonly der: number;
  readonly missed: number;
  readonly falseAlarm: number;
  readonly confusion: number;
  /** Seconds of reference speech. */
  readonly total: number;
  /** The optimal mapping, hypothesis label → reference speaker. */
  readonly mapping: ReadonlyMap<H, R>;
}

const STEP = 0.01;

/** Per 10 ms frame, the set of speakers talking (indices into `labels`). */
function frames<L>(turns: readonly LabelledTurn<L>[], labels: readonly L[], count: number): number[][] {
  const out: number[][] = Array.from({ length: count }, () => []);
  for (const t of turns) {
    const who = labels.indexOf(t.speaker);
    for (let f = Math.max(0, Math.round(t.start / STEP)); f < Math.min(count, Math.round(t.end / STEP)); f++) if (!out[f]!.includes(who)) out[f]!.push(who);
  }
  return out;
}

/** Frames within `collar` seconds of a reference boundary. */
function collared(reference: readonly LabelledTurn<unknown>[], collar: number, count: number): boolean[] {
  const out = Array.from({ length: count }, () => false);
  const around = Math.round(collar / STEP);
  for (const at of reference.flatMap((t) => [t.start, t.end])) {
    const f = Math.round(at / STEP);
    for (let i = Math.max(0, f - around); i < Math.min(count, f + around); i++) out[i] = true;
  }
  return out;
}

export function diarizationErrorRate<R, H>(reference: readonly LabelledTurn<R>[], hypothesis: readonly LabelledTurn<H>[], options: { collar?: number } = {}): DerResult<R, H> {
  const refLabels = [...new Set(reference.map((t) => t.speaker))];
  const hypLabels = [...new Set(hypothesis.map((t) => t.speaker))];
  const count = Math.ceil(Math.max(0, ...reference.map((t) => t.end), ...hypothesis.map((t) => t.end)) / STEP) + 1;
  const skip = collared(reference, options.collar ?? 0, count);
  const ref = frames(reference, refLabels, count).map((f, i) => (skip[i] ? [] : f));
  const hyp = frames(hypothesis, hypLabels, count).map((f, i) => (skip[i] ? [] : f));
  // Frames each (hypothesis, reference) pair share.
  const overlap = hypLabels.map(() => refLabels.map(() => 0));
  for (let f = 0; f < count; f++) for (const h of hyp[f]!) for (const r of ref[f]!) overlap[h]![r]!++;
  const most = Math.max(0, ...overlap.flat());
  const pairs = hypLabels.length && refLabels.length ? munkres(overlap.map((row) => row.map((v) => most - v))) : [];
  const mapped = new Map<number, number>(pairs.map(([h, r]) => [h, r]));
  let missed = 0;
  let falseAlarm = 0;
  let confusion = 0;
  let total = 0;
  for (let f = 0; f < count; f++) {
    const nRef = ref[f]!.length;
    const nHyp = hyp[f]!.length;
    const correct = hyp[f]!.filter((h) => mapped.has(h) && ref[f]!.includes(mapped.get(h)!)).length;
    total += nRef;
    missed += Math.max(0, nRef - nHyp);
    falseAlarm += Math.max(0, nHyp - nRef);
    confusion += Math.min(nRef, nHyp) - correct;
  }
  const seconds = (n: number) => n * STEP;
  return {
    der: total > 0 ? (missed + falseAlarm + confusion) / total : 0,
    missed: seconds(missed),
    falseAlarm: seconds(falseAlarm),
    confusion: seconds(confusion),
    total: seconds(total),
    mapping: new Map([...mapped].map(([h, r]) => [hypLabels[h]!, refLabels[r]!])),
  };
}
