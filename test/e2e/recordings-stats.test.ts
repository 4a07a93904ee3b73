// GET /stats over HTTP: the statistics object for a user with known recordings and usage, and
// the administrators' scope=all.
import { beforeAll, describe, expect, it } from 'vitest';
import { addUsage } from '#shared/store/usage.ts';
import { call, newUser } from '../support/api.ts';
import { seedRecording } from './recordings-fixtures.ts';

let owner: Awaited<ReturnType<typeof newUser>>;
const usageAt = new Date();

beforeAll(async () => {
  owner = await newUser();
  const id = owner.user.id;
  await Promise.all([
    seedRecording(id, { status: 'COMPLETED', fileSize: 1000, changes: { completed_at: '2025-01-02T00:00:00.000Z' } }),
    seedRecording(id, { status: 'COMPLETED', fileSize: 2000 }),
    seedRecording(id, { status: 'COMPLETED', fileSize: 500, changes: { audio_key: null } }),
    seedRecording(id, { status: 'FAILED', fileSize: 3000, createdAt: new Date('2025-01-01T10:00:00Z') }),
    seedRecording(id, { status: 'PROCESSING', fileSize: 4000 }),
    seedRecording(id, { status: 'SUMMARIZING', fileSize: 5000 }),
    seedRecording(id, { status: 'PENDING', fileSize: 6000 }),
    seedRecording(id, { status: 'PENDING', fileSize: 7000 }),
  ]);
  const lastMonth = new Date(Date.UTC(usageAt.getUTCFullYear(), usageAt.getUTCMonth(), 0, 12));
  await addUsage(id, { transcription_seconds: 9999, prompt_tokens: 9999, transcriptions: 1 }, lastMonth);
  await addUsage(id, { transcription_seconds: 100, prompt_tokens: 1000, completion_tokens: 200, estimated_cost: 0.01, transcriptions: 1 }, usageAt);
  await addUsage(id, { transcription_seconds: 50, completion_tokens: 34, estimated_cost: 0.00234 }, usageAt);
});

describe('GET /stats', () => {
  it("gives the caller's statistics object exactly", async () => {
    const response = await call('/stats', { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      recordings: { total: 8, completed: 3, processing: 2, pending: 2, failed: 1 },
      storage: { used_bytes: 28_000, used_human: '27.3 KB' },
      queue: { jobs_queued: 2, jobs_processing: 2 },
      tokens: { used_this_month: 1234, budget: 0, percentage: 0 },
      transcription: { used_this_month_seconds: 150, used_this_month_minutes: 3, budget_seconds: 0, budget_minutes: 0, percentage: 0, estimated_cost: 0.0123 },
      activity: { recordings_today: 7, last_transcription: usageAt.toISOString() },
    });
  });

  it('gives zeros to a user with nothing yet', async () => {
    const fresh = await newUser();
    const { body } = await call('/stats?scope=user', { token: fresh.token });
    expect(body.recordings).toEqual({ total: 0, completed: 0, processing: 0, pending: 0, failed: 0 });
    expect(body.storage).toEqual({ used_bytes: 0, used_human: '0 B' });
    expect(body.activity).toEqual({ recordings_today: 0, last_transcription: null });
    expect(body).not.toHaveProperty('users');
  });

  it('gives administrators everyone’s numbers with the user counts for scope=all', async () => {
    const admin = await newUser({ admin: true });
    const response = await call('/stats?scope=all', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.users.total).toBeGreaterThanOrEqual(3);
    expect(response.body.users.active).toBeGreaterThanOrEqual(1);
    expect(response.body.users.active).toBeLessThan(response.body.users.total);
    expect(response.body.recordings.total).toBeGreaterThanOrEqual(8);
    expect(response.body.storage.used_bytes).toBeGreaterThanOrEqual(28_000);
    expect(response.body.tokens.used_this_month).toBeGreaterThanOrEqual(1234);
    expect(response.body.tokens.budget).toBe(0);
  });

  it('refuses scope=all to a user who is not an administrator with 403, and an unknown scope with 400', async () => {
    const forbidden = await call('/stats?scope=all', { token: owner.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('forbidden');
    expect((await call('/stats?scope=everyone', { token: owner.token })).status).toBe(400);
  });
});
