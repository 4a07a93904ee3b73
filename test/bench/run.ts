// `npm run bench [-- --quick] [-- --only <name>[,<name>]]`: runs the benchmarks, prints one
// Markdown table on stdout (progress on stderr) and writes the raw numbers with the machine
// description to bench/results/<ISO timestamp>.json (git-ignored).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { asrAccuracy } from './asr-accuracy.ts';
import { asrDiarization } from './asr-diarization.ts';
import { asrRtf } from './asr-rtf.ts';
import { coldImport } from './cold-import.ts';
import { describeMachine, machineInfo } from './lib/machine.ts';
import type { Benchmark, Row } from './lib/types.ts';
import { failedGoals, renderTable } from './report.ts';
import { pipelineOverhead } from './pipeline-overhead.ts';
import { recordingsList } from './recordings-list.ts';
import { search } from './search.ts';
import { uploadMemory } from './upload-memory.ts';
import { usersMe } from './users-me.ts';
import { webhookDelivery } from './webhook-delivery.ts';
import { logger } from '#shared/logger.ts';

/** Every benchmark, in the order they run. A new one is a file plus a line here. */
const BENCHMARKS: readonly Benchmark[] = [coldImport, usersMe, recordingsList, uploadMemory, pipelineOverhead, asrRtf, asrAccuracy, asrDiarization, webhookDelivery, search];

// Service code run in this process would otherwise log every request into the report.
logger.setLogLevel('SILENT');

const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

function parseOptions(): { quick: boolean; only: string[] | undefined } {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    process.stdout.write(`Usage: npm run bench -- [--quick] [--only <name>[,<name>]]\n\n${BENCHMARKS.map((b) => `  ${b.name.padEnd(14)} ${b.description}`).join('\n')}\n`);
    process.exit(0);
  }
  return { quick: values.quick, only: values.only?.split(',').map((s) => s.trim()).filter(Boolean) };
}

function select(only: string[] | undefined): Benchmark[] {
  if (!only) return [...BENCHMARKS];
  const unknown = only.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length) throw new Error(`Unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
  return BENCHMARKS.filter((b) => only.includes(b.name));
}

interface Outcome {
  readonly name: string;
  readonly seconds: number;
  readonly rows: readonly Row[];
  readonly data?: unknown;
  readonly error?: string;
}

async function runOne(bench: Benchmark, quick: boolean): Promise<Outcome> {
  const log = (message: string) => process.stderr.write(`[${bench.name}] ${message}\n`);
  const started = performance.now();
  log(`starting${quick ? ' (quick)' : ''}`);
  try {
    const { rows, data } = await bench.run({ quick, log });
    const seconds = (performance.now() - started) / 1000;
    log(`done in ${seconds.toFixed(1)} s`);
    return { name: bench.name, seconds, rows, data };
  } catch (error) {
    const seconds = (performance.now() - started) / 1000;
    log(`FAILED after ${seconds.toFixed(1)} s: ${(error as Error).stack ?? String(error)}`);
    return { name: bench.name, seconds, rows: [{ benchmark: bench.name, measured: 'error', note: (error as Error).message }], error: String(error) };
  }
}

function writeResults(result: unknown, startedAt: Date): string {
  const dir = join(PROJECT_ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${startedAt.toISOString().replace(/:/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

async function main(): Promise<void> {
  const { quick, only } = parseOptions();
  const startedAt = new Date();
  const machine = machineInfo(PROJECT_ROOT);
  let selected: Benchmark[];
  try {
    selected = select(only);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  const outcomes: Outcome[] = [];
  for (const bench of selected) outcomes.push(await runOne(bench, quick));
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  const rows = outcomes.flatMap((o) => o.rows);
  process.stdout.write(`\n${renderTable(rows)}\n\n${quick ? 'Quick run' : 'Full run'} in ${seconds.toFixed(1)} s on ${describeMachine(machine)}.\n`);
  const file = writeResults({ startedAt: startedAt.toISOString(), quick, seconds, machine, benchmarks: outcomes }, startedAt);
  const failed = failedGoals(rows);
  process.stdout.write(`${failed.length} goal(s) missed. Results: ${file}\n`);
  // Goals missed are reported, not fatal; a benchmark that could not run is.
  if (outcomes.some((o) => o.error)) process.exitCode = 1;
}

await main();
