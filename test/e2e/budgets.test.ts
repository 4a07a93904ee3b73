// Monthly budgets as a user meets them (decisions §4, §9): over the transcription budget the
// upload ends FAILED with a clear message and recording.transcription.failed, over the token
// budget the summary fails and the transcript stays; /stats shows the budgets; the CLI sets
// them; GET /transcription describes the configured engine.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getBudgets, setBudgets } from '#shared/store/budgets.ts';
import { recordingEvents } from '#shared/store/outbox.ts';
import { addUsage } from '#shared/store/usage.ts';
import { createUser } from '#shared/store/users.ts';
import { call, newUser, stack } from '../support/api.ts';
import { silentWav, upload, waitForStatus } from '../support/uploads.ts';

const root = resolve(import.meta.dirname, '../..');

/** Uploads a short WAV and waits until the pipeline is done with it. */
async function uploadAndWait(token: string, seconds = 1) {
  const uploaded = await upload(token, { name: 'budget.wav', bytes: silentWav(seconds) });
  expect(uploaded.status).toBe(202);
  const recording = await waitForStatus(uploaded.body.id, ['COMPLETED', 'FAILED'], 60_000);
  return { recording, events: await recordingEvents(recording.id) };
}

describe('the transcription budget', () => {
  it('fails an upload with a budget of 0 minutes before transcribing, with the message in the event', async () => {
    const { user, token } = await newUser();
    await setBudgets(user.id, { monthly_transcription_seconds: 0 });

    const { recording, events } = await uploadAndWait(token);
    expect(recording.status).toBe('FAILED');
    expect(recording.error_message).toBe('Monthly transcription budget exceeded (used 0 of 0 minutes)');
    expect(recording.transcript_key ?? null).toBeNull();

    const types = events.map((e) => e.type);
    expect(types).not.toContain('recording.transcription.completed');
    expect(types.at(-1)).toBe('recording.transcription.failed');
    expect(events.at(-1)!.data.error).toBe(recording.error_message);

    const status = await call(`/recordings/${recording.id}/status`, { token });
    expect(status.body).toMatchObject({ status: 'FAILED', error_message: expect.stringMatching(/transcription budget exceeded/) });

    // Nothing was transcribed, so nothing was counted.
    const stats = await call('/stats', { token });
    expect(stats.body.transcription).toMatchObject({ used_this_month_seconds: 0, budget_seconds: 0, budget_minutes: 0, percentage: 0 });
    expect(stats.body.recordings).toMatchObject({ total: 1, failed: 1 });
  });

  it('says how much of the budget was used once it is used up', async () => {
    const { user, token } = await newUser();
    await setBudgets(user.id, { monthly_transcription_seconds: 3600 });
    await addUsage(user.id, { transcription_seconds: 3660, transcriptions: 1 });

    const { recording } = await uploadAndWait(token);
    expect(recording).toMatchObject({ status: 'FAILED', error_message: 'Monthly transcription budget exceeded (used 61 of 60 minutes)' });
  });

  it('lets an upload under the budget through and counts it', async () => {
    const { user, token } = await newUser();
    await setBudgets(user.id, { monthly_transcription_seconds: 3600 });

    const { recording, events } = await uploadAndWait(token, 2);
    expect(recording).toMatchObject({ status: 'COMPLETED', error_message: null });
    expect(events.map((e) => e.type)).toContain('recording.transcription.completed');
    const { body } = await call('/stats', { token });
    expect(body.transcription).toMatchObject({ used_this_month_seconds: 2, budget_seconds: 3600, budget_minutes: 60, percentage: 0.1, estimated_cost: 0 });
  });
});

describe('the token budget', () => {
  it('fails the summary of a user with a budget of 0 tokens and keeps the transcript', async () => {
    const { user, token } = await newUser();
    await setBudgets(user.id, { monthly_tokens: 0 });

    const { recording, events } = await uploadAndWait(token, 3);
    expect(recording).toMatchObject({ status: 'FAILED', error_message: 'Monthly token budget exceeded (used 0 of 0 tokens)' });
    expect(recording.transcript_key).toBeTruthy();
    const types = events.map((e) => e.type);
    expect(types).toContain('recording.transcription.completed');
    expect(types.at(-1)).toBe('recording.summary.failed');
    expect(events.at(-1)!.data.error).toBe(recording.error_message);
    expect((await call(`/recordings/${recording.id}/transcript?format=json`, { token })).status).toBe(200);
  });
});

