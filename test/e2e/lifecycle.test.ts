// `npm start`'s lifecycle (issue 16 items 1, 3, 4, 5, 6): every socket of the stack on loopback
// only, the audio an earlier run left removed (its own only), the start steps with their times, one clear line when the data folder or the port is
// taken, and SIGINT/SIGTERM stopping everything, DynamoDB Local included, within 10 s.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningSockets, processTree, socketInodes } from '../../infra/local/procfs.ts';
import { readRuntimeFile } from '../../infra/local/runtime-file.ts';
import { scratchPrefix } from '#shared/scratch.ts';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';

const root = resolve(import.meta.dirname, '../..');
const folders: string[] = [];
const running: LocalProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.destroy();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-lifecycle-'));
  folders.push(dir);
  return dir;
};
const LOOPBACK = new Set(['127.0.0.1', '::ffff:127.0.0.1', '::1']);
/** Not a zombie: a process that exited but is not yet reaped serves nothing. */
const alive = (pid: number) => {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs main.ts to its end; what it printed and its exit code. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], { cwd: root, env: { ...process.env, LOG_LEVEL: 'WARN', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((done) => child.once('close', (code) => done({ code, stdout, stderr })));
}

/** Starts main.ts and returns once DynamoDB Local is spawned, before the runtime is ready. */
async function startingProcess(): Promise<{ child: ReturnType<typeof spawn>; dynamoPid: number; exited: Promise<number | null> }> {
  const dataDir = folder();
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'WARN' }, stdio: 'ignore' });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  for (;;) {
    const file = readRuntimeFile(dataDir);
    if (file?.dynamoPid) {
      if (file.ready) throw new Error('the runtime was ready before the test could signal it while starting');
      return { child, dynamoPid: file.dynamoPid, exited };
    }
    if (child.exitCode !== null) throw new Error(`main.ts exited with ${child.exitCode} while starting`);
    await settle(50);
  }
}

/** How long a process takes to exit after `signals` (sent 50 ms apart), and with what code. */
async function timedStop(child: ReturnType<typeof spawn>, exited: Promise<number | null>, signals: NodeJS.Signals[]) {
  const began = Date.now();
  for (const signal of signals) {
    child.kill(signal);
    await settle(50);
  }
  const code = await exited;
  return { code, ms: Date.now() - began };
}

describe('npm start', () => {
  let first: LocalProcess;
  let dataDir = '';

  it('removes the audio an earlier run of its data folder left (no other), and listens on loopback only, in every process of the stack (DynamoDB Local included)', async () => {
    dataDir = folder();
    // Audio a SIGKILLed run of this data folder left, and a folder of another data folder's run.
    const left = (['asr', 'job'] as const).map((kind) => mkdtempSync(join(tmpdir(), scratchPrefix(kind, dataDir))));
    const others = mkdtempSync(join(tmpdir(), scratchPrefix('job', `${dataDir}-other`)));
    folders.push(others);
    first = await startLocalProcess(dataDir);
    running.push(first);
    expect(left.filter((dir) => existsSync(dir))).toEqual([]);
    expect(existsSync(others)).toBe(true);
    const tree = processTree(first.child.pid!);
    expect(tree).toContain(first.runtime.dynamoPid);
    const inodes = new Set(tree.flatMap((pid) => [...socketInodes(pid)]));
    const sockets = listeningSockets().filter((s) => inodes.has(s.inode));
    const ports = Object.values({ gateway: first.runtime.url, ...first.runtime.endpoints }).map((url) => Number(new URL(url).port));
    const listening = sockets.map((s) => s.port);
    for (const port of ports) expect(listening).toContain(port);
    expect(sockets.filter((s) => !LOOPBACK.has(s.address))).toEqual([]);
  }, 900_000);

  it('prints each start step with its time, and the total time to ready', () => {
    const lines = first.output().split('\n');
    for (const step of ['checking data folder and port', 'checking engines', 'function bundles', 'starting database (DynamoDB Local)', 'starting queues (fauxqs)', 'starting storage (S3)', 'starting scheduler', 'starting functions and gateway']) {
      expect(lines.some((line) => line.startsWith(`  ${step} … `) && /(cached, |built, )?\d+\.\d s$/.test(line))).toBe(true);
    }
    expect(lines.some((line) => /^ {2}checking engines … speech local, language local, \d+\.\d s$/.test(line))).toBe(true);
    expect(lines).toContain(`Ready in ${/Ready in (\d+\.\d s)/.exec(first.output())?.[1]}: ${first.runtime.url} (API explorer, once signed in: ${first.runtime.url}/api/v1/docs). Ctrl-C stops it.`);
  });

  it('refuses a second start on the same data folder in one line naming the owner, without a stack trace', async () => {
    const second = await runToExit({ DATA_DIR: dataDir, PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(`verbatim: a runtime (pid ${first.child.pid}) already serves ${dataDir} at ${first.runtime.url}; stop it first (kill ${first.child.pid})\n`);
  }, 120_000);

  it('refuses a second start on the same port in one line naming the process that holds it', async () => {
    const port = new URL(first.runtime.url).port;
    const second = await runToExit({ DATA_DIR: folder(), PORT: port });
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(`verbatim: http://127.0.0.1:${port} is already in use by pid ${first.child.pid} (node); stop it or set PORT to another port\n`);
  }, 120_000);

  it('stops everything within 10 s with exit 0 on SIGINT, counting a Ctrl-C delivered twice (terminal and npm) once', async () => {
    const tree = processTree(first.child.pid!);
    const stopped = new Promise<number | null>((done) => first.child.once('exit', (code) => done(code)));
    const { code, ms } = await timedStop(first.child, stopped, ['SIGINT', 'SIGINT']);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(tree.filter(alive)).toEqual([]);
    expect(readRuntimeFile(dataDir)).toBeUndefined();
  }, 60_000);

  it('stops a start in progress within 10 s with exit 0 on SIGTERM, DynamoDB Local included', async () => {
    const { child, dynamoPid, exited } = await startingProcess();
    const { code, ms } = await timedStop(child, exited, ['SIGTERM']);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    await settle(200);
    expect(alive(dynamoPid)).toBe(false);
  }, 300_000);

  it('stops everything within 10 s with exit 0 on SIGTERM to the npm process', async () => {
    const dataDir = folder();
    const npm = spawn('npm', ['start'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOCAL_IN_MEMORY: 'true', LOG_LEVEL: 'WARN' }, stdio: 'ignore' });
    const exited = new Promise<number | null>((done) => npm.once('exit', (code) => done(code)));
    while (!readRuntimeFile(dataDir)?.ready) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}`);
      await settle(200);
    }
    const tree = processTree(npm.pid!);
    expect(tree).toContain(readRuntimeFile(dataDir)!.dynamoPid);
    const { code, ms } = await timedStop(npm, exited, ['SIGTERM']);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    await settle(200);
    expect(tree.filter(alive)).toEqual([]);
  }, 600_000);

  it('exits at once on a second signal, leaving no DynamoDB Local behind', async () => {
    const { child, dynamoPid, exited } = await startingProcess();
    const { code, ms } = await timedStop(child, exited, ['SIGTERM', 'SIGINT']);
    expect(code).toBe(1);
    expect(ms).toBeLessThan(2000);
    await settle(200);
    expect(alive(dynamoPid)).toBe(false);
  }, 300_000);
});
