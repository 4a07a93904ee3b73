// The local stack as a child process (test/support/local-process.ts), in memory, for one
// benchmark. stop() always ends what was started: the runtime, then, by its pid, the
// DynamoDB Local it spawned if the runtime left it behind.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAlive } from '../../../infra/local/runtime-file.ts';
import { startLocalProcess, type LocalProcess } from '../../support/local-process.ts';

export interface BenchStack {
  readonly url: string;
  /** AWS_ENDPOINT_URL_* and resource names, to point in-process code at the same emulators. */
  readonly env: Record<string, string>;
  readonly adminToken: string;
  readonly pids: { readonly runtime: number; readonly dynamo: number };
  /** Ends the runtime and its DynamoDB Local; throws if either is still running after. */
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 20_000;

export async function startStack(settings: Record<string, string>): Promise<BenchStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-bench-stack-'));
  let local: LocalProcess;
  try {
    local = await startLocalProcess(dataDir, { LOCAL_IN_MEMORY: 'true', LOG_LEVEL: 'SILENT', ...settings });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = () => stopLocal(local, dataDir);
  try {
    const adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const pids = { runtime: local.runtime.pid, dynamo: local.runtime.dynamoPid };
    return { url: local.runtime.url, env: local.runtime.env, adminToken, pids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopLocal(local: LocalProcess, dataDir: string): Promise<void> {
  const timeout = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), STOP_GRACE_MS).unref());
  const code = await Promise.race([local.stop('SIGTERM'), timeout]);
  if (code === 'timeout') await local.stop('SIGKILL');
  else if (code !== 0) process.stderr.write(`local stack exited with ${code}:\n${local.output().slice(-2000)}\n`);
  const dynamoPid = local.runtime.dynamoPid;
  if (dynamoPid && isAlive(dynamoPid)) process.kill(dynamoPid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await assertGone([local.runtime.pid, dynamoPid]);
}

/** Both processes must be gone (a SIGKILLed one may take a moment to be reaped). */
async function assertGone(pids: readonly number[]): Promise<void> {
  for (let attempt = 0; attempt < 50 && pids.some(isAlive); attempt++) await new Promise((r) => setTimeout(r, 100));
  const alive = pids.filter(isAlive);
  if (alive.length) throw new Error(`processes still running after stop: ${alive.join(', ')}`);
}