describe('GET /stats with budgets', () => {
  it('shows the budgets and the share used', async () => {
    const { user, token } = await newUser();
    await setBudgets(user.id, { monthly_tokens: 1000, monthly_transcription_seconds: 600 });
    await addUsage(user.id, { transcription_seconds: 150, prompt_tokens: 200, completion_tokens: 50, estimated_cost: 0.01234, transcriptions: 1 });

    const { body } = await call('/stats', { token });
    expect(body.tokens).toEqual({ used_this_month: 250, budget: 1000, percentage: 25 });
    expect(body.transcription).toEqual({ used_this_month_seconds: 150, used_this_month_minutes: 3, budget_seconds: 600, budget_minutes: 10, percentage: 25, estimated_cost: 0.0123 });

    await setBudgets(user.id, { monthly_tokens: null });
    const after = await call('/stats', { token });
    expect(after.body.tokens).toEqual({ used_this_month: 250, budget: 0, percentage: 0 });
    expect(after.body.transcription.budget_seconds).toBe(600);
  });
});

/** The CLI in its own process, knowing only DATA_DIR (as in cli.test.ts). */
function cli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  for (const name of Object.keys(stack().env)) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/cli/main.ts', ...args], { cwd: root, env: { ...env, DATA_DIR: stack().dataDir } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('users budget (CLI)', () => {
  it('sets, shows and clears the budgets', async () => {
    const email = `${randomUUID()}@example.test`;
    const user = await createUser({ email });

    const set = await cli(['--json', 'users', 'budget', '--email', email, '--monthly-tokens', '50000', '--monthly-transcription-minutes', '90']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ user_id: user.id, email, monthly_tokens: 50000, monthly_transcription_seconds: 5400, monthly_transcription_minutes: 90 });
    expect(await getBudgets(user.id)).toEqual({ monthly_tokens: 50000, monthly_transcription_seconds: 5400 });

    const shown = await cli(['users', 'budget', '--email', email]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/Monthly tokens:\s+50000/);
    expect(shown.stdout).toMatch(/Monthly transcription:\s+90 minutes/);

    const cleared = await cli(['--json', 'users', 'budget', '--email', email, '--monthly-tokens', 'none']);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(JSON.parse(cleared.stdout)).toMatchObject({ monthly_tokens: null, monthly_transcription_seconds: 5400 });
    expect(await getBudgets(user.id)).toEqual({ monthly_tokens: null, monthly_transcription_seconds: 5400 });
  });

  it('refuses a budget that is not a number, without touching the store', async () => {
    const email = `${randomUUID()}@example.test`;
    const user = await createUser({ email });
    const result = await cli(['users', 'budget', '--email', email, '--monthly-tokens', 'lots']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Expected a whole number of tokens ≥ 0, or "none"/);
    expect(await getBudgets(user.id)).toEqual({ monthly_tokens: null, monthly_transcription_seconds: null });
  });
});

describe('GET /transcription', () => {
  it('describes the embedded engine the local stack runs', async () => {
    const { token } = await newUser();
    const response = await call('/transcription', { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      provider: 'local',
      model: 'pocketsphinx en-us',
      diarization: true,
      word_timestamps: true,
      custom_prompt: false,
      summary_custom_prompt: true,
      max_duration_seconds: null,
      languages: ['en'],
      max_upload_mb: 128, // the test stack's UPLOAD_MAX_MB (test/support/global-setup.ts)
      chunking: { enabled: true, chunk_seconds: 20, overlap_seconds: 0 },
      engine_note: expect.stringContaining('pocketsphinx'),
    });
  });

  it('needs a token', async () => {
    expect((await call('/transcription')).status).toBe(401);
  });
});
