// Speakers over HTTP: the speaker list and its mutations, a recording's labels with voice-based
// suggestions, assigning names (profiles, participants, transcript formats), a rename reaching
// every recording (inline and through the speakers queue), name proposals from introductions.
import { beforeAll, describe, expect, it } from 'vitest';
import { getJson, putJson } from '#shared/blob/objects.ts';
import { cosine, type LabelledSegment } from '#shared/domain/speakers.ts';
import type { RecordingStatus } from '#shared/domain/recordings/status.ts';
import { recordingEvents } from '#shared/store/outbox.ts';
import { findRecording, type Recording } from '#shared/store/recordings.ts';
import { linkRecording } from '#shared/store/speakers.ts';
import { call, newUser } from '../support/api.ts';
import { seedRecording } from './recordings-fixtures.ts';

type User = Awaited<ReturnType<typeof newUser>>;

// Two voices as 26-dimensional embeddings, nearly orthogonal, and noisy takes of each.
const D = 26;
const A = Array.from({ length: D }, (_, i) => (i < 13 ? 1 + 0.3 * Math.sin(i + 1) : 0.1 * Math.cos(i)));
const B = Array.from({ length: D }, (_, i) => (i >= 13 ? 1 + 0.3 * Math.cos(i + 1) : 0.1 * Math.sin(i)));
const noisy = (v: readonly number[], seed: number) => v.map((x, i) => x + 0.25 * Math.sin(seed * (i + 1) * 1.7));

const seg = (speaker: string, sentence: string, start: number): LabelledSegment => ({ speaker, sentence, start_time: start, end_time: start + 2 });

async function seedMeeting(user: User, segments: readonly LabelledSegment[], embeddings: Record<string, number[]> = {}, status: RecordingStatus = 'COMPLETED', participants = '') {
  const r = await seedRecording(user.user.id, { status, segments, changes: { participants } });
  await putJson('transcripts/', r.transcript_key!, { segments, language: 'en', engine: 'test', speaker_embeddings: embeddings });
  return r;
}

const put = (path: string, body: unknown, token: string) => call(path, { method: 'PUT', token, body });
const post = (path: string, body: unknown, token: string) => call(path, { method: 'POST', token, body });
const transcript = async (id: number, format: string, token: string) => (await call(`/recordings/${id}/transcript?format=${format}`, { token })).body.content as string;
const speakersOf = async (user: User) => (await call('/speakers', { token: user.token })).body.speakers as any[];

let stranger: User;
beforeAll(async () => {
  stranger = await newUser();
});

describe('the speaker list', () => {
  it('creates, lists, renames and deletes speakers; names are unique case-insensitively', async () => {
    const owner = await newUser();
    const made = await post('/speakers', { name: '  Zoe  ' }, owner.token);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ id: expect.any(Number), name: 'Zoe', use_count: 0, last_used: null, confidence_score: 0, has_voice_profile: false });
    expect((await post('/speakers', { name: 'zoe' }, owner.token)).status).toBe(409);
    const other = (await post('/speakers', { name: 'Ann' }, owner.token)).body;
    expect((await speakersOf(owner)).map((s) => s.name).sort()).toEqual(['Ann', 'Zoe']);

    expect((await put(`/speakers/${made.body.id}`, { name: 'ANN' }, owner.token)).status).toBe(409);
    const renamed = await put(`/speakers/${made.body.id}`, { name: 'Zoey' }, owner.token);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ success: true, speaker: { id: made.body.id, name: 'Zoey' }, recordings_updated: 0 });
    // Only the case changes: the same speaker keeps its name guard.
    expect((await put(`/speakers/${made.body.id}`, { name: 'ZOEY' }, owner.token)).body.speaker.name).toBe('ZOEY');
    expect((await post('/speakers', { name: 'Zoe' }, owner.token)).status).toBe(201);

    expect((await call(`/speakers/${other.id}`, { method: 'DELETE', token: owner.token })).body).toEqual({ success: true });
    expect((await speakersOf(owner)).map((s) => s.name).sort()).toEqual(['ZOEY', 'Zoe']);
    expect((await post('/speakers', { name: 'ann' }, owner.token)).status).toBe(201);
  });

  it('answers 403 for a foreign speaker, 404 for an unknown one, 400 for a bad body', async () => {
    const owner = await newUser();
    const mine = (await post('/speakers', { name: 'Mine' }, owner.token)).body;
    expect((await put(`/speakers/${mine.id}`, { name: 'Theirs' }, stranger.token)).status).toBe(403);
    expect((await call(`/speakers/${mine.id}`, { method: 'DELETE', token: stranger.token })).status).toBe(403);
    expect((await put('/speakers/999999999', { name: 'X' }, owner.token)).status).toBe(404);
    expect((await call('/speakers/999999999', { method: 'DELETE', token: owner.token })).status).toBe(404);
    expect((await post('/speakers', { name: '' }, owner.token)).status).toBe(400);
    expect((await post('/speakers', { name: 'A', extra: 1 }, owner.token)).status).toBe(400);
    expect((await speakersOf(stranger)).map((s) => s.name)).not.toContain('Mine');
  });
});

