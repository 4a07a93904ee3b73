// Fault injection: 20 uploads and 3 subscribed webhooks (healthy, flaky at 50 % 500s, slow at
// 8 s) while the runtime is killed with SIGKILL at random moments 5 times and restarted. Every
// recording must reach COMPLETED, every event must reach the healthy and flaky receivers (and
// the slow one) at least once, nothing may be left in a non-final state, and the data folder
// must still open afterwards with the same totals.
//
// The pipeline, not the engines, is under test: ASR_PROVIDER and LLM_PROVIDER are `openai`,
// answered at once by a fake server on loopback (test/support/fake-openai.ts)
// (a fixed result at once), and leases, sweeps and retry ladders are shortened so recovery
// takes seconds instead of minutes. Random choices (kill moments, pauses, the flaky receiver's
// failures) come from one seed: CHAOS_SEED=<n> replays a run's choices (the moments they land
// on still depend on the machine's speed). CHAOS_VERBOSE=1 prints progress as it happens,
// CHAOS_LOG_LEVEL=WARN keeps the runtimes' logs for the diagnosis of a failure, CHAOS_KEEP=1
// keeps the data folder. Runs alone with `npm run test:reliability`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deliveryId } from '#shared/domain/webhooks/signing.ts';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { upload } from '../support/uploads.ts';
import { distinctWav, flakyAnswers, seededRandom, sleep, StoreReader, validSignature } from './chaos-support.ts';
import { sharedFakeProviderSettings } from '../support/fake-openai.ts';

const SEED = Number(process.env.CHAOS_SEED ?? 20_240_808);
const UPLOADS = 20;
const KILLS = 5;
const UPLOAD_LANES = 3;
const SETTLE_MS = 120_000;
/** The test's own budget, under its vitest timeout, so a slow run fails with its diagnosis. */
const BUDGET_MS = 285_000;
/** Kept back from the budget for the final checks (graceful stop, reopening, reads). */
const FINAL_CHECKS_MS = 45_000;
const SLOW_MS = 8_000;
const HEADER = 'service-delivery-id';
const EXPECTED_TYPES = ['recording.created', 'recording.transcription.started', 'recording.transcription.completed', 'recording.summary.completed'];

const settings: Record<string, string> = {
  LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'SILENT',
  ...(await sharedFakeProviderSettings()),
  JOB_LEASE_SECONDS: '5',
  SWEEP_INTERVAL_SECONDS: '1',
  // The sweep's thresholds for a lost job message and an unpublished event (defaults 900 s and
  // 60 s) are shortened like the lease, so a message lost in a kill is found within the bound.
  JOB_REQUEUE_AFTER_SECONDS: '10',
  OUTBOX_REPUBLISH_AFTER_SECONDS: '5',
  WEBHOOK_INTRANET_HOST_ALLOWLIST: '127\\.0\\.0\\.1',
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1,2,2',
  WEBHOOK_DELIVERY_TIMEOUT_SECONDS: '10',
  RATE_LIMIT_PROCESSING_PER_MINUTE: '0',
  // The test polls the API while it waits; polling is not what is under test.
  RATE_LIMIT_READ_PER_MINUTE: '0',
};

// One generator for the chaos, one for the client's pauses, so each sequence is fixed by the seed.
const chaosRandom = seededRandom(SEED);
const clientRandom = seededRandom(SEED ^ 0x5bd1e995);
const between = (random: () => number, min: number, max: number) => Math.round(min + random() * (max - min));
const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-chaos-'));
const processes: LocalProcess[] = [];
const receivers: Receiver[] = [];
let live: LocalProcess | undefined;

