// Asking for processing again over HTTP: POST transcribe, summarize and batch transcribe
// (decisions §4: 202 from COMPLETED or FAILED, 409 while busy, 400 without audio or transcript);
// a recording transcribed again through the pipeline keeps the names given to its voices.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findRecording } from '#shared/store/recordings.ts';
import { call, newUser } from '../support/api.ts';
import { makeMeetingFrom } from '../support/speech.ts';
import { upload, waitForStatus } from '../support/uploads.ts';
import { SEGMENTS, seedRecording, wav } from './recordings-fixtures.ts';

// The processing rate class allows 10 requests a minute per user: each test has its own owner.
let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  stranger = await newUser();
});

beforeEach(async () => {
  owner = await newUser();
});

const post = (path: string, body?: unknown, token = owner.token) => call(path, { method: 'POST', token, body });

describe('POST /recordings/{id}/transcribe', () => {
  it('queues a failed recording again with new options and clears its error', async () => {
    const r = await seedRecording(owner.user.id, { status: 'FAILED', audio: wav(), changes: { error_message: 'boom' } });
    // The offline engine the stack runs cannot do German: refused at once, with the reason.
    const refused = await post(`/recordings/${r.id}/transcribe`, { language: 'de' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('the offline engine transcribes English only; set ASR_PROVIDER for other languages');
    expect(await findRecording(r.id)).toMatchObject({ status: 'FAILED', language: r.language });
    const response = await post(`/recordings/${r.id}/transcribe`, { language: 'en', min_speakers: 2, max_speakers: 3 });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ success: true, id: r.id, status: 'PENDING', message: expect.any(String) });
    const stored = await findRecording(r.id);
    expect(stored).toMatchObject({ language: 'en', min_speakers: 2, max_speakers: 3 });
    // The worker may already be on it: the old error is gone either way.
    expect(stored!.error_message).not.toBe('boom');
    expect(Date.parse(stored!.queued_at!)).toBeGreaterThan(Date.parse(r.queued_at!));
  });

  it('keeps the names given to the voices when the recording is transcribed again, and summarises with them', { timeout: 300_000 }, async () => {
    const meeting = await makeMeetingFrom(mkdtempSync(join(tmpdir(), 'verbatim-again-')), [
      { speaker: 'A', text: 'Good morning, let us look at the harbour budget.' },
      { speaker: 'B', text: 'I will send the revised numbers to finance by Friday.' },
      { speaker: 'A', text: 'Thank you, we meet again next Tuesday.' },
      { speaker: 'B', text: 'Sounds good, I will book the room.' },
    ]);
    const uploaded = await upload(owner.token, meeting.path);
    expect(uploaded.status).toBe(202);
    const id = uploaded.body.id as number;
    const first = await waitForStatus(id, ['COMPLETED', 'FAILED'], 120_000);
    expect(first.status).toBe('COMPLETED');
    const labels = ((await call(`/recordings/${id}/speakers`, { token: owner.token })).body.speakers as { label: string }[]).map((s) => s.label);
    expect(labels).toHaveLength(2);
    // The voice that opens the meeting is Ines, the other Omar.
    const segmentsOf = async () => (await call(`/recordings/${id}/transcript?format=json`, { token: owner.token })).body.segments as { speaker: string }[];
    const opener = (await segmentsOf())[0]!.speaker;
    const named = { [opener]: 'Ines', [labels.find((l) => l !== opener)!]: 'Omar' };
    expect((await call(`/recordings/${id}/speakers/assign`, { method: 'PUT', token: owner.token, body: { speaker_map: named } })).status).toBe(200);

    expect((await post(`/recordings/${id}/transcribe`)).status).toBe(202);
    await waitForStatus(id, ['PENDING', 'PROCESSING'], 10_000).catch(() => undefined);
    const again = await waitForStatus(id, ['COMPLETED', 'FAILED'], 120_000);
    expect(again.status).toBe('COMPLETED');
    expect(Date.parse(again.completed_at!)).toBeGreaterThan(Date.parse(first.completed_at!));
    expect((await segmentsOf()).map((s) => s.speaker)).toEqual(['Ines', 'Omar', 'Ines', 'Omar']);
    const speakers = (await call(`/recordings/${id}/speakers`, { token: owner.token })).body.speakers as { identified_name: string | null }[];
    expect(speakers.map((s) => s.identified_name).sort()).toEqual(['Ines', 'Omar']);
    const summary = (await call(`/recordings/${id}`, { token: owner.token })).body.summary as string;
    expect(summary).toContain('2 speakers: Ines, Omar');
  });

  it('queues a completed recording without a body', async () => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED', audio: wav(), segments: SEGMENTS });
    const response = await call(`/recordings/${r.id}/transcribe`, { method: 'POST', token: owner.token });
    expect(response.status).toBe(202);
    expect(response.body.status).toBe('PENDING');
  });

  it.each(['PENDING', 'PROCESSING', 'SUMMARIZING'] as const)('answers 409 while the recording is %s', async (status) => {
    const r = await seedRecording(owner.user.id, { status });
    const response = await post(`/recordings/${r.id}/transcribe`, {});
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('conflict');
    expect((await findRecording(r.id))!.status).toBe(status);
  });

  it('answers 400 when the audio has been deleted', async () => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED', changes: { audio_key: null } });
    const response = await post(`/recordings/${r.id}/transcribe`, {});
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/audio/i);
  });

  it.each([
    ['an unknown field', { hotwords: 'x' }],
    ['more minimum than maximum speakers', { min_speakers: 4, max_speakers: 2 }],
    ['a language that is not ISO 639-1', { language: 'english' }],
  ])('refuses %s with 400 and leaves the recording as it was', async (_, body) => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED' });
    expect((await post(`/recordings/${r.id}/transcribe`, body)).status).toBe(400);
    expect((await findRecording(r.id))!.status).toBe('COMPLETED');
  });

  it("answers 403 for another user's recording and 404 for an unknown one", async () => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED' });
    expect((await post(`/recordings/${r.id}/transcribe`, {}, stranger.token)).status).toBe(403);
    expect((await findRecording(r.id))!.status).toBe('COMPLETED');
    expect((await post('/recordings/999999999/transcribe', {})).status).toBe(404);
  });
});

