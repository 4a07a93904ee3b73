// GET /api/v1/recordings, 25 per page, for each sort and each filter the contract names
// (status, date range, tag, starred, inbox, q: a common word, a rare title), and GET /stats,
// at 100 recordings of one user and at 2,000
// (and, full run, 10,000), one user each, all seeded first: over HTTP (sequential fetch, the
// sizes taking turns request by request), and in process with the read
// capacity DynamoDB Local reports and the items the reads examined (the cost at 2,000 has
// rows of its own). The goals (issue 17): a list costs a page, not the library —
// at the largest size p50 ≤ 1.3 × the p50 at 100 for each variant, and read units per request
// ≤ 3 × what reading per_page items costs (measured: a GSI1 Query with Limit = per_page).
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '#shared/clients/dynamodb.ts';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { dynamo } from '#shared/clients.ts';
import { logger } from '#shared/logger.ts';
import { listUserRecordings } from '#shared/store/recordings.ts';
import { tableName } from '#shared/store/table.ts';
import { issueToken } from '#shared/store/tokens.ts';
import { createUser } from '#shared/store/users.ts';
import { CapacityMeter } from './lib/consumed.ts';
import { apiEvent, invokeSequentially, type Handler } from './lib/invoke.ts';
import { seedRecordings } from './lib/seed-recordings.ts';
import { withServiceEnv } from './lib/service-env.ts';
import { startStack, type BenchStack } from './lib/stack.ts';
import { ms, summarize, type Summary } from './lib/stats.ts';
import type { Benchmark, BenchOptions, Row } from './lib/types.ts';

const SETTINGS = { RATE_LIMIT_READ_PER_MINUTE: '0', RATE_LIMIT_STATS_PER_MINUTE: '0', LOG_LEVEL: 'SILENT' };
const PER_PAGE = 25;
const LATENCY_RATIO_GOAL = 1.3;
const READ_UNITS_GOAL = 3;
const MIN_REQUESTS = 5;
/** Each sort (title ascending, the way it is read) and each filter; `{tag}` is the seeded tag's id. */
const VARIANTS = [
  'sort_by=created_at',
  'sort_by=meeting_date',
  'sort_by=title&sort_order=asc',
  'sort_by=file_size',
  'status=completed',
  'date_from=2026-01-01&date_to=2026-03-31',
  'tag_id={tag}',
  'starred=true',
  'inbox=true',
  'q=budget',
  'q=alice',
  // One recording's title (seeded "<topic> <team> <n>"): a few matches.
  'q={title}',
  'GET /stats',
] as const;
const STATS = 'GET /stats';

interface Plan {
  /** Library sizes, one user each; the first is the baseline. */
  readonly counts: readonly number[];
  /** Requests per variant and size; fewer if `budgetSeconds` per size run out first (a loaded machine). */
  readonly requests: number;
  readonly budgetSeconds: number;
}

interface VariantResult {
  readonly label: string;
  readonly latencyMs: Summary;
  readonly total: number;
  /** In process, per request. */
  readonly readUnits: number;
  readonly itemsRead: number;
  /** In process, per request: items the reads examined (filtered out or counted ones too). */
  readonly itemsScanned: number;
}

interface SizeResult {
  readonly recordings: number;
  readonly seedSeconds: number;
  /** Read units of a GSI1 Query returning exactly PER_PAGE of this user's items. */
  readonly pageUnits: number;
  readonly variants: readonly VariantResult[];
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  return fn().then((value) => [performance.now() - started, value]);
}

async function getList(url: string, secret: string): Promise<number> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
  const body = (await response.json()) as { recordings: unknown[] | { total: number }; pagination: { total: number } };
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  // GET /stats: its recordings' total.
  if (!Array.isArray(body.recordings)) return body.recordings.total;
  if (body.recordings.length !== Math.min(PER_PAGE, body.pagination.total)) throw new Error(`${url}: ${body.recordings.length} items of ${body.pagination.total}`);
  return body.pagination.total;
}

function listEvent(secret: string, query: string): APIGatewayProxyEventV2 {
  return { ...apiEvent('GET', '/recordings', { authorization: `Bearer ${secret}` }), rawQueryString: query, queryStringParameters: Object.fromEntries(new URLSearchParams(query)) };
}

