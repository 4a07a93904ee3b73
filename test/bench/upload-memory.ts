// Peak memory of the runtime process while it takes a small and a big upload, through the
// multipart route and through the presigned flow, each case in a fresh stack. The multipart
// route is a Lambda behind API Gateway, which takes at most 6 MB of request (about 4.4 MB of
// file in base64), as the local gateway enforces: it is measured at 1 and 4 MB, and a 5 MB
// upload is checked to be refused (413); the 500 MB goal is the presigned flow's. Memory is VmRSS sampled
// every 100 ms plus the kernel's VmHWM (reset before the upload). The local S3 (s3rver, in the
// runtime's process) streams objects to and from disk, so the whole process is measured: the
// presigned flow's PUTs go to the S3 stand-in only, its completion step is the service's own
// read back, hash and sniff.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hwmBytes, mb, resetPeak, rssBytes, sampleRss } from './lib/rss.ts';
import { startStack, type BenchStack } from './lib/stack.ts';
import type { Benchmark, BenchOptions, Row } from './lib/types.ts';
import { declare, multipartUpload, presignedUpload, waitCompleted, type Uploaded } from './lib/upload-client.ts';
import { wavBytes, writeWavFile } from './lib/wav.ts';
import { sharedFakeProviderSettings } from '../support/fake-openai.ts';

const MiB = 1024 * 1024;
const BASE = { RATE_LIMIT_PROCESSING_PER_MINUTE: '0', RATE_LIMIT_READ_PER_MINUTE: '0', LOG_LEVEL: 'SILENT' };
/** The presigned flow as deployed: one PUT up to the multipart threshold, parts beyond. */
const PRESIGNED = BASE;
const RATIO_GOAL = 1.2;
const PROBE_BYTES = 12 * MiB;
/** Small and big file per flow: the multipart route's big one is the largest its 6 MB request takes. */
const SIZES = (quick: boolean): Record<Flow, readonly [number, number]> => ({ 'multipart route': [1 * MiB, 4 * MiB], presigned: [5 * MiB, (quick ? 100 : 500) * MiB] });

type Flow = 'multipart route' | 'presigned';

interface CaseResult {
  readonly flow: Flow;
  readonly bytes: number;
  readonly seconds: number;
  readonly idleRss: number;
  readonly peakRss: number;
  readonly hwm: number;
  readonly hwmReset: boolean;
  /** Presigned only: the peak while the PUTs ran, and the RSS when completion started. */
  readonly putPeakRss?: number;
  readonly rssAtComplete?: number;
  readonly completePeakRss?: number;
  readonly plan?: string;
  readonly hwmAfterPipeline: number;
  /** With the default settings, a presigned PUT of PROBE_BYTES. */
  readonly defaultPresignedPutStatus?: string;
  /** The upload itself failed. */
  readonly error?: string;
}

const pause = (msTime: number) => new Promise((r) => setTimeout(r, msTime));

async function upload(flow: Flow, stack: BenchStack, file: string, onPhase?: (phase: 'put' | 'complete') => void): Promise<Uploaded & { method?: string; parts?: number }> {
  return flow === 'presigned' ? presignedUpload(stack.url, stack.adminToken, file, onPhase) : multipartUpload(stack.url, stack.adminToken, file, { title: 'bench upload' });
}

/** A presigned PUT of PROBE_BYTES, as the default settings plan it (one PUT up to 100 MB). */
async function probeDefaultPresigned(stack: BenchStack): Promise<string> {
  const plan = await declare(stack.url, stack.adminToken, 'probe.wav', PROBE_BYTES);
  try {
    const response = await fetch(plan.url ?? plan.parts![0]!.url, { method: 'PUT', headers: plan.headers ?? {}, body: wavBytes(PROBE_BYTES) });
    return `HTTP ${response.status} ${(await response.text()).slice(0, 80)}`;
  } catch (error) {
    // An emulator that refuses the size may answer 413 and close the connection while the body is still being sent.
    return `connection closed (${String((error as { cause?: { code?: string } }).cause?.code ?? error)})`;
  }
}