describe('voices across meetings', () => {
  let owner: User;
  let first: number;
  let second: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    owner = await newUser();
    first = (
      await seedMeeting(
        owner,
        [seg('SPEAKER_00', 'Good morning, shall we start?', 0), seg('SPEAKER_01', 'Yes, the budget first.', 2), seg('SPEAKER_00', 'Fine by me.', 4)],
        { SPEAKER_00: A, SPEAKER_01: B },
      )
    ).id;
    // The same two voices, the labels the other way round.
    second = (await seedMeeting(owner, [seg('SPEAKER_00', 'About the budget.', 0), seg('SPEAKER_01', 'Go on.', 2)], { SPEAKER_00: noisy(B, 5), SPEAKER_01: noisy(A, 3) })).id;
  });

  it('lists the labels of a new recording with counts and no names', async () => {
    const { status, body } = await call(`/recordings/${first}/speakers`, { token: owner.token });
    expect(status).toBe(200);
    expect(body).toEqual({
      speakers: [
        { label: 'SPEAKER_00', identified_name: null, speaker_id: null, segment_count: 2 },
        { label: 'SPEAKER_01', identified_name: null, speaker_id: null, segment_count: 1 },
      ],
      suggestions: { SPEAKER_00: [], SPEAKER_01: [] },
    });
  });

  it('assigns names: speakers created with voice profiles, participants and every transcript format', async () => {
    const { status, body } = await put(`/recordings/${first}/speakers/assign`, { speaker_map: { SPEAKER_00: 'Maria', SPEAKER_01: 'John' } }, owner.token);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, recording: { id: first, title: 'Recording', participants: 'Maria, John', status: 'COMPLETED' }, summary_queued: false, embeddings_updated: 2 });
    const speakers = await speakersOf(owner);
    for (const s of speakers) ids[s.name] = s.id;
    expect(speakers.map((s) => s.name).sort()).toEqual(['John', 'Maria']);
    for (const s of speakers) expect(s).toMatchObject({ use_count: 1, has_voice_profile: true, confidence_score: 0.5, embedding_count: 1, last_used: expect.any(String) });

    expect(await transcript(first, 'text', owner.token)).toBe('[Maria]: Good morning, shall we start?\n[John]: Yes, the budget first.\n[Maria]: Fine by me.');
    expect(await transcript(first, 'srt', owner.token)).toContain('John: Yes, the budget first.');
    expect(await transcript(first, 'vtt', owner.token)).toContain('<v Maria>Good morning');
    expect((await findRecording(first))!.participants).toBe('Maria, John');
    const updates = (await recordingEvents(first)).filter((e) => e.type === 'recording.updated');
    expect(updates.map((e) => e.data.fields_changed)).toEqual([['participants']]);

    // The labels survive: they still answer with their names and speakers.
    const again = await call(`/recordings/${first}/speakers`, { token: owner.token });
    expect(again.body.speakers).toEqual([
      { label: 'SPEAKER_00', identified_name: 'Maria', speaker_id: ids.Maria, segment_count: 2 },
      { label: 'SPEAKER_01', identified_name: 'John', speaker_id: ids.John, segment_count: 1 },
    ]);
  });

  it('suggests the right speaker for each voice of a second recording, and the wrong one far below', async () => {
    expect(cosine(A, B)!).toBeLessThan(0.1);
    const all = (await call(`/recordings/${second}/speakers?threshold=0`, { token: owner.token })).body.suggestions;
    expect(all.SPEAKER_01[0]).toMatchObject({ speaker_id: ids.Maria, name: 'Maria' });
    expect(all.SPEAKER_01[0].similarity).toBeGreaterThanOrEqual(60);
    expect(all.SPEAKER_01.find((s: any) => s.name === 'John').similarity).toBeLessThan(50);
    expect(all.SPEAKER_00[0]).toMatchObject({ speaker_id: ids.John, name: 'John' });
    expect(all.SPEAKER_00[0].similarity).toBeGreaterThanOrEqual(60);
    expect(all.SPEAKER_00.find((s: any) => s.name === 'Maria').similarity).toBeLessThan(50);
    for (const s of [...all.SPEAKER_00, ...all.SPEAKER_01]) expect(Math.round(s.similarity * 10) / 10).toBe(s.similarity);

    const { body } = await call(`/recordings/${second}/speakers`, { token: owner.token });
    expect(body.suggestions.SPEAKER_01.map((s: any) => s.name)).toEqual(['Maria']);
    expect(body.suggestions.SPEAKER_00.map((s: any) => s.name)).toEqual(['John']);
  });

  it('assigns by speaker id or {name}, moving the profiles', async () => {
    const { status, body } = await put(`/recordings/${second}/speakers/assign`, { speaker_map: { SPEAKER_00: { speaker_id: ids.John }, SPEAKER_01: { name: 'maria' } } }, owner.token);
    expect(status).toBe(200);
    expect(body.recording.participants).toBe('John, Maria');
    const speakers = await speakersOf(owner);
    expect(speakers.map((s) => s.name).sort()).toEqual(['John', 'Maria']);
    for (const s of speakers) expect(s).toMatchObject({ use_count: 2, embedding_count: 2 });
    // The same assignment again counts no second use.
    await put(`/recordings/${second}/speakers/assign`, { speaker_map: { SPEAKER_01: 'Maria' } }, owner.token);
    expect((await speakersOf(owner)).find((s) => s.name === 'Maria').use_count).toBe(2);
  });

  it('renames a speaker in the transcripts and participants of every recording it is in', async () => {
    const { status, body } = await put(`/speakers/${ids.John}`, { name: 'Jonathan' }, owner.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, speaker: { id: ids.John, name: 'Jonathan', use_count: 2 }, recordings_updated: 2, cascade: 'done' });
    for (const id of [first, second]) {
      for (const format of ['text', 'srt', 'vtt']) {
        const content = await transcript(id, format, owner.token);
        expect(content).toContain('Jonathan');
        expect(content).not.toMatch(/\bJohn\b/);
      }
    }
    expect((await findRecording(first))!.participants).toBe('Maria, Jonathan');
    expect((await findRecording(second))!.participants).toBe('Jonathan, Maria');
    const updates = (await recordingEvents(first)).filter((e) => e.type === 'recording.updated');
    expect(updates.at(-1)!.data.fields_changed).toEqual(['participants']);
    const labels = (await call(`/recordings/${first}/speakers`, { token: owner.token })).body.speakers;
    expect(labels[1]).toEqual({ label: 'SPEAKER_01', identified_name: 'Jonathan', speaker_id: ids.John, segment_count: 1 });
  });

  it('answers 403 and 404 for foreign or unknown recordings and speakers, 400 for unknown labels', async () => {
    const assign = { speaker_map: { SPEAKER_00: 'X' } };
    expect((await call(`/recordings/${first}/speakers`, { token: stranger.token })).status).toBe(403);
    expect((await call('/recordings/999999999/speakers', { token: owner.token })).status).toBe(404);
    expect((await put(`/recordings/${first}/speakers/assign`, assign, stranger.token)).status).toBe(403);
    expect((await put('/recordings/999999999/speakers/assign', assign, owner.token)).status).toBe(404);
    expect((await post(`/recordings/${first}/speakers/identify`, undefined, stranger.token)).status).toBe(403);
    expect((await post('/recordings/999999999/speakers/identify', undefined, owner.token)).status).toBe(404);
    const foreign = (await post('/speakers', { name: 'Theirs' }, stranger.token)).body;
    expect((await put(`/recordings/${first}/speakers/assign`, { speaker_map: { SPEAKER_00: { speaker_id: foreign.id } } }, owner.token)).status).toBe(403);
    expect((await put(`/recordings/${first}/speakers/assign`, { speaker_map: { SPEAKER_00: { speaker_id: 999999999 } } }, owner.token)).status).toBe(404);
    const unknown = await put(`/recordings/${first}/speakers/assign`, { speaker_map: { SPEAKER_07: 'X' } }, owner.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'speaker_map.SPEAKER_07', message: expect.any(String) }]);
    expect((await put(`/recordings/${first}/speakers/assign`, { speaker_map: { Maria: 'X' } }, owner.token)).status).toBe(400);
    expect((await put(`/recordings/${first}/speakers/assign`, { speaker_map: {} }, owner.token)).status).toBe(400);
    expect((await speakersOf(owner)).map((s) => s.name).sort()).toEqual(['Jonathan', 'Maria']);
  });
});

