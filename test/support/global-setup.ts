// Starts one local stack for the whole run, as its own process the way `npm start` runs it
// (in memory, to be quick). Test files reach it through inject('stack'). The run fails when
// the stack did not stop cleanly or when IAM refused any function's AWS call meanwhile: every
// refusal is a grant the deployed stack would lack (README: IAM locally).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readRefusals, REFUSAL_FILE } from '../../infra/local/iam/enforce.ts';
import { describeRefusal } from '../../infra/local/iam/proxy.ts';
import { startLocalProcess } from './local-process.ts';

export interface StackInfo {
  readonly url: string;
  readonly env: Record<string, string>;
  readonly adminToken: string;
  readonly dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export default async function setup(project: Pick<TestProject, 'provide'>): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-test-'));
  // An upload limit just over the web app's 120 MB multipart test (the 413 tests declare sizes
  // above it, never send them); short sweeps so recovery is quick.
  const local = await startLocalProcess(dataDir, { LOCAL_IN_MEMORY: 'true', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'SILENT', UPLOAD_MAX_MB: '128', UPLOAD_MULTIPART_THRESHOLD_MB: '5', SWEEP_INTERVAL_SECONDS: '2' });
  const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  project.provide('stack', { url: local.runtime.url, env: local.runtime.env, adminToken, dataDir });
  return async () => {
    const code = await local.stop();
    const refusals = readRefusals(join(dataDir, REFUSAL_FILE));
    rmSync(dataDir, { recursive: true, force: true });
    const problems = [
      ...(code === 0 ? [] : [`the local stack exited with ${code} on SIGTERM:\n${local.output()}`]),
      ...(refusals.length === 0 ? [] : [`IAM refused ${refusals.length} AWS call(s) of the stack's functions during the run:\n${refusals.map((r) => `  ${describeRefusal(r)}`).join('\n')}`]),
    ];
    if (problems.length === 0) return;
    // Vitest only logs an error thrown here; the exit code is what fails the run.
    process.exitCode = 1;
    throw new Error(problems.join('\n'));
  };
}