async function runCase(flow: Flow, bytes: number, files: { small: string; big: string }, log: BenchOptions['log']): Promise<CaseResult> {
  const stack = await startStack({ ...(flow === 'presigned' ? PRESIGNED : BASE), ...(await sharedFakeProviderSettings()) });
  const pid = stack.pids.runtime;
  const label = `${flow} ${mb(bytes)}`;
  log(`${label}: stack at ${stack.url} (runtime pid ${pid}, DynamoDB Local pid ${stack.pids.dynamo})`);
  try {
    // The same flow once with a 1 s file, through the pipeline, so code and clients are loaded.
    const warm = await upload(flow, stack, files.small);
    await waitCompleted(stack.url, stack.adminToken, warm.id, 50);
    await pause(500);
    const idleRss = rssBytes(pid);
    const hwmReset = resetPeak(pid);
    let sampler = sampleRss(pid);
    let putPeakRss: number | undefined;
    let rssAtComplete: number | undefined;
    const started = performance.now();
    let result: Awaited<ReturnType<typeof upload>>;
    try {
      result = await upload(flow, stack, files.big, (phase) => {
        if (phase !== 'complete') return;
        putPeakRss = sampler.stop().peakRss;
        rssAtComplete = rssBytes(pid);
        sampler = sampleRss(pid);
      });
    } catch (error) {
      const { peakRss, hwm } = sampler.stop();
      log(`${label}: upload failed: ${(error as Error).message}`);
      return { flow, bytes, seconds: (performance.now() - started) / 1000, idleRss, peakRss: Math.max(peakRss, hwm || 0), hwm, hwmReset, hwmAfterPipeline: Number.NaN, error: (error as Error).message };
    }
    const seconds = (performance.now() - started) / 1000;
    const sampled = sampler.stop();
    const peakRss = Math.max(sampled.peakRss, putPeakRss ?? 0);
    if (result.file_size !== bytes) throw new Error(`${label}: stored ${result.file_size} bytes`);
    await waitCompleted(stack.url, stack.adminToken, result.id, 100);
    const hwmAfterPipeline = hwmBytes(pid);
    const defaultPresignedPutStatus = flow === 'presigned' && bytes < PROBE_BYTES ? await probeDefaultPresigned(stack) : undefined;
    log(`${label}: ${seconds.toFixed(1)} s, idle ${mb(idleRss)}, peak ${mb(peakRss)} (VmHWM ${mb(sampled.hwm)}), after pipeline VmHWM ${mb(hwmAfterPipeline)}`);
    return {
      flow, bytes, seconds, idleRss, peakRss, hwm: sampled.hwm, hwmReset, putPeakRss, rssAtComplete, completePeakRss: rssAtComplete === undefined ? undefined : sampled.peakRss,
      plan: result.method ? `${result.method}${result.parts && result.parts > 1 ? ` × ${result.parts} parts` : ''}` : undefined, hwmAfterPipeline, defaultPresignedPutStatus,
    };
  } finally {
    await stack.stop();
    log(`${label}: stack stopped, pids ${pid} and ${stack.pids.dynamo} gone`);
  }
}

function caseRow(c: CaseResult): Row {
  if (c.error) return { benchmark: `upload memory: ${c.flow} ${mb(c.bytes)}`, measured: 'upload failed', note: `${c.error.slice(0, 160)} (after ${c.seconds.toFixed(1)} s, peak so far ${mb(c.peakRss)})` };
  const peak = Math.max(c.peakRss, Number.isNaN(c.hwm) ? 0 : c.hwm);
  const growth = peak - c.idleRss;
  const phases = c.putPeakRss === undefined ? '' : `; PUT phase peak ${mb(c.putPeakRss)} (the local S3 receiving), completion ${mb(c.rssAtComplete!)} → ${mb(c.completePeakRss!)} (+${mb(c.completePeakRss! - c.rssAtComplete!)}: joining the parts on disk, then the service reading the object back)`;
  return {
    benchmark: `upload memory: ${c.flow} ${mb(c.bytes)}`,
    measured: `peak ${mb(peak)} · idle ${mb(c.idleRss)} · +${mb(growth)}`,
    note: `${c.plan ? `${c.plan}, ` : ''}${c.seconds.toFixed(1)} s (${(c.bytes / MiB / c.seconds).toFixed(0)} MB/s); growth − object bytes = ${mb(growth - c.bytes)}${phases}; VmHWM after the pipeline ${mb(c.hwmAfterPipeline)}${c.hwmReset ? '' : ' (VmHWM not reset: sampled VmRSS only)'}`,
  };
}