async function createTag(stack: BenchStack, secret: string): Promise<{ id: number }> {
  const response = await fetch(`${stack.url}/api/v1/tags`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: `bench ${randomUUID().slice(0, 8)}` }) });
  if (response.status !== 201 && response.status !== 200) throw new Error(`POST /tags answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: number };
}

/** What reading one page of this user's items costs: a GSI1 Query with Limit = per_page. */
async function pageUnits(userId: number): Promise<number> {
  const page = await dynamo().send(
    new QueryCommand({ TableName: tableName(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}#RECS` }, ScanIndexForward: false, Limit: PER_PAGE, ReturnConsumedCapacity: 'TOTAL' }),
  );
  return page.ConsumedCapacity?.CapacityUnits ?? Number.NaN;
}

async function inProcessReads(secret: string, meter: CapacityMeter, query: string, requests: number): Promise<{ readUnits: number; itemsRead: number; itemsScanned: number }> {
  const stats = query === STATS;
  const { handler } = (await (stats ? import('../../functions/api/stats/get.ts') : import('../../functions/api/recordings/list.ts'))) as { handler: Handler };
  const event = () => (stats ? apiEvent('GET', '/stats', { authorization: `Bearer ${secret}` }) : listEvent(secret, query));
  // The logger took its level when first imported, before LOG_LEVEL=SILENT was set here.
  const level = logger.getLevelName();
  logger.setLogLevel('SILENT');
  try {
    await invokeSequentially(handler, event, 1);
    meter.reset();
    await invokeSequentially(handler, event, requests);
  } finally {
    logger.setLogLevel(level);
  }
  return { readUnits: meter.capacityUnits / requests, itemsRead: meter.itemsRead / requests, itemsScanned: meter.itemsScanned / requests };
}

/** A user seeded with `count` recordings, and what the variants' URLs need. */
interface Library {
  readonly count: number;
  readonly secret: string;
  readonly tagId: number;
  readonly someTitle: string;
  readonly seedSeconds: number;
  readonly pageUnits: number;
}

async function seedLibrary(stack: BenchStack, count: number, log: BenchOptions['log']): Promise<Library> {
  const user = await createUser({ email: `bench-list-${randomUUID()}@example.test`, name: 'bench' });
  const { secret } = await issueToken(user.id, 'bench', 0);
  const tag = await createTag(stack, secret);
  const { seconds: seedSeconds } = await seedRecordings(user.id, count, count, 8, tag.id);
  log(`${count}: seeded in ${seedSeconds.toFixed(1)} s (${(count / seedSeconds).toFixed(0)} items/s)`);
  for (let i = 0; i < 3; i++) await getList(`${stack.url}/api/v1/recordings`, secret);
  const [someTitle] = (await listUserRecordings(user.id)).map((r) => r.title);
  return { count, secret, tagId: tag.id, someTitle: someTitle ?? '', seedSeconds, pageUnits: await pageUnits(user.id) };
}

const queryOf = (variant: string, lib: Library) =>
  variant === STATS ? STATS : `per_page=${PER_PAGE}&${variant.replace('{tag}', String(lib.tagId)).replace('{title}', encodeURIComponent(lib.someTitle))}`;

/**
 * One variant at every size, the requests taking turns between the sizes (100, 2,000, 10,000,
 * 100, …), so that a slow spell of the machine or of DynamoDB Local (a collection, say) falls
 * on every size alike instead of on whichever was measured then.
 */
async function measureVariant(stack: BenchStack, meter: CapacityMeter, libraries: readonly Library[], variant: string, plan: Plan, log: BenchOptions['log']): Promise<VariantResult[]> {
  const queries = libraries.map((lib) => queryOf(variant, lib));
  const urls = queries.map((query) => (query === STATS ? `${stack.url}/api/v1/stats` : `${stack.url}/api/v1/recordings?${query}`));
  const latencies: number[][] = libraries.map(() => []);
  const totals: number[] = libraries.map(() => 0);
  const deadline = performance.now() + plan.budgetSeconds * libraries.length * 1000;
  for (let i = 0; i < plan.requests && (i < MIN_REQUESTS || performance.now() < deadline); i++) {
    for (const [k, lib] of libraries.entries()) {
      const [elapsed, total] = await timed(() => getList(urls[k]!, lib.secret));
      latencies[k]!.push(elapsed);
      totals[k] = total;
    }
  }
  const out: VariantResult[] = [];
  for (const [k, lib] of libraries.entries()) {
    const reads = await inProcessReads(lib.secret, meter, queries[k]!, 3);
    const latencyMs = summarize(latencies[k]!);
    log(`${lib.count} ${variant}: p50 ${ms(latencyMs.p50)}, ${reads.readUnits.toFixed(1)} RCU, ${totals[k]} matching`);
    out.push({ label: variant, latencyMs, total: totals[k]!, ...reads });
  }
  return out;
}

