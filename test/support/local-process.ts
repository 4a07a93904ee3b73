// Runs `npm start`'s entry point as a child process, the way a user runs the service, and
// finds where it listens through DATA_DIR/runtime.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readRuntimeFile, type LiveRuntime, type RuntimeFile } from '../../infra/local/runtime-file.ts';

const root = resolve(import.meta.dirname, '../..');

export interface LocalProcess {
  readonly child: ChildProcess;
  readonly runtime: LiveRuntime & { readonly dynamoPid: number };
  readonly output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Cleanup after a test: SIGKILL, and the DynamoDB Local it started (which SIGKILL leaves behind). */
  destroy(): Promise<void>;
}

export async function startLocalProcess(dataDir: string, env: Record<string, string> = {}): Promise<LocalProcess> {
  const runtimeFile = join(dataDir, 'runtime.json');
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'WARN', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  // A first start synthesizes the stack (bundles and all), minutes on a busy machine; later ones hit the cache.
  const deadline = Date.now() + 600_000;
  const ready = () => {
    const file = readRuntimeFile(dirname(runtimeFile));
    return file !== undefined && file.pid === child.pid && file.ready === true;
  };
  while (!ready()) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      killRecordedDatabase(runtimeFile, child.pid);
      throw new Error(`local runtime did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // runtime.json says ready after the banner is written, but the pipe may not have been read yet.
  for (let waited = 0; !output.includes('Ready in ') && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
  const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as LocalProcess['runtime'];
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<number | null>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
      child.once('exit', (code) => done(code));
      child.kill(signal);
    });
  return {
    child,
    runtime,
    output: () => output,
    stop,
    destroy: async () => {
      await stop('SIGKILL');
      try {
        process.kill(runtime.dynamoPid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

/** A runtime killed while starting may have spawned DynamoDB Local already. */
function killRecordedDatabase(runtimeFile: string, pid: number | undefined): void {
  try {
    const file = JSON.parse(readFileSync(runtimeFile, 'utf8')) as RuntimeFile;
    if (file.pid === pid && file.dynamoPid) process.kill(file.dynamoPid, 'SIGKILL');
  } catch {
    // nothing was recorded, so nothing was started
  }
}
