// GET /api/v1/recordings with 1,000 (and, full run, 10,000) recordings of one user, 25 per
// page: each sort and a `q` filter over HTTP (sequential fetch), against the time to read the
// same items straight from the table (the paginated GSI1 Query the list makes) in this process,
// interleaved so both see the same machine. Then in-process invocations count the store calls
// and the capacity (bytes) one list request reads.
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { dynamo } from '#shared/clients.ts';
import { logger } from '#shared/logger.ts';
import { tableName } from '#shared/store/table.ts';
import { issueToken } from '#shared/store/tokens.ts';
import { createUser } from '#shared/store/users.ts';
import { CapacityMeter } from './lib/consumed.ts';
import { apiEvent, invokeSequentially, type Handler } from './lib/invoke.ts';
import { seedRecordings } from './lib/seed-recordings.ts';
import { withServiceEnv } from './lib/service-env.ts';
import { startStack, type BenchStack } from './lib/stack.ts';
import { kb, ms, summarize, type Summary } from './lib/stats.ts';
import { StoreCallCounter, type StoreCalls } from './lib/store-calls.ts';
import type { Benchmark, BenchOptions, Row } from './lib/types.ts';

const SETTINGS = { RATE_LIMIT_READ_PER_MINUTE: '0', LOG_LEVEL: 'SILENT' };
const RATIO_GOAL = 1.5;
const MIN_REQUESTS = 5;
const ABSOLUTE_GOAL_MS = 50;
/** Each sort (title ascending, the way it is read) and a filter; the query is the label. */
const VARIANTS = ['sort_by=created_at', 'sort_by=meeting_date', 'sort_by=title&sort_order=asc', 'sort_by=file_size', 'q=budget'] as const;

interface Plan {
  readonly count: number;
  /** Requests per variant, fewer if `budgetSeconds` runs out first (a loaded machine). */
  readonly requests: number;
  readonly budgetSeconds: number;
  /** One raw read after every rawEvery-th request; warmUp rounds of both before the first variant. */
  readonly rawEvery: number;
  readonly warmUp: number;
}

interface SizeResult {
  readonly recordings: number;
  readonly seedSeconds: number;
  readonly raw: Summary;
  readonly rawPages: number;
  /** Each variant with the raw reads made between its requests. */
  readonly http: readonly { label: string; latencyMs: Summary; rawMs: Summary; total: number }[];
  readonly inProcess: { latencyMs: Summary; calls: StoreCalls; capacityUnits: number; itemsRead: number; itemBytesRead: number; requests: number };
}

/** The read the list makes (listUserRecordings), page by page; returns the pages. */
async function rawRead(userId: number): Promise<number> {
  let pages = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ TableName: tableName(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}#RECS` }, ScanIndexForward: false, ExclusiveStartKey }));
    ExclusiveStartKey = page.LastEvaluatedKey;
    pages++;
  } while (ExclusiveStartKey);
  return pages;
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  return fn().then((value) => [performance.now() - started, value]);
}

async function getList(url: string, secret: string, expected: number | undefined): Promise<number> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
  const body = (await response.json()) as { recordings: unknown[]; pagination: { total: number } };
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  if (body.recordings.length !== Math.min(25, body.pagination.total) || (expected !== undefined && body.pagination.total !== expected)) {
    throw new Error(`${url}: ${body.recordings.length} items of ${body.pagination.total}, expected ${expected}`);
  }
  return body.pagination.total;
}

function listEvent(secret: string, query: string): APIGatewayProxyEventV2 {
  return { ...apiEvent('GET', '/recordings', { authorization: `Bearer ${secret}` }), rawQueryString: query, queryStringParameters: Object.fromEntries(new URLSearchParams(query)) };
}

type Meters = { readonly counter: StoreCallCounter; readonly meter: CapacityMeter };

async function measureSize(stack: BenchStack, meters: Meters, { count, requests, budgetSeconds, rawEvery, warmUp }: Plan, log: BenchOptions['log']): Promise<SizeResult> {
  const user = await createUser({ email: `bench-list-${randomUUID()}@example.test`, name: 'bench' });
  const { secret } = await issueToken(user.id, 'bench', 0);
  const { seconds: seedSeconds } = await seedRecordings(user.id, count, count);
  log(`${count}: seeded in ${seedSeconds.toFixed(1)} s (${(count / seedSeconds).toFixed(0)} items/s)`);
  const rawTimes: number[] = [];
  let rawPages = 0;
  const http: SizeResult['http'][number][] = [];
  for (let i = 0; i < warmUp; i++) await Promise.all([getList(`${stack.url}/api/v1/recordings`, secret, count), rawRead(user.id)]);
  for (const variant of VARIANTS) {
    const url = `${stack.url}/api/v1/recordings?per_page=25&${variant}`;
    const expected = variant.startsWith('q=') ? undefined : count;
    const latencies: number[] = [];
    const raw: number[] = [];
    let total = 0;
    const deadline = performance.now() + budgetSeconds * 1000;
    for (let i = 0; i < requests && (i < MIN_REQUESTS || performance.now() < deadline); i++) {
      const [elapsed, t] = await timed(() => getList(url, secret, expected));
      latencies.push(elapsed);
      total = t;
      // A raw read after every rawEvery-th request, so both see the same machine state.
      if (i % rawEvery === 0) {
        const [rawMs, pages] = await timed(() => rawRead(user.id));
        raw.push(rawMs);
        rawPages = pages;
      }
    }
    rawTimes.push(...raw);
    const [latencyMs, rawMs] = [summarize(latencies), summarize(raw)];
    log(`${count} ${variant}: p50 ${ms(latencyMs.p50)}, p99 ${ms(latencyMs.p99)}; raw p50 ${ms(rawMs.p50)}`);
    http.push({ label: variant, latencyMs, rawMs, total });
  }
  return { recordings: count, seedSeconds, raw: summarize(rawTimes), rawPages, http, inProcess: await measureInProcess(secret, meters, Math.max(5, Math.round(requests / 20))) };
}

