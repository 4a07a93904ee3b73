// One recording over HTTP: detail, processing status, transcript formats, summary and notes,
// PATCH with its recording.updated events.
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteObject } from '#shared/blob/objects.ts';
import { recordingEvents } from '#shared/store/outbox.ts';
import { recordProgress, transition } from '#shared/store/recording-writes.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { updateUserSettings } from '#shared/store/users.ts';
import { call, newUser } from '../support/api.ts';
import { SEGMENTS, seedRecording } from './recordings-fixtures.ts';

let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;
let done: number;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([newUser(), newUser()]);
  const recording = await seedRecording(owner.user.id, {
    title: 'Weekly sync',
    status: 'COMPLETED',
    notes: 'Bring numbers',
    summary: '## Summary\n- agreed',
    segments: SEGMENTS,
    changes: {
      processing_started_at: '2025-01-01T10:00:00.000Z',
      completed_at: '2025-01-01T10:01:30.000Z',
      transcription_engine: 'pocketsphinx 5prealpha (rough machine transcript)',
    },
  });
  done = recording.id;
});

const updates = async (id: number) => (await recordingEvents(id)).filter((e) => e.type === 'recording.updated').map((e) => e.data);

describe('reading a recording', () => {
  it('gives the detail with the transcript rendered through the default template', async () => {
    const { status, body } = await call(`/recordings/${done}`, { token: owner.token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: done,
      title: 'Weekly sync',
      status: 'COMPLETED',
      mime_type: 'audio/wav',
      completed_at: '2025-01-01T10:01:30.000Z',
      processing_time_seconds: 90,
      transcription_engine: 'pocketsphinx 5prealpha (rough machine transcript)',
      error_message: null,
      has_transcription: true,
      has_summary: true,
      transcription: '[Alice]: Good morning everyone.\n[Bob]: Morning, shall we start?',
      summary: '## Summary\n- agreed',
      notes: 'Bring numbers',
    });
  });

  it("renders the transcription with the user's own template", async () => {
    const user = await newUser();
    await updateUserSettings(user.user.id, { transcript_template: '{{speaker|upper}} - {{text}}' });
    const r = await seedRecording(user.user.id, { status: 'COMPLETED', segments: SEGMENTS });
    const { body } = await call(`/recordings/${r.id}`, { token: user.token });
    expect(body.transcription).toBe('ALICE - Good morning everyone.\nBOB - Morning, shall we start?');
  });

  it('drops the large fields for format=minimal and keeps only those named in include', async () => {
    const minimal = await call(`/recordings/${done}?format=minimal`, { token: owner.token });
    expect(minimal.body).not.toHaveProperty('transcription');
    expect(minimal.body).not.toHaveProperty('summary');
    expect(minimal.body).not.toHaveProperty('notes');
    expect(minimal.body.title).toBe('Weekly sync');
    const some = await call(`/recordings/${done}?include=notes,summary`, { token: owner.token });
    expect(some.body).toMatchObject({ notes: 'Bring numbers', summary: '## Summary\n- agreed' });
    expect(some.body).not.toHaveProperty('transcription');
  });

  it('answers an empty transcription and null processing time for a recording still queued', async () => {
    const r = await seedRecording(owner.user.id, { status: 'PENDING' });
    const { body } = await call(`/recordings/${r.id}`, { token: owner.token });
    expect(body).toMatchObject({ status: 'PENDING', transcription: '', summary: '', notes: '', processing_time_seconds: null, completed_at: null });
  });

  it('answers 404 for an unknown id, 403 for another user, 400 for a non-integer id or bad options', async () => {
    expect((await call('/recordings/999999999', { token: owner.token })).status).toBe(404);
    const foreign = await call(`/recordings/${done}`, { token: stranger.token });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain('Weekly sync');
    for (const path of ['/recordings/abc', '/recordings/1.5', '/recordings/-3', `/recordings/${done}?format=huge`, `/recordings/${done}?include=transcription,audio`]) {
      expect((await call(path, { token: owner.token })).status, path).toBe(400);
    }
  });

  it('gives the progress and time left of a transcription while PROCESSING, from what its worker stored', async () => {
    const working = await seedRecording(owner.user.id, { status: 'PROCESSING' });
    const now = Date.now();
    // A quarter decoded in 30 s: three quarters left take about 90 s more.
    expect(await recordProgress(working, 0.25, new Date(now - 30_000).toISOString(), new Date(now))).toBe(true);
    const { body } = await call(`/recordings/${working.id}/status`, { token: owner.token });
    expect(body).toMatchObject({ status: 'PROCESSING', progress: 25 });
    expect(body.eta_seconds).toBeGreaterThan(75);
    expect(body.eta_seconds).toBeLessThanOrEqual(90);
    // A recording that moved on refuses a late write from its old job.
    const done = await seedRecording(owner.user.id, { status: 'COMPLETED' });
    expect(await recordProgress({ ...done, status: 'PROCESSING' }, 0.5, new Date(now).toISOString())).toBe(false);
  });

  it('gives the progress of a summary while SUMMARIZING, and a change of status clears it', async () => {
    const summarizing = await seedRecording(owner.user.id, { status: 'SUMMARIZING' });
    const now = Date.now();
    // Half the steps done in 10 s: about 10 s left.
    expect(await recordProgress(summarizing, 0.5, new Date(now - 10_000).toISOString(), new Date(now))).toBe(true);
    const { body } = await call(`/recordings/${summarizing.id}/status`, { token: owner.token });
    expect(body).toMatchObject({ status: 'SUMMARIZING', progress: 50 });
    expect(body.eta_seconds).toBeGreaterThan(0);
    expect(body.eta_seconds).toBeLessThanOrEqual(10);
    const stored = (await findRecording(summarizing.id))!;
    await transition(stored, 'summary-stored', { changes: { completed_at: new Date().toISOString() } });
    expect(await findRecording(summarizing.id)).toMatchObject({ status: 'COMPLETED', progress: null, progress_at: null, progress_since: null });
    expect((await call(`/recordings/${summarizing.id}/status`, { token: owner.token })).body).toMatchObject({ progress: null, eta_seconds: null });
  });

  it('gives the processing status with the queue position of decisions §4', async () => {
    expect((await call(`/recordings/${done}/status`, { token: owner.token })).body).toEqual({
      id: done,
      status: 'COMPLETED',
      queue_position: null,
      error_message: null,
      completed_at: '2025-01-01T10:01:30.000Z',
      progress: null,
      eta_seconds: null,
    });
    const working = await seedRecording(owner.user.id, { status: 'PROCESSING' });
    expect((await call(`/recordings/${working.id}/status`, { token: owner.token })).body).toMatchObject({ queue_position: 0, progress: null, eta_seconds: null });
    const queued = await seedRecording(owner.user.id, { status: 'PENDING' });
    const position = (await call(`/recordings/${queued.id}/status`, { token: owner.token })).body.queue_position;
    expect(position).toBeGreaterThanOrEqual(1);
    const later = await seedRecording(owner.user.id, { status: 'PENDING' });
    expect((await call(`/recordings/${later.id}/status`, { token: owner.token })).body.queue_position).toBeGreaterThan(position);
    expect((await call(`/recordings/${done}/status`, { token: stranger.token })).status).toBe(403);
    expect((await call('/recordings/999999999/status', { token: owner.token })).status).toBe(404);
  });
});

