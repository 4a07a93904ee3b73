// What a benchmark is: a name, and a run that returns table rows plus raw data for the JSON.

export interface Row {
  readonly benchmark: string;
  readonly measured: string;
  /** Human-readable goal, e.g. "≤ 1.3×"; absent for informational rows. */
  readonly goal?: string;
  /** Whether the goal is met; absent when the row has no goal. */
  readonly pass?: boolean;
  readonly note?: string;
}

export interface BenchOptions {
  /** Fewer rounds and requests, for a quick look. */
  readonly quick: boolean;
  /** Progress lines go to stderr so stdout keeps only the table. */
  readonly log: (message: string) => void;
}

interface BenchResult {
  readonly rows: readonly Row[];
  /** Raw numbers for the JSON file. */
  readonly data: unknown;
}

export interface Benchmark {
  readonly name: string;
  readonly description: string;
  run(options: BenchOptions): Promise<BenchResult>;
}