describe('assigning with a new summary', () => {
  it('refuses while the recording is queued, storing nothing', async () => {
    const owner = await newUser();
    const segments = [seg('SPEAKER_00', 'Hello.', 0)];
    const r = await seedMeeting(owner, segments, { SPEAKER_00: A }, 'PENDING');
    const response = await put(`/recordings/${r.id}/speakers/assign`, { speaker_map: { SPEAKER_00: 'Maria' }, regenerate_summary: true }, owner.token);
    expect(response.status).toBe(409);
    expect(await speakersOf(owner)).toEqual([]);
    expect((await getJson<{ segments: LabelledSegment[] }>('transcripts/', r.transcript_key!)).segments).toEqual(segments);
  });

  it('queues the summary of a completed recording', async () => {
    const owner = await newUser();
    const r = await seedMeeting(owner, [seg('SPEAKER_00', 'We agreed to ship on Friday.', 0)], { SPEAKER_00: A });
    const { status, body } = await put(`/recordings/${r.id}/speakers/assign`, { speaker_map: { SPEAKER_00: 'Maria' }, regenerate_summary: true }, owner.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, summary_queued: true, recording: { participants: 'Maria', status: 'SUMMARIZING' } });
  });
});

describe('proposing names', () => {
  it('reads self-introductions and changes nothing', async () => {
    const owner = await newUser();
    const segments = [seg('SPEAKER_00', "hi, i'm maria", 0), seg('SPEAKER_01', 'hello maria, this is john speaking', 2), seg('SPEAKER_02', 'let us begin', 4)];
    const r = await seedMeeting(owner, segments);
    const { status, body } = await post(`/recordings/${r.id}/speakers/identify`, undefined, owner.token);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, suggestions: { SPEAKER_00: 'Maria', SPEAKER_01: 'John' } });
    expect((await getJson<{ segments: LabelledSegment[] }>('transcripts/', r.transcript_key!)).segments).toEqual(segments);
    expect(await speakersOf(owner)).toEqual([]);
  });

  it('needs a transcript; without one the speaker list is empty', async () => {
    const owner = await newUser();
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED' });
    expect((await post(`/recordings/${r.id}/speakers/identify`, undefined, owner.token)).status).toBe(400);
    expect((await call(`/recordings/${r.id}/speakers`, { token: owner.token })).body).toEqual({ speakers: [], suggestions: {} });
    expect((await put(`/recordings/${r.id}/speakers/assign`, { speaker_map: { SPEAKER_00: 'X' } }, owner.token)).status).toBe(400);
  });
});

