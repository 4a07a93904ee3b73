// `npm run verify:deploy`: a deployment smoke test that needs no AWS account. Synthesizes the
// stack, then for every function copies its bundle alone into an empty folder (no
// node_modules above it), imports it with the template's environment and invokes one sample
// event against the local emulators under the IAM proxies. Fails on an import error, a thrown
// invocation, an API answer of 5xx, a queue message reported failed or a call the function's
// role does not allow.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { API_PREFIX, routeRows } from '#shared/routes.ts';
import { consumers } from '#shared/topology.ts';
import { describeRefusal } from './iam/proxy.ts';
import { LocalFunction } from './lambda/pool.ts';
import { functionName } from './lambda/functions.ts';
import { startRuntime } from './runtime.ts';

const EVENTS = resolve(import.meta.dirname, '..', '..', 'events');
process.env.LOG_LEVEL ??= 'WARN';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-verify-'));
const runtime = await startRuntime({ dataDir, port: 0, persistent: false });
const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
const failures: string[] = [];
try {
  for (const f of runtime.functions.artifacts.functions) {
    const folder = mkdtempSync(join(tmpdir(), 'verbatim-bundle-'));
    cpSync(f.bundle, folder, { recursive: true });
    const fn = new LocalFunction({ name: functionName(f.entry), bundle: folder, memoryMb: f.memoryMb, timeoutSeconds: f.timeoutSeconds, env: runtime.functions.environment(f.entry), maxInstances: 1 });
    try {
      const result = (await fn.invoke(sampleEvent(f.entry, adminToken))) as { statusCode?: number; batchItemFailures?: unknown[] } | undefined;
      if ((result?.statusCode ?? 200) >= 500) failures.push(`${f.entry}: answered ${result!.statusCode}`);
      // A queue consumer reports a message it could not handle instead of throwing.
      if (result?.batchItemFailures?.length) failures.push(`${f.entry}: reported ${result.batchItemFailures.length} message(s) failed (see the log above)`);
      process.stdout.write(`ok ${f.entry}\n`);
    } catch (error) {
      failures.push(`${f.entry}: ${(error as Error).name}: ${(error as Error).message}`);
    } finally {
      await fn.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  }
  // Every call went through the IAM proxies: one a role does not allow would fail on AWS.
  for (const r of runtime.refusals) failures.push(`IAM refused: ${describeRefusal(r)}`);
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  process.stderr.write(`verify:deploy: ${failures.length} function(s) failed:\n${failures.map((f) => `  ${f}\n`).join('')}`);
  process.exit(1);
}
process.stdout.write(`verify:deploy: ${runtime.functions.artifacts.functions.length} functions imported and invoked from their bundles\n`);

/** A sample event from events/ for the function: its route's own if there is one, else the route's shape. */
function sampleEvent(entry: string, token: string): unknown {
  const read = (file: string) => JSON.parse(readFileSync(join(EVENTS, file), 'utf8').replaceAll('{{ADMIN_TOKEN}}', token)) as Record<string, any>;
  if (entry === 'workers/transcribe') return read('sqs/transcribe-batch.json');
  if (consumers.some((c) => `workers/${c.handler}` === entry)) return { Records: [] };
  if (entry.startsWith('workers/')) return { source: 'aws.events', 'detail-type': 'Scheduled Event', time: new Date().toISOString() };
  const row = routeRows.find((r) => `api/${r.spec.handler}` === entry);
  if (!row) return read('api/unknown-route.json');
  const routeKey = `${row.method} ${API_PREFIX}${row.path}`;
  const own = readdirSync(join(EVENTS, 'api')).map((file) => read(`api/${file}`)).find((e) => e.routeKey === routeKey && e.headers?.authorization);
  if (own) return own;
  const path = `${API_PREFIX}${row.path.replace(/\{[^}]+\}/g, '1')}`;
  const event = read('api/unknown-route.json');
  return { ...event, routeKey, rawPath: path, requestContext: { ...event.requestContext, routeKey, http: { ...event.requestContext.http, method: row.method, path } } };
}
