// kill -9 of the runtime in the middle of a transcription, then a restart: the job resumes
// when its lease runs out, and the recording completes with each event exactly once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';
import { makeMeeting } from '../support/speech.ts';
import { upload } from '../support/uploads.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-crash-'));
const settings = { JOB_LEASE_SECONDS: '5', SWEEP_INTERVAL_SECONDS: '1', LOG_LEVEL: 'WARN' };
const processes: LocalProcess[] = [];
afterAll(async () => {
  for (const p of processes) await p.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

async function statusOf(url: string, token: string, id: number): Promise<string> {
  const response = await fetch(`${url}/api/v1/recordings/${id}/status`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { status: string }).status;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe('a runtime killed while transcribing', () => {
  it('completes the recording after a restart, never leaving it in PROCESSING', async () => {
    const meeting = await makeMeeting(mkdtempSync(join(tmpdir(), 'verbatim-meeting-')));
    const first = await startLocalProcess(dataDir, settings);
    processes.push(first);
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const { body } = await upload(token, meeting.path, {}, {}, first.runtime.url);
    await until(async () => (await statusOf(first.runtime.url, token, body.id)) === 'PROCESSING', 30_000);
    await first.stop('SIGKILL');

    const second = await startLocalProcess(dataDir, settings);
    processes.push(second);
    const seen = new Set<string>();
    await until(async () => {
      const status = await statusOf(second.runtime.url, token, body.id);
      seen.add(status);
      return status === 'COMPLETED' || status === 'FAILED';
    }, 90_000, 250);
    expect(await statusOf(second.runtime.url, token, body.id)).toBe('COMPLETED');

    const events = await fetch(`${second.runtime.url}/api/v1/recordings/${body.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(events.status).toBe(200);
    const transcript = await fetch(`${second.runtime.url}/api/v1/recordings/${body.id}/transcript?format=text`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await transcript.json()) as { content: string }).content).toMatch(/budget/i);
  }, 180_000);
});
