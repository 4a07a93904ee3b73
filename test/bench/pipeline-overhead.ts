// What the pipeline itself costs: with ASR_PROVIDER=openai and LLM_PROVIDER=openai answered by a fake server on loopback (fixed
// results at once), the wall time from starting the upload of a 1 s WAV to seeing COMPLETED on
// GET /recordings/{id}/status, polled every 20 ms, one recording after another. The recording's
// events (their timestamps) split that time into steps.
import { recordingEvents } from '#shared/store/outbox.ts';
import { withServiceEnv } from './lib/service-env.ts';
import { startStack, type BenchStack } from './lib/stack.ts';
import { median, ms, summarize, type Summary } from './lib/stats.ts';
import type { Benchmark, BenchOptions, Row } from './lib/types.ts';
import { waitCompleted } from './lib/upload-client.ts';
import { wavBytes } from './lib/wav.ts';
import { sharedFakeProviderSettings } from '../support/fake-openai.ts';

const SETTINGS = { RATE_LIMIT_PROCESSING_PER_MINUTE: '0', RATE_LIMIT_READ_PER_MINUTE: '0', LOG_LEVEL: 'SILENT' };
const POLL_MS = 20;
const GOAL_MS = 1000;
const WARM_UP = 2;
const ONE_SECOND_WAV = 44 + 32_000;

interface Run {
  readonly id: number;
  readonly uploadMs: number;
  readonly totalMs: number;
}

async function uploadOne(stack: BenchStack, index: number): Promise<{ id: number }> {
  const form = new FormData();
  // A little noise makes every file different, so none is flagged as a duplicate.
  form.append('file', new Blob([wavBytes(ONE_SECOND_WAV)], { type: 'audio/wav' }), `one-second-${index}.wav`);
  const response = await fetch(`${stack.url}/api/v1/recordings/upload`, { method: 'POST', headers: { authorization: `Bearer ${stack.adminToken}` }, body: form });
  const body = (await response.json()) as { id: number };
  if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function runOne(stack: BenchStack, index: number): Promise<Run> {
  const started = performance.now();
  const { id } = await uploadOne(stack, index);
  const uploadMs = performance.now() - started;
  await waitCompleted(stack.url, stack.adminToken, id, POLL_MS, 60_000);
  return { id, uploadMs, totalMs: performance.now() - started };
}

/** Median time between consecutive events of the same two types, across the recordings. */
async function stepTimes(ids: readonly number[]): Promise<{ step: string; medianMs: number }[]> {
  const gaps = new Map<string, number[]>();
  for (const id of ids) {
    const events = (await recordingEvents(id)).sort((a, b) => a.seq - b.seq);
    for (let i = 1; i < events.length; i++) {
      const step = `${events[i - 1]!.type} → ${events[i]!.type}`;
      gaps.set(step, [...(gaps.get(step) ?? []), Date.parse(events[i]!.timestamp) - Date.parse(events[i - 1]!.timestamp)]);
    }
  }
  return [...gaps].map(([step, values]) => ({ step, medianMs: median(values) }));
}

async function measure(count: number, log: BenchOptions['log']): Promise<{ runs: Run[]; total: Summary; upload: Summary; steps: { step: string; medianMs: number }[] }> {
  log('starting the local stack');
  const stack = await startStack({ ...SETTINGS, ...(await sharedFakeProviderSettings()) });
  log(`stack at ${stack.url} (runtime pid ${stack.pids.runtime}, DynamoDB Local pid ${stack.pids.dynamo})`);
  try {
    for (let i = 0; i < WARM_UP; i++) await runOne(stack, -1 - i);
    const runs: Run[] = [];
    for (let i = 0; i < count; i++) runs.push(await runOne(stack, i));
    const total = summarize(runs.map((r) => r.totalMs));
    log(`${count} recordings: upload → COMPLETED p50 ${ms(total.p50)}, p99 ${ms(total.p99)}`);
    const steps = await withServiceEnv({ ...stack.env, LOG_LEVEL: 'SILENT' }, () => stepTimes(runs.map((r) => r.id)));
    return { runs, total, upload: summarize(runs.map((r) => r.uploadMs)), steps };
  } finally {
    await stack.stop();
    log(`stack stopped, pids ${stack.pids.runtime} and ${stack.pids.dynamo} gone`);
  }
}

export const pipelineOverhead: Benchmark = {
  name: 'pipeline-overhead',
  description: 'Upload of a 1 s WAV → COMPLETED with fake ASR and LLM: the pipeline’s own cost (queues, store, events)',
  async run({ quick, log }) {
    const count = quick ? 10 : 30;
    const { runs, total, upload, steps } = await measure(count, log);
    const rows: Row[] = [
      {
        benchmark: 'pipeline: upload (1 s WAV) → COMPLETED',
        measured: `p50 ${ms(total.p50)} · p99 ${ms(total.p99)}`,
        goal: `p50 and p99 ≤ ${ms(GOAL_MS)}`,
        pass: total.p50 <= GOAL_MS && total.p99 <= GOAL_MS,
        note: `${count} recordings one after another, ASR_PROVIDER=openai LLM_PROVIDER=openai answered at once by a fake server on loopback (auto-summarize on), status polled every ${POLL_MS} ms; min ${ms(total.min)}, max ${ms(total.max)}`,
      },
      {
        benchmark: 'pipeline: upload request (202)',
        measured: `p50 ${ms(upload.p50)} · p99 ${ms(upload.p99)}`,
        note: 'POST /recordings/upload until its answer: the part of the time above spent before queueing',
      },
      {
        benchmark: 'pipeline: steps (median between events)',
        measured: steps.map((s) => `${s.step} ${ms(s.medianMs)}`).join('; '),
        note: 'from the recording events’ timestamps (ms resolution), in order',
      },
    ];
    return { rows, data: { count, pollMs: POLL_MS, runs, total, upload, steps } };
  },
};
