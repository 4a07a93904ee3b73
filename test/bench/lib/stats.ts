// Small statistics helpers shared by the benchmarks.

export interface Summary {
  readonly n: number;
  readonly min: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** The median, averaging the two middle values of an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(values: readonly number[]): Summary {
  const total = values.reduce((a, b) => a + b, 0);
  return {
    n: values.length,
    min: Math.min(...values),
    p50: median(values),
    p90: percentile(values, 90),
    p99: percentile(values, 99),
    max: Math.max(...values),
    mean: values.length ? total / values.length : Number.NaN,
  };
}

/** Milliseconds with a precision that suits their size. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value >= 100 ? `${value.toFixed(0)} ms` : value >= 10 ? `${value.toFixed(1)} ms` : `${value.toFixed(2)} ms`;
}

export function kb(bytes: number): string {
  const kib = bytes / 1024;
  return `${kib >= 10 ? kib.toFixed(0) : kib.toFixed(1)} KB`;
}
