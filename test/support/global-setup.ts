// Starts one local stack for the whole run, as its own process the way `npm start` runs it
// (in memory, to be quick). Test files reach it through inject('stack').
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-test-'));
  // An upload limit just over the web app's 120 MB multipart test (the 413 tests declare sizes
  // above it, never send them); short sweeps so recovery is quick.
  const local = await startLocalProcess(dataDir, { LOCAL_IN_MEMORY: 'true', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'SILENT', UPLOAD_MAX_MB: '128', UPLOAD_MULTIPART_THRESHOLD_MB: '5', SWEEP_INTERVAL_SECONDS: '2' });
  const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  project.provide('stack', { url: local.runtime.url, env: local.runtime.env, adminToken, dataDir });
  return async () => {
    const code = await local.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`the local stack exited with ${code} on SIGTERM:\n${local.output()}`);
  };
}