describe('a rename touching many recordings', () => {
  it('is queued, answers how many, and reaches every recording shortly after', async () => {
    const owner = await newUser();
    const speaker = (await post('/speakers', { name: 'Zed' }, owner.token)).body;
    const recordings: Recording[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await seedMeeting(owner, [{ ...seg('Zed', `Point ${i}.`, 0), label: 'SPEAKER_00' }, seg('SPEAKER_01', 'Noted.', 2)], {}, 'COMPLETED', 'Zed');
      await linkRecording({ id: speaker.id, user_id: owner.user.id }, r.id);
      recordings.push(r);
    }
    const { status, body } = await put(`/speakers/${speaker.id}`, { name: 'Zack' }, owner.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, speaker: { name: 'Zack' }, recordings_updated: 21, cascade: 'queued' });
    await expect
      .poll(
        async () => {
          const done = await Promise.all(recordings.map(async (r) => (await findRecording(r.id))!.participants === 'Zack' && (await getJson<{ segments: LabelledSegment[] }>('transcripts/', r.transcript_key!)).segments[0]!.speaker === 'Zack'));
          return done.every(Boolean);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(await transcript(recordings[20]!.id, 'text', owner.token)).toBe('[Zack]: Point 20.\n[SPEAKER_01]: Noted.');
  });
});
