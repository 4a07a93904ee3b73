// HTTP load with autocannon, with latencies taken from every response (autocannon's own
// histogram keeps whole milliseconds only).
import autocannon from 'autocannon';
import { summarize, type Summary } from './stats.ts';

export interface LoadOptions {
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly amount: number;
  readonly connections: number;
}

export interface LoadResult {
  readonly connections: number;
  readonly requests: number;
  readonly seconds: number;
  readonly requestsPerSecond: number;
  readonly latencyMs: Summary;
  readonly statuses: Readonly<Record<number, number>>;
  readonly errors: number;
}

export function load(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  // autocannon notices the end of a fixed amount only on its one-second tick, so its
  // duration is whole seconds: the time to the last response is taken here instead.
  const started = performance.now();
  let lastResponse = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: options.url, headers: options.headers, amount: options.amount, connections: options.connections, timeout: 30 }, (error, result) => {
      if (error) return reject(error);
      const seconds = (lastResponse - started) / 1000;
      resolve({
        connections: options.connections,
        requests: latencies.length,
        seconds,
        requestsPerSecond: latencies.length / seconds,
        latencyMs: summarize(latencies),
        statuses,
        errors: result.errors + result.timeouts,
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastResponse = performance.now();
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/** Sequential requests to get handlers imported, clients connected and code warm. */
export async function warmUp(url: string, headers: Record<string, string>, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`warm-up request to ${url} answered ${response.status}`);
  }
}
