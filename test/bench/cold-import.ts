// Cold import: every API handler bundled exactly like the CDK bundles it, plus a hello-world
// handler bundled the same way, each imported in fresh Node processes. Rounds interleave the
// bundles (rotating the order) so drift in machine load spreads over all of them.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { routeRows } from '#shared/routes.ts';
import { consumers, periodic } from '../../shared/topology.ts';
import type { Artifacts } from '../../infra/local/artifacts/manifest.ts';
import { prepareArtifacts } from '../../infra/local/artifacts/prepare.ts';
import { resolver } from '../../infra/local/artifacts/resolve.ts';
import { localFunctions } from '../../infra/local/lambda/functions.ts';
import { bundleLikeCdk, PROJECT_ROOT, SOURCE_MAPS_AT_INIT, type Bundle } from './lib/bundle.ts';
import { kb, median, ms } from './lib/stats.ts';
import type { Benchmark, BenchOptions, Row } from './lib/types.ts';

const run = promisify(execFile);
const RUNNER = join(import.meta.dirname, 'lib', 'import-runner.mjs');
const HELLO = 'hello-world';
/** Goals (issue: cold start): estimated Lambda init against hello world, and route bundle size. */
const TYPICAL_INIT_GOAL = 1.5;
const HEAVIEST_INIT_GOAL = 2;
const ROUTE_BUNDLE_GOAL_BYTES = 400 * 1024;
const MAPS_OF = 'api/users/me';
/** nodejs22.x arm64 hello-world init, shared/research/anchors.md §4.1. */
const LAMBDA_HELLO_INIT_MS = 124;
const MAPS = `with ${SOURCE_MAPS_AT_INIT}`;

/** What Lambda sets in every function's process; the template's environment comes on top (templateEnvironments). */
const RUNNER_ENV: Record<string, string> = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  TZ: ':UTC',
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_SESSION_TOKEN: 'bench',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
};

/** Entry keys relative to functions/: every route row, the fallback, every queue consumer and periodic job. */
function entryKeys(): string[] {
  const workers = [...consumers, ...periodic].map((w) => `workers/${w.handler}`);
  return [...new Set([...routeRows.map((row) => `api/${row.spec.handler}`), 'api/fallback', ...workers])];
}

function bundleAll(dir: string): Bundle[] {
  writeFileSync(join(dir, 'hello.ts'), "export const handler = async () => ({ statusCode: 200, body: 'ok' });\n");
  const entries = entryKeys().map((key) => ({ name: key, file: join(PROJECT_ROOT, 'functions', `${key}.ts`), key }));
  return bundleLikeCdk([...entries, { name: HELLO, file: join(dir, 'hello.ts') }], dir);
}

interface Sample {
  readonly importMs: number;
  readonly readyMs: number;
}

/** A bundle to import, with the environment of the process that imports it. */
interface Target extends Bundle {
  readonly env: Record<string, string>;
}

/**
 * Each function's environment as the local runtime gives it from the synthesized template
 * (settings, queue URLs, names, memory size), by entry: what init parses at a cold start.
 */
function templateEnvironments(artifacts: Artifacts): (entry: string) => Record<string, string> | undefined {
  const resolve = resolver(artifacts, (name) => `https://sqs.us-east-1.amazonaws.com/000000000000/verbatim-${name}`);
  const functions = localFunctions({ artifacts, resolve, base: {} });
  const entries = new Set(artifacts.functions.map((f) => f.entry));
  return (entry) => (entries.has(entry) ? functions.environment(entry) : undefined);
}

/** Every bundle as deployed (no NODE_OPTIONS), plus one with Node's source maps at init to show what that would cost. */
function targets(bundles: readonly Bundle[], environment: (entry: string) => Record<string, string> | undefined): Target[] {
  const all: Target[] = bundles.map((b) => ({ ...b, env: { ...RUNNER_ENV, ...environment(b.name) } }));
  const reference = bundles.find((b) => b.name === MAPS_OF);
  if (reference) all.push({ ...reference, name: `${reference.name} ${MAPS}`, env: { ...RUNNER_ENV, ...environment(reference.name), NODE_OPTIONS: SOURCE_MAPS_AT_INIT } });
  return all;
}

async function importOnce(target: Target): Promise<Sample> {
  const { stdout } = await run(process.execPath, [RUNNER, pathToFileURL(target.file).href], { env: target.env, cwd: join(target.file, '..') });
  return JSON.parse(stdout) as Sample;
}