async function measureInProcess(secret: string, { counter, meter }: Meters, requests: number): Promise<SizeResult['inProcess']> {
  const { handler } = (await import('../../functions/api/recordings/list.ts')) as { handler: Handler };
  const event = () => listEvent(secret, 'per_page=25&sort_by=created_at');
  // The logger took its level when first imported, before LOG_LEVEL=SILENT was set here.
  const level = logger.getLevelName();
  logger.setLogLevel('SILENT');
  let latencyMs: Summary;
  try {
    await invokeSequentially(handler, event, 1);
    counter.reset();
    meter.reset();
    latencyMs = await invokeSequentially(handler, event, requests);
  } finally {
    logger.setLogLevel(level);
  }
  return { latencyMs, calls: counter.snapshot(), capacityUnits: meter.capacityUnits, itemsRead: meter.itemsRead, itemBytesRead: meter.itemBytesRead, requests };
}

function sizeRows(r: SizeResult): Row[] {
  const n = r.recordings.toLocaleString('en');
  const ip = r.inProcess;
  const per = (x: number) => x / ip.requests;
  const breakdown = Object.entries(ip.calls.byCommand).map(([name, c]) => `${name} ${(c / ip.requests).toFixed(2)}`).join(', ');
  return [
    {
      benchmark: `recordings list ${n}: raw GSI1 read`,
      measured: `p50 ${ms(r.raw.p50)} · p99 ${ms(r.raw.p99)}`,
      note: `all ${r.raw.n} paginated GSI1 Queries (${r.rawPages} page(s) each) made from the bench process between the HTTP requests; seeded ${n} by BatchWrite in ${r.seedSeconds.toFixed(1)} s`,
    },
    ...r.http.map((h) => {
      const ratio = h.latencyMs.p50 / h.rawMs.p50;
      const absolute = r.recordings <= 1000;
      return {
        benchmark: `recordings list ${n} HTTP (${h.label})`,
        measured: `p50 ${ms(h.latencyMs.p50)} · p99 ${ms(h.latencyMs.p99)} · ${ratio.toFixed(2)}× raw (${ms(h.rawMs.p50)})`,
        goal: `p50 ≤ ${RATIO_GOAL}× raw${absolute ? ` and ≤ ${ABSOLUTE_GOAL_MS} ms` : ''}`,
        pass: ratio <= RATIO_GOAL && (!absolute || h.latencyMs.p50 <= ABSOLUTE_GOAL_MS),
        note: `${h.latencyMs.n} sequential requests${h.latencyMs.n < 100 ? ' (p99 = max)' : ''}, per_page=25, ${h.total} matching; raw = p50 of the ${h.rawMs.n} raw reads between them`,
      };
    }),
    {
      benchmark: `recordings list ${n}: store calls/request`,
      measured: `${per(ip.calls.total).toFixed(2)} (${breakdown})`,
      note: `in-process, ${ip.requests} invocations, p50 ${ms(ip.latencyMs.p50)}`,
    },
    {
      benchmark: `recordings list ${n}: read per request`,
      measured: `${per(ip.capacityUnits).toFixed(1)} RCU · ${per(ip.itemsRead).toFixed(0)} items · ~${kb(per(ip.itemBytesRead))}`,
      note: `ConsumedCapacity reported by DynamoDB Local; bytes estimated from the items returned (to show 25)`,
    },
  ];
}

export const recordingsList: Benchmark = {
  name: 'recordings-list',
  description: 'GET /recordings with 1k (and 10k) recordings: each sort and q, against a raw GSI1 read; store calls and bytes per request',
  async run({ quick, log }) {
    // 10,000 take ~1 s a request on DynamoDB Local: few requests, and budgets, keep the run short.
    const plan: Plan[] = quick
      ? [{ count: 1000, requests: 50, budgetSeconds: 10, rawEvery: 4, warmUp: 5 }]
      : [{ count: 1000, requests: 200, budgetSeconds: 16, rawEvery: 5, warmUp: 5 }, { count: 10_000, requests: 10, budgetSeconds: 6, rawEvery: 2, warmUp: 2 }];
    const stack = await startStack(SETTINGS);
    log(`stack at ${stack.url} (runtime pid ${stack.pids.runtime}, DynamoDB Local pid ${stack.pids.dynamo})`);
    try {
      const sizes = await withServiceEnv({ ...stack.env, ...SETTINGS }, async () => {
        const meters = { counter: new StoreCallCounter(), meter: new CapacityMeter() };
        meters.counter.install(dynamo());
        meters.meter.install(dynamo());
        const results: SizeResult[] = [];
        for (const size of plan) results.push(await measureSize(stack, meters, size, log));
        return results;
      });
      return { rows: sizes.flatMap(sizeRows), data: { plan, sizes } };
    } finally {
      await stack.stop();
      log(`stack stopped, pids ${stack.pids.runtime} and ${stack.pids.dynamo} gone`);
    }
  },
};