describe('POST /recordings/{id}/summarize', () => {
  it('answers 400 without a transcript', async () => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED' });
    const response = await post(`/recordings/${r.id}/summarize`, {});
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/transcription/i);
  });

  it.each(['PENDING', 'PROCESSING', 'SUMMARIZING'] as const)('answers 409 while the recording is %s', async (status) => {
    const r = await seedRecording(owner.user.id, { status, segments: SEGMENTS });
    expect((await post(`/recordings/${r.id}/summarize`, {})).status).toBe(409);
    expect((await findRecording(r.id))!.status).toBe(status);
  });

  it('moves a recording with a transcript to SUMMARIZING with its custom prompt', async () => {
    const r = await seedRecording(owner.user.id, { status: 'FAILED', segments: SEGMENTS, changes: { error_message: 'llm down' } });
    const response = await post(`/recordings/${r.id}/summarize`, { custom_prompt: 'List the decisions only' });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ success: true, id: r.id, status: 'SUMMARIZING', message: expect.any(String) });
    const stored = await findRecording(r.id);
    expect(stored!.summary_prompt).toBe('List the decisions only');
    expect(stored!.error_message).not.toBe('llm down');
  });

  it('refuses an unknown field or an empty prompt with 400, and another user with 403', async () => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED', segments: SEGMENTS });
    expect((await post(`/recordings/${r.id}/summarize`, { prompt: 'x' })).status).toBe(400);
    expect((await post(`/recordings/${r.id}/summarize`, { custom_prompt: ' ' })).status).toBe(400);
    expect((await post(`/recordings/${r.id}/summarize`, {}, stranger.token)).status).toBe(403);
    expect((await findRecording(r.id))!.status).toBe('COMPLETED');
  });
});

describe('POST /recordings/batch/transcribe', () => {
  it('queues each recording on its own and reports the refusals per item', async () => {
    const [ready, busy, foreign] = await Promise.all([
      seedRecording(owner.user.id, { status: 'COMPLETED', audio: wav() }),
      seedRecording(owner.user.id, { status: 'PROCESSING' }),
      seedRecording(stranger.user.id, { status: 'COMPLETED' }),
    ]);
    const response = await post('/recordings/batch/transcribe', { recording_ids: [ready.id, busy.id, foreign.id, 999_999_999, ready.id] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: false, queued: 1, failed: 3 });
    expect(response.body.results).toEqual([
      { id: ready.id, success: true },
      { id: busy.id, success: false, error: expect.stringMatching(/PROCESSING/) },
      { id: foreign.id, success: false, error: 'Permission denied' },
      { id: 999_999_999, success: false, error: 'Recording not found' },
    ]);
    expect((await findRecording(foreign.id))!.status).toBe('COMPLETED');
  });

  it.each([
    ['no ids', { recording_ids: [] }],
    ['101 ids', { recording_ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
    ['a non-integer id', { recording_ids: [1.5] }],
    ['a missing list', {}],
  ])('refuses %s with 400', async (_, body) => {
    expect((await post('/recordings/batch/transcribe', body)).status).toBe(400);
  });
});