async function measure(bundles: readonly Target[], rounds: number, log: BenchOptions['log']): Promise<Map<string, Sample[]>> {
  const samples = new Map<string, Sample[]>(bundles.map((b) => [b.name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = bundles.map((_, i) => bundles[(i + round) % bundles.length]!);
    for (const bundle of order) samples.get(bundle.name)!.push(await importOnce(bundle));
    log(`round ${round + 1}/${rounds}`);
  }
  return samples;
}

interface Measured {
  readonly name: string;
  readonly bytes: number;
  readonly lazyBytes: number;
  readonly mapBytes: number;
  readonly importMs: number;
  readonly readyMs: number;
  readonly samples: readonly Sample[];
}

/** Lambda init of a bundle against hello world: the hello-world init plus the import time the bundle adds. */
const initRatio = (importMs: number, helloMs: number) => (LAMBDA_HELLO_INIT_MS + importMs - helloMs) / LAMBDA_HELLO_INIT_MS;

function toRows(results: readonly Measured[], rounds: number): Row[] {
  const hello = results.find((r) => r.name === HELLO)!;
  const functions = results.filter((r) => r.name !== HELLO && !r.name.endsWith(MAPS));
  const routes = functions.filter((r) => r.name.startsWith('api/'));
  const heaviest = functions.reduce((a, b) => (b.importMs > a.importMs ? b : a));
  const typicalMs = median(routes.map((r) => r.importMs));
  const rows: Row[] = results.map((r) => ({
    benchmark: `cold import ${r.name}`,
    measured: `${ms(r.importMs)} (${kb(r.bytes)})`,
    note: `ready ${ms(r.readyMs)} after process start; ${r.name.endsWith(MAPS) ? `same bundle, NODE_OPTIONS=${SOURCE_MAPS_AT_INIT}` : `lazy chunks ${kb(r.lazyBytes)}, maps ${kb(r.mapBytes)}`}`,
  }));
  const typical = initRatio(typicalMs, hello.importMs);
  rows.push({
    benchmark: 'est. Lambda init, typical route / hello-world',
    measured: `${typical.toFixed(2)}× (median route import ${ms(typicalMs)}, hello ${ms(hello.importMs)})`,
    goal: `≤ ${TYPICAL_INIT_GOAL}×`,
    pass: typical <= TYPICAL_INIT_GOAL,
    note: `${LAMBDA_HELLO_INIT_MS} ms hello init + import delta; import-only medians of ${rounds} fresh processes`,
  });
  const worst = initRatio(heaviest.importMs, hello.importMs);
  rows.push({
    benchmark: 'est. Lambda init, heaviest function / hello-world',
    measured: `${worst.toFixed(2)}× (${heaviest.name}, import ${ms(heaviest.importMs)})`,
    goal: `≤ ${HEAVIEST_INIT_GOAL}×`,
    pass: worst <= HEAVIEST_INIT_GOAL,
    note: `import-only ratio ${(heaviest.importMs / hello.importMs).toFixed(1)}×; routes and workers`,
  });
  const largest = routes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const over = routes.filter((r) => r.bytes > ROUTE_BUNDLE_GOAL_BYTES);
  rows.push({
    benchmark: 'largest route bundle',
    measured: `${kb(largest.bytes)} (${largest.name}); ${over.length} of ${routes.length} routes over`,
    goal: `every route ≤ ${kb(ROUTE_BUNDLE_GOAL_BYTES)}`,
    pass: over.length === 0,
    note: 'what init evaluates: index.mjs and the chunks it imports statically; not the chunks behind dynamic imports (providers, NLP data, SDK credential providers: loaded on first use), the external source maps, nor files read at run time (the explorer assets)',
  });
  return rows;
}

export const coldImport: Benchmark = {
  name: 'cold-import',
  description: 'import time of every API handler bundle (CDK esbuild options) vs a hello-world bundle',
  async run({ quick, log }) {
    const rounds = quick ? 7 : 21;
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-bench-bundles-'));
    try {
      const bundles = targets(bundleAll(dir), templateEnvironments(await prepareArtifacts()));
      log(`bundled into ${dir}; ${bundles.length} import targets`);
      const samples = await measure(bundles, rounds, log);
      const results: Measured[] = bundles.map((b) => {
        const s = samples.get(b.name)!;
        const { name, bytes, lazyBytes, mapBytes } = b;
        return { name, bytes, lazyBytes, mapBytes, importMs: median(s.map((x) => x.importMs)), readyMs: median(s.map((x) => x.readyMs)), samples: s };
      });
      return { rows: toRows(results, rounds), data: { rounds, lambdaHelloInitMs: LAMBDA_HELLO_INIT_MS, sourceMapsAtInit: SOURCE_MAPS_AT_INIT, bundles: results } };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
