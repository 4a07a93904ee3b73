// GET /api/v1/users/me, the cheapest authenticated read: over HTTP through the local gateway
// (autocannon) and invoked in-process, counting the DynamoDB calls per request. Runs twice:
// with the read rate limit off (no counter call) and on with a limit never reached.
import { randomUUID } from 'node:crypto';
import { dynamo } from '#shared/clients.ts';
import { issueToken } from '#shared/store/tokens.ts';
import { createUser } from '#shared/store/users.ts';
import { load, warmUp, type LoadResult } from './lib/http-load.ts';
import { apiEvent, invokeSequentially, type Handler } from './lib/invoke.ts';
import { withServiceEnv } from './lib/service-env.ts';
import { startStack, type BenchStack } from './lib/stack.ts';
import { ms, type Summary } from './lib/stats.ts';
import { StoreCallCounter, type StoreCalls } from './lib/store-calls.ts';
import type { Benchmark, BenchOptions, Row } from './lib/types.ts';

const PATH = '/users/me';
const CALLS_GOAL = 3;
const TOUCH_GOAL = 1 / 60;
const WARM_UP = 100;
const VARIANTS = [
  { label: 'rate limit off', limit: '0' },
  { label: 'rate limit on', limit: '1000000' },
] as const;

interface InProcess {
  readonly latencyMs: Summary;
  readonly requests: number;
  readonly seconds: number;
  readonly calls: StoreCalls;
}

interface VariantResult {
  readonly label: string;
  readonly http: readonly LoadResult[];
  readonly inProcess: InProcess;
}

async function measureHttp(stack: BenchStack, amount: number, log: BenchOptions['log']): Promise<LoadResult[]> {
  const url = `${stack.url}/api/v1${PATH}`;
  const headers = { authorization: `Bearer ${stack.adminToken}` };
  await warmUp(url, headers, WARM_UP);
  const results: LoadResult[] = [];
  for (const connections of [1, 10]) {
    const result = await load({ url, headers, amount, connections });
    if (result.statuses[200] !== amount || result.errors) throw new Error(`HTTP c=${connections}: ${JSON.stringify(result.statuses)}, ${result.errors} errors`);
    log(`HTTP c=${connections}: p50 ${ms(result.latencyMs.p50)}, ${result.requestsPerSecond.toFixed(0)} req/s`);
    results.push(result);
  }
  return results;
}

/** Warms up with the admin token, then measures with a fresh one so its first use is seen. */
async function measureInProcess(stack: BenchStack, limit: string, amount: number): Promise<InProcess> {
  return withServiceEnv({ ...stack.env, LOG_LEVEL: 'SILENT', RATE_LIMIT_READ_PER_MINUTE: limit }, async () => {
    const counter = new StoreCallCounter();
    counter.install(dynamo());
    const { handler } = (await import('../../functions/api/users/me.ts')) as { handler: Handler };
    await invokeSequentially(handler, () => apiEvent('GET', PATH, { authorization: `Bearer ${stack.adminToken}` }), WARM_UP);
    const user = await createUser({ email: `bench-${randomUUID()}@example.test`, name: 'bench' });
    const { secret } = await issueToken(user.id, 'bench', 0);
    counter.reset();
    const started = performance.now();
    const latencyMs = await invokeSequentially(handler, () => apiEvent('GET', PATH, { authorization: `Bearer ${secret}` }), amount);
    return { latencyMs, requests: amount, seconds: (performance.now() - started) / 1000, calls: counter.snapshot() };
  });
}

async function runVariant(variant: (typeof VARIANTS)[number], amount: number, log: BenchOptions['log']): Promise<VariantResult> {
  log(`${variant.label}: starting the local stack`);
  const stack = await startStack({ RATE_LIMIT_READ_PER_MINUTE: variant.limit });
  log(`${variant.label}: stack at ${stack.url} (runtime pid ${stack.pids.runtime}, DynamoDB Local pid ${stack.pids.dynamo})`);
  try {
    const http = await measureHttp(stack, amount, log);
    const inProcess = await measureInProcess(stack, variant.limit, amount);
    log(`${variant.label}: in-process p50 ${ms(inProcess.latencyMs.p50)}, ${JSON.stringify(inProcess.calls.byCommand)}`);
    return { label: variant.label, http, inProcess };
  } finally {
    await stack.stop();
    log(`${variant.label}: stack stopped, pids ${stack.pids.runtime} and ${stack.pids.dynamo} gone`);
  }
}

function perRequest(n: number, requests: number): string {
  return (n / requests).toFixed(3);
}

function variantRows({ label, http, inProcess }: VariantResult): Row[] {
  const { calls, requests } = inProcess;
  const breakdown = Object.entries(calls.byCommand).map(([name, n]) => `${name} ${n}`).join(', ');
  const steady = (calls.total - calls.lastUsedWrites) / requests;
  const touchShare = calls.lastUsedWrites / requests;
  return [
    ...http.map((r) => ({
      benchmark: `users/me HTTP c=${r.connections} (${label})`,
      measured: `p50 ${ms(r.latencyMs.p50)} · p99 ${ms(r.latencyMs.p99)} · ${r.requestsPerSecond.toFixed(0)} req/s`,
      note: `${r.requests} requests in ${r.seconds.toFixed(1)} s, all 200`,
    })),
    {
      benchmark: `users/me in-process (${label})`,
      measured: `p50 ${ms(inProcess.latencyMs.p50)} · p99 ${ms(inProcess.latencyMs.p99)}`,
      note: `${requests} sequential invocations, mean ${ms(inProcess.latencyMs.mean)}, max ${ms(inProcess.latencyMs.max)}`,
    },
    {
      benchmark: `users/me store calls/request (${label})`,
      measured: `${steady.toFixed(3)} (${perRequest(calls.total, requests)} with last_used_at)`,
      goal: `≤ ${CALLS_GOAL}`,
      pass: steady <= CALLS_GOAL,
      note: `${breakdown} for ${requests} requests; last_used_at writes have their own goal`,
    },
    {
      benchmark: `users/me writes/request (${label})`,
      measured: perRequest(calls.writes, requests),
      note: `rate counter ${calls.rateCounterWrites}, last_used_at ${calls.lastUsedWrites}, of ${requests} requests`,
    },
    {
      benchmark: `users/me last_used_at writes (${label})`,
      measured: `${calls.lastUsedWrites} in ${requests} (${(touchShare * 100).toFixed(2)} %)`,
      goal: '≤ 1 in 60',
      pass: touchShare <= TOUCH_GOAL,
      note: `fresh token, run of ${inProcess.seconds.toFixed(1)} s (the condition allows one write per token per minute)`,
    },
  ];
}

export const usersMe: Benchmark = {
  name: 'users-me',
  description: 'GET /users/me over HTTP (autocannon, c=1 and c=10) and in-process, with DynamoDB calls per request',
  async run({ quick, log }) {
    const amount = quick ? 500 : 2000;
    const variants: VariantResult[] = [];
    for (const variant of VARIANTS) variants.push(await runVariant(variant, amount, log));
    return { rows: variants.flatMap(variantRows), data: { amount, warmUp: WARM_UP, variants } };
  },
};