describe('the transcript route', () => {
  it('answers json segments by default and text, srt and vtt as content', async () => {
    const json = await call(`/recordings/${done}/transcript`, { token: owner.token });
    expect(json.body).toEqual({ format: 'json', segments: SEGMENTS });
    const text = await call(`/recordings/${done}/transcript?format=text`, { token: owner.token });
    expect(text.body).toEqual({ format: 'text', content: '[Alice]: Good morning everyone.\n[Bob]: Morning, shall we start?' });
    const srt = await call(`/recordings/${done}/transcript?format=srt`, { token: owner.token });
    expect(srt.body.content).toContain('1\n00:00:00,000 --> 00:00:01,500\nAlice: Good morning everyone.');
    const vtt = await call(`/recordings/${done}/transcript?format=vtt`, { token: owner.token });
    expect(vtt.body.content).toMatch(/^WEBVTT/);
    expect(vtt.body.content).toContain('00:00:01.500 --> 00:00:03.250\n<v Bob>Morning, shall we start?');
  });

  it.each([
    ['srt', 'application/x-subrip', 'srt'],
    ['vtt', 'text/vtt', 'vtt'],
    ['text', 'text/plain', 'txt'],
    ['json', 'application/json', 'json'],
  ])('sends a %s file with download=true', async (format, type, extension) => {
    const response = await call(`/recordings/${done}/transcript?format=${format}&download=true`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(new RegExp(`^${type}`));
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Weekly sync.${extension}"`);
    if (format === 'json') expect(JSON.parse(response.text)).toEqual({ segments: SEGMENTS });
    else expect(response.text).toContain('Good morning everyone.');
  });

  it('cleans the file name of characters that would break the header', async () => {
    const r = await seedRecording(owner.user.id, { title: 'a"b\\c/d\r\nÉté', status: 'COMPLETED', segments: SEGMENTS });
    const response = await call(`/recordings/${r.id}/transcript?format=text&download=true`, { token: owner.token });
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="a_b_c_d__t_.txt"; filename*=UTF-8''a_b_c_d_%C3%89t%C3%A9.txt`);
  });

  it('answers 404 when the transcript object is missing from storage, and an empty transcription in the detail', async () => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED', segments: SEGMENTS });
    await deleteObject('transcripts/', r.transcript_key!);
    expect((await call(`/recordings/${r.id}/transcript?format=srt`, { token: owner.token })).status).toBe(404);
    expect((await call(`/recordings/${r.id}`, { token: owner.token })).body.transcription).toBe('');
  });

  it('answers 404 without a transcript, saying why (failed, not yet made), 400 for an unknown format, 403 for another user', async () => {
    const r = await seedRecording(owner.user.id, { status: 'FAILED' });
    const none = await call(`/recordings/${r.id}/transcript`, { token: owner.token });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe(`No transcription available: the transcription of recording ${r.id} failed; its error_message tells why`);
    const pending = await seedRecording(owner.user.id, { status: 'PENDING' });
    const waiting = await call(`/recordings/${pending.id}/transcript`, { token: owner.token });
    expect(waiting).toMatchObject({ status: 404, body: { error: `No transcription available yet: recording ${pending.id} is PENDING; its status tells the progress` } });
    expect((await call(`/recordings/${done}/transcript?format=docx`, { token: owner.token })).status).toBe(400);
    expect((await call(`/recordings/${done}/transcript`, { token: stranger.token })).status).toBe(403);
  });
});

describe('summary and notes', () => {
  it('reads and replaces them, with recording.updated only when the value changes', async () => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED' });
    expect((await call(`/recordings/${r.id}/summary`, { token: owner.token })).body).toEqual({ summary: '', has_summary: false });
    expect((await call(`/recordings/${r.id}/notes`, { token: owner.token })).body).toEqual({ notes: '', has_notes: false });
    const put = await call(`/recordings/${r.id}/summary`, { method: 'PUT', token: owner.token, body: { summary: '# New' } });
    expect(put.body).toEqual({ success: true, summary: '# New' });
    await call(`/recordings/${r.id}/summary`, { method: 'PUT', token: owner.token, body: { summary: '# New' } });
    expect((await call(`/recordings/${r.id}/notes`, { method: 'PUT', token: owner.token, body: { notes: 'n' } })).body).toEqual({ success: true, notes: 'n' });
    expect((await call(`/recordings/${r.id}/summary`, { token: owner.token })).body).toEqual({ summary: '# New', has_summary: true });
    expect((await call(`/recordings/${r.id}/notes`, { token: owner.token })).body).toEqual({ notes: 'n', has_notes: true });
    expect(await updates(r.id)).toEqual([
      { recording_id: r.id, title: 'Recording', fields_changed: ['summary'] },
      { recording_id: r.id, title: 'Recording', fields_changed: ['notes'] },
    ]);
    expect((await call(`/recordings?per_page=100`, { token: owner.token })).body.recordings.find((x: { id: number }) => x.id === r.id).has_summary).toBe(true);
  });

  it('refuses a missing or unknown field with 400 and another user with 403', async () => {
    expect((await call(`/recordings/${done}/summary`, { method: 'PUT', token: owner.token, body: {} })).status).toBe(400);
    expect((await call(`/recordings/${done}/notes`, { method: 'PUT', token: owner.token, body: { notes: 'x', extra: 1 } })).status).toBe(400);
    expect((await call(`/recordings/${done}/notes`, { method: 'PUT', token: stranger.token, body: { notes: 'x' } })).status).toBe(403);
    expect((await call(`/recordings/${done}/summary`, { token: stranger.token })).status).toBe(403);
    expect((await call('/recordings/999999999/notes', { token: owner.token })).status).toBe(404);
  });
});

describe('PATCH /recordings/{id}', () => {
  it('changes fields, answers the detail and lists exactly the fields that changed', async () => {
    const r = await seedRecording(owner.user.id, { title: 'Old', status: 'COMPLETED', segments: SEGMENTS });
    const body = { title: 'New', participants: 'Alice, Bob', is_inbox: true, is_highlighted: true, meeting_date: '2025-05-01T10:00:00+02:00', folder_id: 7 };
    const response = await call(`/recordings/${r.id}`, { method: 'PATCH', token: owner.token, body });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.recording).toMatchObject({ id: r.id, title: 'New', participants: 'Alice, Bob', is_highlighted: true, meeting_date: '2025-05-01T08:00:00.000Z', folder_id: 7 });
    expect(response.body.recording.transcription).toContain('[Alice]');
    // is_inbox was already true: it is not listed.
    expect(await updates(r.id)).toEqual([{ recording_id: r.id, title: 'New', fields_changed: ['title', 'participants', 'meeting_date', 'is_highlighted', 'folder_id'] }]);
  });

  it('reads a meeting date without an offset in the recording\'s zone, as an upload does, else in its owner\'s', async () => {
    const berlin = await seedRecording(owner.user.id, { status: 'COMPLETED', changes: { time_zone: 'Europe/Berlin' } });
    const patched = async (id: number, token: string, meeting_date: string) => (await call(`/recordings/${id}`, { method: 'PATCH', token, body: { meeting_date } })).body.recording?.meeting_date;
    expect(await patched(berlin.id, owner.token, '2026-07-01T11:00')).toBe('2026-07-01T09:00:00.000Z');
    expect(await patched(berlin.id, owner.token, '2026-11-19T11:00')).toBe('2026-11-19T10:00:00.000Z');
    expect(await patched(berlin.id, owner.token, '2026-11-19T11:00:00Z')).toBe('2026-11-19T11:00:00.000Z');
    expect(await patched(berlin.id, owner.token, '2026-11-19T11:00+0530')).toBe('2026-11-19T05:30:00.000Z');
    const someone = await newUser();
    await updateUserSettings(someone.user.id, { time_zone: 'America/New_York' });
    const older = await seedRecording(someone.user.id, { status: 'COMPLETED' });
    expect((await findRecording(older.id))?.time_zone ?? null).toBeNull();
    expect(await patched(older.id, someone.token, '2026-07-01T11:00')).toBe('2026-07-01T15:00:00.000Z');
  });

  it('sends no event when nothing really changes', async () => {
    const r = await seedRecording(owner.user.id, { title: 'Same', status: 'COMPLETED', notes: 'keep' });
    const response = await call(`/recordings/${r.id}`, { method: 'PATCH', token: owner.token, body: { title: 'Same', notes: 'keep', is_inbox: true, meeting_date: r.meeting_date } });
    expect(response.status).toBe(200);
    expect(response.body.recording).toMatchObject({ title: 'Same', notes: 'keep' });
    expect(await updates(r.id)).toEqual([]);
  });

  it('records notes and summary changes and clears the folder with null', async () => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED', changes: { folder_id: 3 } });
    const response = await call(`/recordings/${r.id}`, { method: 'PATCH', token: owner.token, body: { notes: 'n', summary: 's', folder_id: null } });
    expect(response.body.recording).toMatchObject({ notes: 'n', summary: 's', has_summary: true, folder_id: null });
    expect((await updates(r.id))[0]!.fields_changed).toEqual(['notes', 'summary', 'folder_id']);
  });

  it.each([
    ['an empty body', {}],
    ['an unknown field', { title: 'x', keep_audio_only: true }],
    ['a bad meeting date', { meeting_date: '2025-13-01' }],
    ['an empty title', { title: '  ' }],
    ['a string flag', { is_inbox: 'yes' }],
    ['a fractional folder', { folder_id: 1.5 }],
  ])('refuses %s with 400 and changes nothing', async (_, body) => {
    const r = await seedRecording(owner.user.id, { title: 'Untouched', status: 'COMPLETED' });
    const response = await call(`/recordings/${r.id}`, { method: 'PATCH', token: owner.token, body });
    expect(response.status).toBe(400);
    expect((await call(`/recordings/${r.id}`, { token: owner.token })).body.title).toBe('Untouched');
    expect(await updates(r.id)).toEqual([]);
  });

  it('answers 403 for another user and 404 for an unknown id', async () => {
    expect((await call(`/recordings/${done}`, { method: 'PATCH', token: stranger.token, body: { title: 'mine' } })).status).toBe(403);
    expect((await call('/recordings/999999999', { method: 'PATCH', token: owner.token, body: { title: 'x' } })).status).toBe(404);
    expect((await call(`/recordings/${done}`, { token: owner.token })).body.title).toBe('Weekly sync');
  });
});
