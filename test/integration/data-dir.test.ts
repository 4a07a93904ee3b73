import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, DataDirBusyError, isAlive, readLiveRuntime, releaseDataDir } from '../../infra/local/runtime-file.ts';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-owner-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const deadPid = () => spawnSync('true').pid!;
const record = (dir: string, file: object) => writeFileSync(join(dir, 'runtime.json'), JSON.stringify(file));

describe('who owns a data folder', () => {
  it('refuses a folder whose owner is alive, naming it', () => {
    const dir = newDir();
    const sleeper = spawn('sleep', ['30']);
    try {
      record(dir, { pid: sleeper.pid, role: 'cli' });
      expect(() => claimDataDir(dir, 'runtime')).toThrow(DataDirBusyError);
      expect(() => claimDataDir(dir, 'runtime')).toThrow(/CLI command \(pid \d+\)/);
    } finally {
      sleeper.kill();
    }
  });

  it('takes over a folder whose owner died, and never kills a process that is not DynamoDB Local', () => {
    const dir = newDir();
    const bystander = spawn('sleep', ['30']);
    try {
      record(dir, { pid: deadPid(), role: 'runtime', dynamoPid: bystander.pid });
      claimDataDir(dir, 'runtime');
      expect(JSON.parse(readFileSync(join(dir, 'runtime.json'), 'utf8'))).toEqual({ pid: process.pid, role: 'runtime' });
      expect(isAlive(bystander.pid!)).toBe(true);
    } finally {
      bystander.kill();
    }
  });

  it('shows a runtime to the CLI only once it is ready to serve', () => {
    const dir = newDir();
    claimDataDir(dir, 'runtime');
    expect(readLiveRuntime(dir)).toBeUndefined();
    record(dir, { pid: process.pid, role: 'runtime', url: 'http://127.0.0.1:1', env: {} });
    expect(readLiveRuntime(dir)?.url).toBe('http://127.0.0.1:1');
    releaseDataDir(dir);
    expect(readLiveRuntime(dir)).toBeUndefined();
  });
});
