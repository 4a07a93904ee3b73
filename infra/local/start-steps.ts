// What `npm start` prints while it starts: each step as it begins, then its time, and the
// total time to ready. The runtime started by tools and tests prints nothing.
export interface StartSteps {
  /** Runs one step; `outcome` may say how it went (e.g. "cached"). */
  run<T>(label: string, work: () => Promise<T> | T, outcome?: (result: T) => string | undefined): Promise<T>;
}

export const quietSteps: StartSteps = { run: async (_label, work) => work() };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `startedAt` (ms since the epoch) is when `npm start` began, before the steps that run ahead of
 * this process (packages, the web app's build); without it the total counts from this process.
 */
export function printedSteps(write: (text: string) => void = (text) => process.stdout.write(text), startedAt?: number): StartSteps & { total(): string } {
  return {
    async run(label, work, outcome) {
      write(`  ${label} … `);
      const begun = performance.now();
      try {
        const result = await work();
        const how = outcome?.(result);
        write(`${how ? `${how}, ` : ''}${seconds(performance.now() - begun)}\n`);
        return result;
      } catch (error) {
        write('failed\n');
        throw error;
      }
    },
    /** Since `npm start` began, or since this process started. */
    total: () => seconds(startedAt ? Date.now() - startedAt : performance.now()),
  };
}