/** A 5 MB file through the multipart route: refused with 413, as API Gateway and Lambda refuse it. */
async function overLimitRow(path: string, log: BenchOptions['log']): Promise<Row> {
  const stack = await startStack({ ...BASE, ...(await sharedFakeProviderSettings()) });
  try {
    const answer = await multipartUpload(stack.url, stack.adminToken, path, { title: 'over the limit' }).then(
      () => 'stored',
      (error: Error) => error.message.slice(0, 120),
    );
    log(`multipart route 5 MB: ${answer}`);
    return { benchmark: 'upload: multipart route 5 MB (over the 6 MB request limit in base64)', measured: answer.includes('413') ? '413' : answer, goal: '413, as Lambda answers', pass: answer.includes('413'), note: 'bigger files take the presigned flow (POST /recordings/uploads)' };
  } finally {
    await stack.stop();
  }
}

function flowRows(small: CaseResult, big: CaseResult): Row[] {
  const peak = (c: CaseResult) => Math.max(c.peakRss, Number.isNaN(c.hwm) ? 0 : c.hwm);
  if (small.error || big.error) {
    const failed = small.error ? small : big;
    return [caseRow(small), caseRow(big), { benchmark: `upload memory: ${big.flow} ${mb(big.bytes)} vs ${mb(small.bytes)}`, measured: `the ${mb(failed.bytes)} upload failed`, goal: `≤ ${RATIO_GOAL}×`, pass: false }];
  }
  const ratio = peak(big) / peak(small);
  return [
    caseRow(small),
    caseRow(big),
    {
      benchmark: `upload memory: ${big.flow} ${mb(big.bytes)} vs ${mb(small.bytes)}`,
      measured: `${ratio.toFixed(2)}× · ${mb(peak(big))} vs ${mb(peak(small))}`,
      ...(big.flow === 'presigned' ? { goal: `≤ ${RATIO_GOAL}× the peak for ${mb(small.bytes)}`, pass: ratio <= RATIO_GOAL } : {}),
      note: `whole runtime process (gateway, handlers, workers and the local S3 streaming to disk); peak growth over idle ${mb(peak(big) - big.idleRss)} for ${mb(big.bytes)}, ${mb(peak(small) - small.idleRss)} for ${mb(small.bytes)}`,
    },
  ];
}

export const uploadMemory: Benchmark = {
  name: 'upload-memory',
  description: 'Peak RSS of the runtime for a small and a big upload, multipart route and presigned flow',
  async run({ quick, log }) {
    const sizes = SIZES(quick);
    const dir = mkdtempSync(join(tmpdir(), 'verbatim-bench-upload-'));
    try {
      const small = join(dir, 'warm-up.wav');
      await writeWavFile(small, 32_044);
      const file = (bytes: number) => join(dir, `recording-${bytes}.wav`);
      for (const bytes of new Set([...sizes['multipart route'], ...sizes.presigned, 5 * MiB])) await writeWavFile(file(bytes), bytes);
      const cases: CaseResult[] = [];
      const rows: Row[] = [];
      for (const flow of ['multipart route', 'presigned'] as const) {
        const flowCases: CaseResult[] = [];
        for (const bytes of sizes[flow]) flowCases.push(await runCase(flow, bytes, { small, big: file(bytes) }, log));
        cases.push(...flowCases);
        rows.push(...flowRows(flowCases[0]!, flowCases[1]!));
      }
      rows.push(await overLimitRow(file(5 * MiB), log));
      const probe = cases.find((c) => c.defaultPresignedPutStatus !== undefined)?.defaultPresignedPutStatus;
      rows.push({
        benchmark: `presigned PUT of ${mb(PROBE_BYTES)}, default settings`,
        measured: probe ?? 'not run',
        goal: '200, as S3 answers',
        pass: probe?.startsWith('HTTP 200') ?? false,
        note: 'the plan asks for one PUT up to 100 MB and parts up to 64 MB, as S3 takes them; the local S3 streams them to disk, and the measured presigned cases use the default plan',
      });
      return { rows, data: { sizes, cases } };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
