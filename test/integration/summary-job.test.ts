// The summary job with the offline language model, which counts no tokens: it completes on its
// first attempt and publishes its events at once (not a minute later, by the outbox sweep), and
// records no usage. A zero-token usage update once failed every such summary after it was stored.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runSummary } from '#shared/pipeline/summarize.ts';
import { unpublishedEvents } from '#shared/store/outbox.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { addUsage, userUsage } from '#shared/store/usage.ts';
import { createUser } from '#shared/store/users.ts';
import { SEGMENTS, seedRecording } from '../e2e/recordings-fixtures.ts';

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('the summary job', () => {
  it('completes on its first attempt and publishes at once when the language model counts no tokens', async () => {
    const user = await createUser({ email: `summary-${randomUUID()}@example.test` });
    // SUMMARIZING with a transcript and no worker's lease: the job's claim takes it.
    const recording = await seedRecording(user.id, { status: 'SUMMARIZING', segments: SEGMENTS, changes: { lease_until: null } });

    await runSummary(recording.id);

    expect(await findRecording(recording.id)).toMatchObject({ status: 'COMPLETED', has_summary: true, attempt: 0, error_message: null });
    // Published by the job itself: the events consumer takes it off the outbox within seconds.
    await expect.poll(async () => (await unpublishedEvents(new Date(Date.now() + 60_000))).filter((e) => e.recording_id === recording.id).map((e) => e.type), { timeout: 15_000 })
      .not.toContain('recording.summary.completed');
    expect(await userUsage(user.id, thisMonth())).toMatchObject({ prompt_tokens: 0, completion_tokens: 0, estimated_cost: 0 });
  }, 60_000);

  it('records nothing for a usage of nothing, and still adds what is used', async () => {
    const user = await createUser({ email: `usage-${randomUUID()}@example.test` });
    await addUsage(user.id, { prompt_tokens: 0, completion_tokens: 0, estimated_cost: 0 });
    expect(await userUsage(user.id, thisMonth())).toMatchObject({ prompt_tokens: 0, transcriptions: 0 });
    await addUsage(user.id, { prompt_tokens: 12, completion_tokens: 0 });
    expect(await userUsage(user.id, thisMonth())).toMatchObject({ prompt_tokens: 12, completion_tokens: 0 });
  });
});
