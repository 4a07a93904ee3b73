// Pure: voice-activity segmentation of the decoded audio into utterances for the recogniser.
// Speech frames (above the level threshold) are joined across short pauses, padded with some
// of the surrounding silence, and only ever cut inside a silence: an utterance longer than the
// cap is split at its longest pause, so no word is cut in two. Whole utterances, decoded one by
// one, give pocketsphinx its best accuracy (the per-utterance cepstral mean is estimated on the
// whole utterance, and the language model sees whole phrases).
import { FRAME_SECONDS, speechThreshold } from './chunks.ts';

export interface UtteranceSpan {
  /** Seconds from the start of the recording. */
  readonly start: number;
  readonly end: number;
}

export interface UtterancePlanOptions {
  /** Pauses shorter than this stay inside an utterance (seconds). */
  readonly joinPauseSeconds?: number;
  /** Longer utterances are split at their longest pause (seconds). */
  readonly maxSeconds?: number;
  /** Silence kept after the speech, when there is that much (seconds). */
  readonly padSeconds?: number;
  /**
   * Silence kept before the speech (seconds): more than after, since a word's onset (h, f, s,
   * a soft vowel) often lies below the level threshold, while its end fades into the pause.
   */
  readonly leadSeconds?: number;
  /** Stretches with less speech than this are noise, not words (seconds). */
  readonly minSpeechSeconds?: number;
}

interface Run {
  start: number;
  end: number;
  speech: number;
}

/** The utterances of a recording from its 20 ms frame levels (dBFS), in time order. */
export function planUtterances(levels: Float32Array, options: UtterancePlanOptions = {}): UtteranceSpan[] {
  const { joinPauseSeconds = 0.6, maxSeconds = 20, padSeconds = 0.02, minSpeechSeconds = 0.12 } = options;
  const leadSeconds = options.leadSeconds ?? 0.1;
  const frames = (s: number) => Math.max(1, Math.round(s / FRAME_SECONDS));
  const threshold = speechThreshold(levels);
  const runs = speechRuns(levels, threshold);
  const joined = joinRuns(runs, frames(joinPauseSeconds));
  const split = joined.flatMap((group) => splitAtPauses(group, frames(maxSeconds), levels));
  const kept = split.filter((group) => group.reduce((n, r) => n + r.speech, 0) >= frames(minSpeechSeconds));
  const pad = Math.max(0, Math.round(padSeconds / FRAME_SECONDS));
  const lead = Math.max(0, Math.round(leadSeconds / FRAME_SECONDS));
  return kept.map((group, i) => {
    const first = group[0]!.start;
    const last = group[group.length - 1]!.end;
    // Padding never reaches past the middle of the silence to a neighbour.
    const prevEnd = i > 0 ? kept[i - 1]![kept[i - 1]!.length - 1]!.end : -Infinity;
    const nextStart = i + 1 < kept.length ? kept[i + 1]![0]!.start : Infinity;
    const start = Math.max(0, first - lead, Math.ceil((prevEnd + first) / 2));
    const end = Math.min(levels.length, last + pad, Math.floor((last + nextStart) / 2));
    return { start: round(start * FRAME_SECONDS), end: round(end * FRAME_SECONDS) };
  });
}

/** Runs of consecutive speech frames [start, end). */
function speechRuns(levels: Float32Array, threshold: number): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < levels.length; ) {
    if (levels[i]! < threshold) { i++; continue; }
    let j = i;
    while (j < levels.length && levels[j]! >= threshold) j++;
    runs.push({ start: i, end: j, speech: j - i });
    i = j;
  }
  return runs;
}

/** Groups runs whose pause to the previous run is shorter than `joinFrames`. */
function joinRuns(runs: readonly Run[], joinFrames: number): Run[][] {
  const groups: Run[][] = [];
  for (const run of runs) {
    const group = groups[groups.length - 1];
    const last = group?.[group.length - 1];
    if (group && last && run.start - last.end < joinFrames) group.push(run);
    else groups.push([run]);
  }
  return groups;
}

/**
 * Splits a group longer than `maxFrames` at its longest pause, recursively. A single run longer
 * than the cap (speech without any pause) is cut at its quietest frame.
 */
function splitAtPauses(group: Run[], maxFrames: number, levels: Float32Array): Run[][] {
  const length = group[group.length - 1]!.end - group[0]!.start;
  if (length <= maxFrames) return [group];
  if (group.length === 1) return splitRun(group[0]!, maxFrames, levels);
  let at = 1;
  for (let k = 2; k < group.length; k++) {
    if (group[k]!.start - group[k - 1]!.end > group[at]!.start - group[at - 1]!.end) at = k;
  }
  return [...splitAtPauses(group.slice(0, at), maxFrames, levels), ...splitAtPauses(group.slice(at), maxFrames, levels)];
}

function splitRun(run: Run, maxFrames: number, levels: Float32Array): Run[][] {
  if (run.end - run.start <= maxFrames) return [[run]];
  // The quietest frame in the middle half of the run.
  const lo = run.start + Math.floor((run.end - run.start) / 4);
  const hi = run.end - Math.floor((run.end - run.start) / 4);
  let cut = lo;
  for (let i = lo; i < hi; i++) if (levels[i]! < levels[cut]!) cut = i;
  const left = { start: run.start, end: cut, speech: cut - run.start };
  const right = { start: cut, end: run.end, speech: run.end - cut };
  return [...splitRun(left, maxFrames, levels), ...splitRun(right, maxFrames, levels)];
}

const round = (s: number) => Math.round(s * 1000) / 1000;

export interface BatchItem {
  readonly id: string;
  readonly start: number;
  readonly end: number;
}

export interface BatchPlanOptions {
  /** Processes that decode at once: there are at least this many batches when there are enough utterances. */
  readonly workers?: number;
  /** Upper bound of one batch's audio (seconds); smaller batches report progress more often. */
  readonly maxSeconds?: number;
}

const seconds = (items: readonly BatchItem[]) => items.reduce((n, u) => n + u.end - u.start, 0);

/**
 * Pure: groups consecutive utterances into batches of similar length (each decoded by one
 * process), ids `u0`, `u1`… in time order. Each utterance is decoded on its own terms whatever
 * its batch: the model's feat.params sets `-cmn batch`, a cepstral mean computed over the
 * utterance itself, so nothing decoded before it changes its words.
 */
export function planBatches(utterances: readonly UtteranceSpan[], options: BatchPlanOptions = {}): BatchItem[][] {
  const { workers = 1, maxSeconds = 120 } = options;
  const items = utterances.map((u, i) => ({ id: `u${i}`, start: u.start, end: u.end }));
  const count = Math.min(items.length, Math.max(workers, Math.ceil(seconds(items) / maxSeconds)));
  const target = seconds(items) / Math.max(1, count);
  const batches: BatchItem[][] = [];
  let current: BatchItem[] = [];
  for (const [i, item] of items.entries()) {
    current.push(item);
    const left = items.length - i - 1;
    const batchesLeft = count - batches.length - 1;
    if (batchesLeft > 0 && (seconds(current) >= target || left <= batchesLeft)) {
      batches.push(current);
      current = [];
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
