// Setup waits for another apt or dpkg run's lock instead of failing (issue 16 item 5). The
// locks here are temporary files held by flock(1), as apt and dpkg hold theirs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockHolder, waitForAptLock } from '../../infra/local/apt-lock.mjs';

const dir = mkdtempSync(join(tmpdir(), 'verbatim-apt-lock-'));
const holders: ChildProcess[] = [];
afterAll(() => {
  for (const h of holders) h.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function holdLock(name: string, seconds: number): Promise<{ file: string; holder: ChildProcess }> {
  const file = join(dir, name);
  writeFileSync(file, '');
  const holder = spawn('flock', [file, 'sleep', String(seconds)], { stdio: 'ignore' });
  holders.push(holder);
  while (!lockHolder([file])) await new Promise((r) => setTimeout(r, 50));
  return { file, holder };
}

describe('waiting for the package manager lock', () => {
  it('sees no holder on a free lock and returns at once', async () => {
    const file = join(dir, 'free');
    writeFileSync(file, '');
    expect(lockHolder([file])).toBeUndefined();
    const lines: string[] = [];
    await waitForAptLock({ files: [file, join(dir, 'absent')], log: (l) => lines.push(l) });
    expect(lines).toEqual([]);
  });

  it('waits while another process holds the lock, saying once which process it waits for', async () => {
    const { file, holder } = await holdLock('held', 2);
    expect(lockHolder([file])).toMatchObject({ pid: holder.pid, command: 'flock', file });
    const lines: string[] = [];
    const began = Date.now();
    await waitForAptLock({ files: [file], intervalMs: 100, log: (l) => lines.push(l) });
    expect(Date.now() - began).toBeGreaterThan(1000);
    // It returned once the lock was free: the holder has ended, though Node may reap its exit a
    // moment later (on a loaded machine, after this line: a clean-clone CI run saw exitCode null).
    expect(lockHolder([file])).toBeUndefined();
    await new Promise((resolve) => ((holder.exitCode ?? holder.signalCode) !== null ? resolve(undefined) : holder.once('exit', resolve)));
    expect(lines).toEqual([`Waiting for flock (pid ${holder.pid}) to release ${file} (another apt or dpkg run; up to 5 minutes)…`]);
  });

  it('gives up after its time limit with a readable error', async () => {
    const { file, holder } = await holdLock('stuck', 30);
    await expect(waitForAptLock({ files: [file], timeoutMs: 300, intervalMs: 50, log: () => undefined })).rejects.toThrow(`flock (pid ${holder.pid}) still holds ${file}`);
  });
});
