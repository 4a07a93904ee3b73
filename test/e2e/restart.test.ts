import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-restart-'));
const running: LocalProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<LocalProcess> {
  const p = await startLocalProcess(dataDir);
  running.push(p);
  return p;
}

const me = (url: string, token: string) => fetch(`${url}/api/v1/users/me`, { headers: { authorization: `Bearer ${token}` } });
const databasesOf = (dir: string) => {
  try {
    return execFileSync('pgrep', ['-f', `${dir}/dynamodb`]).toString().trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};

describe('the local runtime keeps its data folder', () => {
  let adminToken = '';
  let extraToken = '';

  it('creates the first administrator once, with a token file only its owner can read', async () => {
    const first = await start();
    adminToken = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    expect(first.output()).toContain(adminToken);
    expect(statSync(join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600);
    expect((await me(first.runtime.url, adminToken)).status).toBe(200);
    const created = await fetch(`${first.runtime.url}/api/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'kept' }),
    });
    extraToken = ((await created.json()) as { token: string }).token;
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(databasesOf(dataDir)).toBe(0);
  }, 120_000);

  it('answers with the same tokens after a clean restart and creates no second administrator', async () => {
    const second = await start();
    expect(second.output()).not.toContain('First start');
    expect((await me(second.runtime.url, adminToken)).status).toBe(200);
    expect((await me(second.runtime.url, extraToken)).status).toBe(200);
    expect(readFileSync(join(dataDir, 'admin-token'), 'utf8').trim()).toBe(adminToken);
  }, 120_000);

  it('refuses a second runtime on the same data folder', async () => {
    await expect(startLocalProcess(dataDir)).rejects.toThrow(/already serves/);
  }, 120_000);

  it('comes back after being killed with SIGKILL, reaping the database it left behind', async () => {
    const victim = running.at(-1)!;
    await victim.stop('SIGKILL');
    expect(databasesOf(dataDir)).toBe(1);
    const third = await start();
    expect(databasesOf(dataDir)).toBe(1);
    expect((await me(third.runtime.url, adminToken)).status).toBe(200);
    expect((await me(third.runtime.url, extraToken)).status).toBe(200);
    expect(await third.stop('SIGTERM')).toBe(0);
    expect(databasesOf(dataDir)).toBe(0);
  }, 120_000);
});