/** Every size seeded first (one user each), then each variant measured at all sizes in turns. */
async function measureSizes(stack: BenchStack, meter: CapacityMeter, plan: Plan, log: BenchOptions['log']): Promise<SizeResult[]> {
  const libraries: Library[] = [];
  for (const count of plan.counts) libraries.push(await seedLibrary(stack, count, log));
  const byVariant: VariantResult[][] = [];
  for (const variant of VARIANTS) byVariant.push(await measureVariant(stack, meter, libraries, variant, plan, log));
  return libraries.map((lib, k) => ({ recordings: lib.count, seedSeconds: lib.seedSeconds, pageUnits: lib.pageUnits, variants: byVariant.map((v) => v[k]!) }));
}

function goalRows(smallest: SizeResult, largest: SizeResult): Row[] {
  const n = largest.recordings.toLocaleString('en');
  return largest.variants.map((v, i) => {
    const base = smallest.variants[i]!;
    const ratio = v.latencyMs.p50 / base.latencyMs.p50;
    const unitGoal = READ_UNITS_GOAL * largest.pageUnits;
    return {
      benchmark: `recordings list (${v.label}): ${n} vs ${smallest.recordings}`,
      measured: `p50 ${ms(v.latencyMs.p50)} vs ${ms(base.latencyMs.p50)} = ${ratio.toFixed(2)}× · ${v.readUnits.toFixed(1)} RCU = ${(v.readUnits / largest.pageUnits).toFixed(1)}× a page`,
      goal: `p50 ≤ ${LATENCY_RATIO_GOAL}× · RCU ≤ ${unitGoal.toFixed(1)} (${READ_UNITS_GOAL}× a page)`,
      pass: ratio <= LATENCY_RATIO_GOAL && v.readUnits <= unitGoal,
      note: `${v.latencyMs.n} sequential HTTP requests at each size, the sizes taking turns (p99 ${ms(v.latencyMs.p99)} at ${n}), ${v.total} matching at ${n}; in process ${v.itemsScanned.toFixed(0)} items examined per request; a page of ${PER_PAGE} items costs ${largest.pageUnits.toFixed(1)} RCU`,
    };
  });
}

/** What one request costs at this size, for each variant. */
function costRows(r: SizeResult): Row[] {
  const n = r.recordings.toLocaleString('en');
  return r.variants.map((v) => ({
    benchmark: `recordings list cost at ${n} (${v.label})`,
    measured: `${v.readUnits.toFixed(1)} RCU = ${(v.readUnits / r.pageUnits).toFixed(1)}× a page · ${v.itemsScanned.toFixed(0)} items examined`,
    note: `page 1 of ${PER_PAGE}, ${v.total} matching; ${v.itemsRead.toFixed(0)} items returned to the service; a page of ${PER_PAGE} recordings costs ${r.pageUnits.toFixed(1)} RCU`,
  }));
}

function seedRow(r: SizeResult): Row {
  return { benchmark: `recordings list: seeded ${r.recordings.toLocaleString('en')}`, measured: `${r.seedSeconds.toFixed(1)} s`, note: 'BatchWrite straight to the table, every fifth recording tagged' };
}

export const recordingsList: Benchmark = {
  name: 'recordings-list',
  description: 'GET /recordings at 100, 2k (and 10k) recordings: each sort and filter, and GET /stats, p50 against the p50 at 100 and read units against one page',
  async run({ quick, log }) {
    const plan: Plan = quick ? { counts: [100, 2000], requests: 30, budgetSeconds: 5 } : { counts: [100, 2000, 10_000], requests: 40, budgetSeconds: 8 };
    const stack = await startStack(SETTINGS);
    log(`stack at ${stack.url} (runtime pid ${stack.pids.runtime}, DynamoDB Local pid ${stack.pids.dynamo})`);
    try {
      const sizes = await withServiceEnv({ ...stack.env, ...SETTINGS }, async () => {
        const meter = new CapacityMeter();
        meter.install(dynamo());
        return await measureSizes(stack, meter, plan, log);
      });
      const at2000 = sizes.find((r) => r.recordings === 2000);
      return { rows: [...sizes.map(seedRow), ...(at2000 ? costRows(at2000) : []), ...goalRows(sizes[0]!, sizes.at(-1)!)], data: { plan, sizes } };
    } finally {
      await stack.stop();
      log(`stack stopped, pids ${stack.pids.runtime} and ${stack.pids.dynamo} gone`);
    }
  },
};
