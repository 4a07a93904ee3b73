// The recordings commands driven as a user drives them: their own process, an API token in
// the environment and the service's URL, nothing else; they reach the stack only over HTTP.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRecording } from '#shared/store/recordings.ts';
import { call, newUser, spendRateBudget, stack } from '../support/api.ts';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'verbatim-cli-recordings-'));
const file = (name: string) => join(work, name);

interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `env` adds to this worker's environment; an undefined value removes that variable. */
function cli(args: readonly string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const merged: NodeJS.ProcessEnv = { ...process.env, VERBATIM_URL: stack().url, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/cli/main.ts', ...args], { cwd: root, env: merged });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

/** A fresh user per test: their own recordings, and their own budget of 10 uploads a minute. */
async function asNewUser(): Promise<(args: readonly string[]) => Promise<CliResult>> {
  return (await newUserWithToken()).run;
}

async function newUserWithToken(): Promise<{ token: string; run: (args: readonly string[]) => Promise<CliResult> }> {
  const { token } = await newUser();
  return { token, run: (args) => cli(args, { VERBATIM_TOKEN: token }) };
}

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

beforeAll(() => {
  execFileSync('flite', ['-voice', 'rms', '-t', 'Action item for John: send the budget by Monday.', '-o', file('budget.wav')]);
  // Over the stack's 5 MB multipart threshold: a real WAV header, then zeros.
  const big = Buffer.alloc(12 * 1024 * 1024);
  readFileSync(file('budget.wav')).copy(big, 0, 0, 44);
  writeFileSync(file('long.wav'), big);
  writeFileSync(file('notes.txt'), 'definitely not a recording\n');
  writeFileSync(file('fake.wav'), 'definitely not a recording either\n');
  writeFileSync(file('empty.wav'), '');
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the recordings commands, a client of the HTTP API', () => {
  it('uploads and waits until COMPLETED, after which status, transcript, list and ask show it', { timeout: 120_000 }, async () => {
    const { token, run } = await newUserWithToken();
    const uploaded = await run(['upload', file('budget.wav'), '--json', '--wait', '--title', 'Budget call']);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const result = JSON.parse(uploaded.stdout);
    expect(result).toMatchObject({ id: expect.any(Number), title: 'Budget call', status: 'COMPLETED', original_filename: 'budget.wav', mime_type: 'audio/wav' });
    expect(uploaded.stderr).toBe('');

    const status = await run(['status', String(result.id), '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ id: result.id, status: 'COMPLETED', error_message: null });

    const srt = await run(['transcript', String(result.id), '--format', 'srt']);
    expect(srt.code, srt.stderr).toBe(0);
    expect(srt.stdout).toMatch(/^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\n\S/);
    const vtt = await run(['transcript', String(result.id), '--format', 'vtt']);
    expect(vtt.stdout.startsWith('WEBVTT')).toBe(true);
    const segments = JSON.parse((await run(['transcript', String(result.id), '--format', 'json'])).stdout);
    expect(segments[0]).toMatchObject({ sentence: expect.stringMatching(/\w/), start_time: expect.any(Number) });

    const list = await run(['list', '--json']);
    expect(JSON.parse(list.stdout).recordings).toEqual([expect.objectContaining({ id: result.id, title: 'Budget call', status: 'COMPLETED' })]);
    const table = await run(['list', '--query', 'budget']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+TITLE\s+STATUS\s+CREATED\s+SIZE$/);
    expect(table.stdout).toMatch(new RegExp(`^${result.id}\\s+Budget call\\s+COMPLETED\\s+.+UTC\\s+\\d+ KB$`, 'm'));

    // The chat: the recording's, then the library's once the index has it.
    const asked = await run(['ask', 'What are the action items?', '--recording', String(result.id)]);
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).toMatch(/^At 00:0\d, SPEAKER_00 said: “.*budget.*”\n\nSources:\n\[1\] 00:0\d SPEAKER_00: .*budget/s);
    // (Searching, which the chat's rate class does not count, until the index has it.)
    for (let tries = 0; (await call('/search?q=budget', { token })).body.pagination.total === 0 && tries < 60; tries++) await new Promise((r) => setTimeout(r, 500));
    const library = await run(['ask', 'What are my action items?', '--json']);
    expect(JSON.parse(library.stdout).sources).toEqual([expect.objectContaining({ recording_id: result.id, title: 'Budget call', text: expect.stringMatching(/budget/) })]);
    expect((await run(['ask', 'What are my action items?'])).stdout).toMatch(/\nSources:\n\[1\] Budget call at 00:0\d SPEAKER_00: .*budget/);
  });

  it('uploads with a tag by name, a meeting date in a given zone and speaker counts, as the API takes them', async () => {
    const { token, run } = await newUserWithToken();
    const tag = (await call('/tags', { method: 'POST', token, body: { name: 'Board Meetings', color: '#2266aa' } })).body as { id: number };
    const uploaded = await run(['upload', file('budget.wav'), '--json', '--tag', 'board meetings', '--meeting-date', '2026-11-19T14:30', '--time-zone', 'America/Sao_Paulo', '--min-speakers', '1', '--max-speakers', '2']);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const { id } = JSON.parse(uploaded.stdout) as { id: number };
    const stored = (await call(`/recordings/${id}`, { token })).body;
    // 14:30 in São Paulo (UTC-3) is 17:30 UTC.
    expect(stored).toMatchObject({ meeting_date: '2026-11-19T17:30:00.000Z', time_zone: 'America/Sao_Paulo', tags: [expect.objectContaining({ id: tag.id, name: 'Board Meetings' })] });
    expect(await findRecording(id)).toMatchObject({ min_speakers: 1, max_speakers: 2 });
  });

  it('refuses a tag the person does not have before sending anything, naming their tags', async () => {
    const { token, run } = await newUserWithToken();
    await call('/tags', { method: 'POST', token, body: { name: 'Finance', color: '#2266aa' } });
    const refused = await run(['upload', file('budget.wav'), '--tag', 'Fiance']);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: 'error: you have no tag "Fiance"; your tags: Finance\n' });
    expect((await call('/recordings', { token })).body.recordings).toEqual([]);
    const badSpeakers = await run(['upload', file('budget.wav'), '--max-speakers', 'two']);
    expect(badSpeakers.code).toBe(1);
    expect(badSpeakers.stderr).toMatch(/a number of speakers/);
  });

  it('waits out a rate limit as Retry-After says and then uploads, saying so on stderr only', { timeout: 150_000 }, async () => {
    const { user, token } = await newUser();
    // The person's 10 processing calls of this minute are spent.
    const window = await spendRateBudget(user.id, 'processing');
    expect((await call('/recordings/uploads', { method: 'POST', token, body: {} })).status).toBe(429);

    const uploaded = await cli(['upload', file('budget.wav'), '--json', '--title', 'After the wait'], { VERBATIM_TOKEN: token });
    expect(uploaded.code, uploaded.stderr).toBe(0);
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(window.resetAt);
    expect(uploaded.stderr).toMatch(/^The service's rate limit was reached; trying again in \d+ s\.\n$/);
    expect(JSON.parse(uploaded.stdout)).toMatchObject({ title: 'After the wait', original_filename: 'budget.wav' });
  });

  it('streams a file over the multipart threshold up in parts', async () => {
    const run = await asNewUser();
    const uploaded = await run(['upload', file('long.wav'), '--json']);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    expect(JSON.parse(uploaded.stdout)).toMatchObject({ title: 'long', file_size: 12 * 1024 * 1024, original_filename: 'long.wav' });
  });

  it("refuses text with exit code 1 and the API's 415 message, whatever its name says", async () => {
    const run = await asNewUser();
    const byName = await run(['upload', file('notes.txt')]);
    expect(byName).toMatchObject({ code: 1, stdout: '', stderr: 'error: The file is not audio or video\n' });
    const byBytes = await run(['upload', file('fake.wav'), '--json']);
    expect(byBytes).toMatchObject({ code: 1, stdout: '', stderr: 'error: The file is not audio or video\n' });
    const empty = await run(['upload', file('empty.wav')]);
    expect(empty).toMatchObject({ code: 1, stdout: '', stderr: `error: ${file('empty.wav')} is empty (0 bytes): there is nothing to transcribe\n` });
  });

  it('says "Recording not found" for an unknown id, with exit code 1', async () => {
    const run = await asNewUser();
    expect(await run(['status', '999999'])).toEqual({ code: 1, stdout: '', stderr: 'error: Recording not found\n' });
  });

  it('asks for a token when it has none, rather than calling the API anonymously', async () => {
    // An empty data folder: no admin-token to fall back on.
    const result = await cli(['list'], { VERBATIM_TOKEN: undefined, DATA_DIR: work });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: no API token: pass --token or set VERBATIM_TOKEN/);
  });

  it('says how to start the service when nothing listens at the URL', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const result = await cli(['list'], { VERBATIM_URL: url, VERBATIM_TOKEN: 'vbt_unused' });
    expect(result).toEqual({ code: 1, stdout: '', stderr: `error: cannot reach ${url} — is the service running (npm start)?\n` });
  });
});