afterAll(async () => {
  if (live) await stopWithin(live, 'SIGTERM', 20_000);
  for (const p of processes) await p.destroy();
  killOrphanedDatabase();
  for (const r of receivers) await r.close();
  // CHAOS_KEEP=1 keeps the data folder for a look at what was left behind.
  if (!process.env.CHAOS_KEEP) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function startRuntime(): Promise<{ process: LocalProcess; ms: number }> {
  const started = Date.now();
  const p = await startLocalProcess(dataDir, settings);
  processes.push(p);
  live = p;
  return { process: p, ms: Date.now() - started };
}

async function stopWithin(p: LocalProcess, signal: NodeJS.Signals, timeoutMs: number): Promise<number | null | 'timeout'> {
  const stopped = p.stop(signal);
  const result = await Promise.race([stopped, sleep(timeoutMs).then(() => 'timeout' as const)]);
  if (result === 'timeout') await p.stop('SIGKILL');
  if (live === p) live = undefined;
  return result;
}

/** A runtime killed with SIGKILL leaves DynamoDB Local running; the next start ends it, the last one is ours to end. */
function killOrphanedDatabase(): void {
  const file = join(dataDir, 'runtime.json');
  if (!existsSync(file)) return;
  try {
    const { dynamoPid } = JSON.parse(readFileSync(file, 'utf8')) as { dynamoPid?: number };
    if (dynamoPid && readFileSync(`/proc/${dynamoPid}/cmdline`, 'utf8').includes('DynamoDBLocal')) process.kill(dynamoPid, 'SIGKILL');
  } catch {
    // gone already
  }
}

function liveUrl(): string {
  if (!live) throw new Error('the runtime is down');
  return live.runtime.url;
}

async function api<T = any>(token: string, path: string, init: { method?: string; body?: unknown; timeoutMs?: number } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${liveUrl()}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

interface ListedRecording {
  readonly id: number;
  readonly status: string;
  readonly file_size: number;
}

async function listRecordings(token: string, timeoutMs = 10_000): Promise<ListedRecording[]> {
  const { status, body } = await api<{ recordings: ListedRecording[] }>(token, '/recordings?per_page=100&status=all', { timeoutMs });
  if (status !== 200) throw new Error(`GET /recordings answered ${status}`);
  return body.recordings;
}

interface DeliveryView {
  readonly id: string;
  readonly event_id: string;
  readonly event_type: string;
  readonly status: string;
  readonly attempt_count: number;
}

async function listDeliveries(token: string, webhookId: number): Promise<DeliveryView[]> {
  const { status, body } = await api<{ deliveries: DeliveryView[] }>(token, `/webhooks/${webhookId}/deliveries?limit=200`);
  if (status !== 200) throw new Error(`GET /webhooks/${webhookId}/deliveries answered ${status}`);
  return body.deliveries;
}

interface Webhook {
  readonly id: number;
  readonly secret: string;
  readonly name: 'healthy' | 'flaky' | 'slow';
  readonly receiver: Receiver;
  /** Delivery ids the receiver answered with a 2xx (or, for the slow one, received). */
  readonly arrived: () => Set<string>;
}

interface KillRecord {
  readonly n: number;
  readonly atMs: number;
  readonly uptimeMs: number;
  readonly phase: string;
  downMs?: number;
  restartMs?: number;
}

describe('the runtime under SIGKILL chaos', () => {
  it('completes every recording and delivers every event at least once', async () => {
    const t0 = Date.now();
    const since = () => Date.now() - t0;
    // Notes are printed together at the end, and as they happen with CHAOS_VERBOSE=1.
    const log: string[] = [];
    const note = (...lines: string[]) => {
      log.push(...lines);
      if (process.env.CHAOS_VERBOSE) for (const line of lines) console.log(`[chaos +${(since() / 1000).toFixed(1)} s] ${line}`);
    };
    note(`seed ${SEED}, data folder ${dataDir}`);
    const restarts: number[] = [];
    const uploadStats = { retries: 0, conflicts: 0, replayed: 0, doneAtMs: 0 };
    const printSummary = () => console.log(['— chaos summary —', ...log].join('\n'));

    try {
      const first = await startRuntime();
      restarts.push(first.ms);
      note(`first start ${first.ms} ms`);
      const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();

      // The three receivers and their webhooks, subscribed to everything.
      const healthy = await startReceiver(() => ({ status: 200 }));
      const flakyPattern = flakyAnswers(SEED, HEADER);
      const flakySucceeded = new Set<string>();
      const flaky = await startReceiver((request) => {
        const answer = flakyPattern.answer(request);
        if (typeof answer === 'object' && answer.status === 200) flakySucceeded.add(request.headers[HEADER]!);
        return answer;
      });
      const slow = await startReceiver(() => ({ status: 200, delayMs: SLOW_MS }));
      receivers.push(healthy, flaky, slow);
      const idsOf = (r: Receiver) => () => new Set(r.received.map((q) => q.headers[HEADER]!));
      const webhooks: Webhook[] = [];
      for (const [name, receiver, arrived] of [
        ['healthy', healthy, idsOf(healthy)],
        ['flaky', flaky, () => flakySucceeded],
        ['slow', slow, idsOf(slow)],
      ] as const) {
        const created = await api<{ id: number; secret: string }>(token, '/webhooks', { method: 'POST', body: { name: `chaos ${name}`, url: receiver.url, events: ['*'], allow_http: true } });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        webhooks.push({ id: created.body.id, secret: created.body.secret, name, receiver, arrived });
      }

      // The client: 20 uploads, three at a time, each retried until it is accepted, with an
      // Idempotency-Key per file so a retry never makes a second recording. (A request cut off
      // by a kill holds its key for the request's timeout, 29 s: retries meanwhile get 409.)
      const uploaded: number[] = [];
      const uploadDeadline = t0 + 150_000;
      const lane = async (first: number) => {
        for (let i = first; i < UPLOADS; i += UPLOAD_LANES) {
          const file = { name: `chaos-${i}.wav`, bytes: distinctWav(i) };
          for (;;) {
            if (Date.now() > uploadDeadline) throw new Error(`upload ${i} not accepted in time`);
            if (!live) {
              await sleep(100);
              continue;
            }
            let result: Awaited<ReturnType<typeof upload>> | undefined;
            try {
              result = await upload(token, file, {}, { 'Idempotency-Key': `chaos-${SEED}-${i}` }, live.runtime.url);
            } catch {
              // Refused or cut off: the runtime is down or went down mid-request.
            }
            if (result?.status === 202) {
              uploaded.push(result.body.id as number);
              if (result.headers.get('idempotent-replayed') === 'true') uploadStats.replayed++;
              break;
            }
            if (result && result.status !== 409 && result.status < 500) throw new Error(`upload ${i} answered ${result.status}: ${JSON.stringify(result.body)}`);
            if (result?.status === 409) uploadStats.conflicts++;
            uploadStats.retries++;
            await sleep(result?.status === 409 ? 1000 : 250);
          }
          await sleep(between(clientRandom, 150, 600));
        }
      };
      let uploadsDone = false;
      const uploads = Promise.all(Array.from({ length: UPLOAD_LANES }, (_, i) => lane(i))).then(() => {
        uploadsDone = true;
        uploadStats.doneAtMs = since();
      });
      uploads.catch(() => undefined);

      // The chaos: 5 kills at seeded random moments, each followed by a restart once a
      // supervisor would notice (a short seeded pause). Kills 1–3 come a few seconds after the
      // runtime is up, while the uploads go on (and their processing); kills 4 and 5 wait for
      // the last upload to be accepted, so they land in the processing of the last recordings
      // and in the deliveries (the slow receiver holds each for 8 s).
      const gaps = [between(chaosRandom, 1_000, 3_000), between(chaosRandom, 2_000, 5_000), between(chaosRandom, 2_000, 6_000), between(chaosRandom, 500, 3_000), between(chaosRandom, 3_000, 9_000)];
      let upSince = Date.now();
      for (let n = 1; n <= KILLS; n++) {
        if (n >= 4) while (!uploadsDone && Date.now() < uploadDeadline) await sleep(100);
        await sleep(gaps[n - 1]!);
        const phase = await describePhase(token, uploaded.length, webhooks);
        const victim = live!;
        live = undefined;
        const record: KillRecord = { n, atMs: since(), uptimeMs: Date.now() - upSince, phase };
        await victim.stop('SIGKILL');
        const down = between(chaosRandom, 0, 1_500);
        await sleep(down);
        const restarted = await startRuntime();
        record.downMs = down + restarted.ms;
        record.restartMs = restarted.ms;
        restarts.push(restarted.ms);
        upSince = Date.now();
        note(`kill ${n} at ${record.atMs} ms (after ${record.uptimeMs} ms up; ${phase}); down ${record.downMs} ms (restart ${restarted.ms} ms)`);
      }
      const chaosEnd = since();
      note(`chaos over at ${chaosEnd} ms`);
      await uploads;
      note(`uploads: ${UPLOADS} accepted by ${uploadStats.doneAtMs} ms; ${uploadStats.retries} retries (${uploadStats.conflicts} × 409 in progress), ${uploadStats.replayed} answered by replay`);

      // Settle: wait (bounded) until the store and the receivers agree that everything is done.
      const settleStart = Date.now();
      const settleBound = Math.min(SETTLE_MS, t0 + BUDGET_MS - FINAL_CHECKS_MS - Date.now());
      let observed: Observation | undefined;
      let observeError: unknown;
      for (;;) {
        // One slow answer on a loaded machine is not a finding; the next look decides.
        observed = await observe(token, webhooks).catch((error: unknown) => ((observeError = error), observed));
        if (observed?.done || Date.now() - settleStart >= settleBound) break;
        await sleep(1_000);
      }
      if (!observed) throw observeError;
      const state = observed;
      note(`settled ${state.done ? 'after' : 'NOT within'} ${Date.now() - settleStart} ms (total ${since()} ms): ${state.why}`);
      if (!state.done) note(...(await diagnose(state)));
      for (const w of webhooks) {
        const ids = w.receiver.received.map((r) => r.headers[HEADER]!);
        // A duplicate is a second arrival of a delivery; the flaky receiver's 500s are not arrivals.
        const arrivals = w.name === 'flaky' ? ids.length - flakyPattern.failures() : ids.length;
        const extra = w.name === 'flaky' ? ` (${flakyPattern.failures()} answered 500)` : '';
        note(`receiver ${w.name}: ${ids.length} requests${extra} for ${new Set(ids).size} deliveries; ${w.arrived().size} arrived, ${arrivals - w.arrived().size} duplicate arrivals`);
      }

      // The assertions, on the last observation.
      expect(uploaded.length).toBe(UPLOADS);
      expect(new Set(uploaded).size, 'a retried upload made a second recording').toBe(UPLOADS);
      expect(state.recordings.map((r) => r.id).sort((a, b) => a - b)).toEqual([...uploaded].sort((a, b) => a - b));
      expect(state.recordings.filter((r) => r.status !== 'COMPLETED'), 'recordings not COMPLETED').toEqual([]);
      for (const [id, events] of state.events) {
        // Each step is committed once with its event: never lost, never doubled.
        expect(events.map((e) => e.type), `events of recording ${id}`).toEqual(EXPECTED_TYPES);
      }
      for (const w of webhooks) {
        const expected = state.expected.get(w.id)!;
        expect(expected.size).toBe(UPLOADS * EXPECTED_TYPES.length);
        const missing = [...expected].filter((id) => !w.arrived().has(id));
        expect(missing, `deliveries that never arrived at the ${w.name} receiver`).toEqual([]);
        const listed = state.deliveries.get(w.id)!;
        expect(new Set(listed.map((d) => d.id)), `the ${w.name} webhook's deliveries`).toEqual(expected);
        expect(listed.filter((d) => d.status !== 'success'), `${w.name} deliveries not in success`).toEqual([]);
        // What arrived is what was committed, signed with the webhook's secret.
        for (const request of w.receiver.received) {
          const envelope = JSON.parse(request.body) as { id: string; type: string; data: { recording_id: number } };
          expect(envelope.id).toBe(request.headers[HEADER]);
          expect(expected.has(envelope.id), `${w.name} got a delivery not in the outbox`).toBe(true);
          expect(validSignature(w.secret, request.body, request.headers['service-signature']), `${w.name} signature`).toBe(true);
        }
      }
      expect(state.unpublished, 'events left in the outbox').toBe(0);
      expect(state.due, 'deliveries left pending or retrying').toBe(0);

      // The data folder still opens: stop gracefully, start once more, and find it all there.
      const totalsBefore = totals(state);
      const requestsBefore = webhooks.map((w) => w.receiver.received.length);
      const stopCode = await stopWithin(live!, 'SIGTERM', 30_000);
      expect(stopCode, 'graceful stop').toBe(0);
      const reopened = await startRuntime();
      note(`graceful stop, reopened in ${reopened.ms} ms`);
      const after = await observe(token, webhooks);
      expect(totals(after)).toEqual(totalsBefore);
      expect(after.done, after.why).toBe(true);
      for (const id of uploaded) {
        const transcript = await api<{ content: string }>(token, `/recordings/${id}/transcript?format=text`);
        expect(transcript.status).toBe(200);
        // The fake provider's transcript: one word a second, w0 first.
        expect(transcript.body.content).toMatch(/\bw0\b/);
        const audio = await fetch(`${liveUrl()}/api/v1/recordings/${id}/audio`, { headers: { authorization: `Bearer ${token}` } });
        expect(audio.status).toBe(200);
        expect((await audio.arrayBuffer()).byteLength).toBe(distinctWav(0).byteLength);
      }
      await sleep(2_000);
      note(`requests after the clean restart: ${webhooks.map((w, i) => `${w.name} +${w.receiver.received.length - requestsBefore[i]!}`).join(', ')}`);
      expect(await stopWithin(live!, 'SIGTERM', 30_000), 'graceful stop after reopening').toBe(0);
      note(`restart times (ms): ${restarts.join(', ')}; total ${since()} ms`);
    } finally {
      printSummary();
    }
  }, 295_000);
});

/** What the system is doing right before a kill, for the summary (best effort, never blocks long). */
async function describePhase(token: string, uploadsDone: number, webhooks: Webhook[]): Promise<string> {
  const now = Date.now();
  const inFlight = webhooks.find((w) => w.name === 'slow')!.receiver.received.filter((r) => r.at > now - SLOW_MS).length;
  const received = webhooks.map((w) => `${w.name} ${w.receiver.received.length}`).join('/');
  let statuses = '?';
  try {
    const recordings = await listRecordings(token, 1_000);
    const count = new Map<string, number>();
    for (const r of recordings) count.set(r.status, (count.get(r.status) ?? 0) + 1);
    statuses = [...count].map(([s, c]) => `${c} ${s}`).join(', ') || 'none';
  } catch {
    // the runtime is slow to answer; the kill goes ahead anyway
  }
  return `uploads ${uploadsDone}/${UPLOADS}, recordings: ${statuses}, requests ${received}, ${inFlight} slow in flight`;
}

interface Observation {
  readonly done: boolean;
  readonly why: string;
  readonly recordings: ListedRecording[];
  readonly events: Map<number, { id: string; type: string }[]>;
  /** Per webhook: the delivery ids the outbox's events call for. */
  readonly expected: Map<number, Set<string>>;
  readonly deliveries: Map<number, DeliveryView[]>;
  readonly unpublished: number;
  readonly due: number;
}

async function observe(token: string, webhooks: Webhook[]): Promise<Observation> {
  const store = new StoreReader(live!.runtime.env);
  try {
    const recordings = await listRecordings(token);
    const events = new Map<number, { id: string; type: string }[]>();
    for (const r of recordings) events.set(r.id, await store.recordingEvents(r.id));
    const expected = new Map<number, Set<string>>();
    const deliveries = new Map<number, DeliveryView[]>();
    for (const w of webhooks) {
      expected.set(w.id, new Set([...events.values()].flat().map((e) => deliveryId(e.id, w.id))));
      deliveries.set(w.id, await listDeliveries(token, w.id));
    }
    const unpublished = await store.unpublishedEvents();
    const due = await store.dueDeliveries();
    const reasons: string[] = [];
    const busy = recordings.filter((r) => r.status !== 'COMPLETED' && r.status !== 'FAILED');
    if (recordings.length < UPLOADS) reasons.push(`${recordings.length}/${UPLOADS} recordings`);
    if (busy.length > 0) reasons.push(`${busy.length} recordings busy`);
    for (const w of webhooks) {
      const missing = [...expected.get(w.id)!].filter((id) => !w.arrived().has(id)).length;
      const open = deliveries.get(w.id)!.filter((d) => d.status === 'pending' || d.status === 'retrying').length;
      if (missing > 0) reasons.push(`${missing} not yet at ${w.name}`);
      if (open > 0) reasons.push(`${open} ${w.name} deliveries open`);
    }
    if (unpublished > 0) reasons.push(`${unpublished} events unpublished`);
    if (due > 0) reasons.push(`${due} deliveries due`);
    return { done: reasons.length === 0, why: reasons.join(', ') || 'all final', recordings, events, expected, deliveries, unpublished, due };
  } finally {
    store.close();
  }
}

/** The stored items of what did not finish, and the runtimes' own output (with CHAOS_LOG_LEVEL). */
async function diagnose(state: Observation): Promise<string[]> {
  const lines: string[] = [];
  const store = new StoreReader(live!.runtime.env);
  try {
    for (const r of state.recordings.filter((x) => x.status !== 'COMPLETED')) {
      lines.push(`recording ${r.id}: ${JSON.stringify(await store.recording(r.id))}`);
      lines.push(`  its events: ${JSON.stringify(state.events.get(r.id))}`);
    }
  } finally {
    store.close();
  }
  for (const [id, list] of state.deliveries) {
    for (const d of list.filter((x) => x.status !== 'success')) lines.push(`webhook ${id} delivery ${JSON.stringify(d)}`);
  }
  processes.forEach((p, i) => {
    const out = p.output().trim();
    if (out) lines.push(`runtime ${i} output (tail):\n${out.slice(-3000)}`);
  });
  return lines;
}

function totals(o: Observation) {
  return {
    recordings: o.recordings.length,
    completed: o.recordings.filter((r) => r.status === 'COMPLETED').length,
    events: [...o.events.values()].reduce((n, e) => n + e.length, 0),
    deliveries: [...o.deliveries.entries()].map(([id, d]) => ({ webhook: id, total: d.length, success: d.filter((x) => x.status === 'success').length })),
  };
}
