// How far the running job has come — a transcription (the share of the audio decoded) or a
// summary (the share of its steps done: parts summarised, events looked for) — and how long the
// rest should take at the pace so far. Pure: the recording's stored progress and the time come in.

export interface StoredProgress {
  readonly status: string;
  readonly progress?: number | null;
  readonly progress_at?: string | null;
  readonly progress_since?: string | null;
}

export interface ProgressView {
  /** Percent of the job done (0 to 100) while PROCESSING or SUMMARIZING; null otherwise or while unknown. */
  readonly progress: number | null;
  /** Seconds left at the pace so far; null until some audio is decoded. */
  readonly eta_seconds: number | null;
}

const NONE: ProgressView = { progress: null, eta_seconds: null };
/** The statuses a job works in; progress is stored per status (a change of status clears it). */
const WORKING = new Set(['PROCESSING', 'SUMMARIZING']);

export function progressView(r: StoredProgress, now: number): ProgressView {
  if (!WORKING.has(r.status) || typeof r.progress !== 'number' || !Number.isFinite(r.progress)) return NONE;
  const progress = Math.min(Math.max(r.progress, 0), 1);
  const percent = Math.round(progress * 1000) / 10;
  const since = Date.parse(r.progress_since ?? '');
  const at = Date.parse(r.progress_at ?? '');
  if (progress <= 0 || Number.isNaN(since) || Number.isNaN(at) || at < since) return { progress: percent, eta_seconds: null };
  // Time per share so far, times the share left, less what has passed since it was written.
  const left = ((at - since) * (1 - progress)) / progress - (now - at);
  return { progress: percent, eta_seconds: Math.max(0, Math.round(left / 1000)) };
}

/**
 * Calls `write` with the latest fraction at most once per `everyMs` (and always for the
 * first), so a fast engine does not turn each decoded chunk into a database write. Fractions
 * never go back. A failed write is dropped: progress is a courtesy, never a reason to fail.
 */
export function throttled(write: (fraction: number) => Promise<unknown>, everyMs: number, clock: () => number = Date.now): (fraction: number) => void {
  let last = Number.NEGATIVE_INFINITY;
  let shown = -1;
  return (fraction) => {
    if (!(fraction > shown) || clock() - last < everyMs) return;
    last = clock();
    shown = fraction;
    write(fraction).catch(() => undefined);
  };
}

/**
 * Splits one job's progress into consecutive steps of the given weights: `step(i)` takes that
 * step's own fraction (0..1) and reports the job's. Weights need not sum to 1.
 */
export function steps(report: (fraction: number) => void, weights: readonly number[]): (index: number) => (fraction: number) => void {
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  return (index) => {
    const before = weights.slice(0, index).reduce((a, b) => a + b, 0);
    const own = weights[index] ?? 0;
    return (fraction) => report((before + own * Math.min(Math.max(fraction, 0), 1)) / total);
  };
}
