// Library search and library chat over HTTP on ten recordings: three flite recordings through
// the real pipeline (upload, embedded ASR, index worker) and seven written with known segments
// (ASR is not the point there). Phrase, prefix and typo queries; a renamed speaker; a deleted
// recording; another user's words; the chat's quotes against its sources, and a question naming
// a speaker kept to that speaker's passages.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLibrary } from '#shared/search/index-store.ts';
import { queueIndexUpdate } from '#shared/search/queue.ts';
import { deleteRecordingItems } from '#shared/store/recording-writes.ts';
import { findRecording } from '#shared/store/recordings.ts';
import type { Segment } from '#shared/providers/types.ts';
import { call, newUser } from '../support/api.ts';
import { makeMeetingFrom, type ScriptLine } from '../support/speech.ts';
import { upload, waitForStatus } from '../support/uploads.ts';
import { seedRecording } from './recordings-fixtures.ts';

type User = Awaited<ReturnType<typeof newUser>>;
let alice: User;
let bob: User;
const seeded: Record<string, number> = {};
const spoken: number[] = [];

const seg = (speaker: string, sentence: string, start: number, end: number): Segment => ({ speaker, sentence, start_time: start, end_time: end });

const SEEDS: Record<string, { segments: Segment[]; notes?: string; summary?: string; date: string; timeZone?: string }> = {
  budget: { date: '2026-03-01T09:00:00Z', segments: [seg('SPEAKER_00', 'The quarterly budget needs another review.', 0, 3.5), seg('SPEAKER_01', 'Budgeting for travel is frozen.', 3.5, 6)] },
  marketing: { date: '2026-03-02T09:00:00Z', segments: [seg('SPEAKER_00', 'We discussed the marketing plan at length.', 0, 4), seg('SPEAKER_01', 'The plan for marketing is late.', 4, 7.25)] },
  // 23:00 on the 3rd in São Paulo, already the 4th in UTC.
  hiring: { date: '2026-03-04T02:00:00Z', timeZone: 'America/Sao_Paulo', segments: [seg('SPEAKER_00', 'Two engineers join the platform team in April.', 12.5, 16)], notes: 'Remember the onboarding checklist.' },
  garden: { date: '2026-03-04T09:00:00Z', segments: [seg('SPEAKER_00', 'The tomatoes need watering every morning.', 1, 4)], summary: 'Gardening chores were split between the neighbours.' },
  security: { date: '2026-03-05T09:00:00Z', segments: [seg('SPEAKER_00', 'Rotate the database passwords before the audit.', 2, 5)] },
  travel: { date: '2026-03-06T09:00:00Z', segments: [seg('SPEAKER_00', 'The conference in Lisbon starts on the ninth.', 0, 3)] },
  doomed: { date: '2026-03-07T09:00:00Z', segments: [seg('SPEAKER_00', 'The obsolete warehouse contract ends soon.', 0, 3)] },
};

// Short scripts in different voices and topics (one turn each, a few seconds of audio).
const SPOKEN: { voice: 'A' | 'B'; text: string }[] = [
  { voice: 'A', text: 'The hospital needs more nurses for the night shift.' },
  { voice: 'B', text: 'Our football team won the championship yesterday.' },
  { voice: 'A', text: 'Please order new printer paper for the office.' },
];

const search = (query: string, user: User = alice) => call(`/search?${query}`, { token: user.token });

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await what();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    value = await what();
  }
  return value;
}

beforeAll(async () => {
  alice = await newUser();
  bob = await newUser();
  for (const [name, s] of Object.entries(SEEDS)) {
    const r = await seedRecording(alice.user.id, { title: `${name} meeting`, status: 'COMPLETED', segments: s.segments, notes: s.notes, summary: s.summary, meetingDate: s.date, timeZone: s.timeZone });
    seeded[name] = r.id;
    await queueIndexUpdate({ user_id: alice.user.id, recording_id: r.id });
  }
  const secret = await seedRecording(bob.user.id, { title: 'zanzibar plans', status: 'COMPLETED', segments: [seg('SPEAKER_00', 'The zanzibar budget is secret.', 0, 2)] });
  await queueIndexUpdate({ user_id: bob.user.id, recording_id: secret.id });
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-search-'));
  for (const [i, line] of SPOKEN.entries()) {
    const meeting = await makeMeetingFrom(join(dir, String(i)), [{ speaker: line.voice, text: line.text }] as ScriptLine[]);
    const uploaded = await upload(alice.token, meeting.path, { meeting_date: `2026-04-0${i + 1}T10:00:00Z` });
    expect(uploaded.status).toBe(202);
    spoken.push(uploaded.body.id);
  }
  for (const id of spoken) expect((await waitForStatus(id, ['COMPLETED', 'FAILED'], 120_000)).status).toBe('COMPLETED');
  // Every recording indexed: each seeded title is found.
  const indexed = await until(() => search('q=meeting&per_page=50'), (r) => new Set(r.body.hits?.map((h: { recording_id: number }) => h.recording_id)).size >= 7);
  expect(indexed.status).toBe(200);
}, 240_000);

describe('GET /search', () => {
  it('finds an exact phrase, with its times and the phrase highlighted', async () => {
    const { status, body } = await search(`q=${encodeURIComponent('"marketing plan"')}`);
    expect(status).toBe(200);
    // "The plan for marketing" has both words, not the phrase.
    expect(body.hits).toHaveLength(1);
    const hit = body.hits[0];
    expect(hit).toMatchObject({ recording_id: seeded.marketing, title: 'marketing meeting', field: 'transcript', segment_index: 0, start_time: 0, end_time: 4, text: 'We discussed the marketing plan at length.' });
    expect(hit.highlights.map(([a, b]: [number, number]) => hit.text.slice(a, b))).toEqual(['marketing', 'plan']);
  });

  it('matches a prefix and tolerates a typo in a longer word', async () => {
    const prefix = await search('q=budg*');
    const texts = prefix.body.hits.map((h: { text: string }) => h.text);
    expect(texts).toEqual(expect.arrayContaining(['The quarterly budget needs another review.', 'Budgeting for travel is frozen.']));
    const typo = await search('q=quartrly');
    expect(typo.body.hits[0]).toMatchObject({ recording_id: seeded.budget, segment_index: 0, start_time: 0, end_time: 3.5 });
    expect(typo.body.hits[0].highlights).toEqual([[4, 13]]);
    // Short words must match exactly.
    expect((await search('q=plam')).body.hits).toEqual([]);
  });

  it('finds a word in another form than the one said, through the deployed worker and route', async () => {
    // "watering" was said; "watered" and "waters" share its stem. A typo of one letter could not reach either.
    for (const q of ['watered', 'waters']) {
      const { body } = await search(`q=${q}`);
      expect(body.hits.map((h: { recording_id: number; field: string }) => [h.recording_id, h.field]), q).toEqual([[seeded.garden, 'transcript']]);
      const hit = body.hits[0];
      expect(hit.highlights.map(([a, b]: [number, number]) => hit.text.slice(a, b)), q).toEqual(['watering']);
    }
  });

  it('finds words in notes, summaries and titles and says where', async () => {
    expect((await search('q=onboarding')).body.hits[0]).toMatchObject({ recording_id: seeded.hiring, field: 'notes', start_time: null });
    expect((await search('q=neighbours')).body.hits[0]).toMatchObject({ recording_id: seeded.garden, field: 'summary' });
    expect((await search('q=garden')).body.hits[0]).toMatchObject({ recording_id: seeded.garden, field: 'title' });
  });

  it('finds what the embedded engine heard in the flite recordings, at the transcript times', async () => {
    for (const [i, line] of SPOKEN.entries()) {
      const transcript = await call(`/recordings/${spoken[i]}/transcript?format=json`, { token: alice.token });
      // The script's longer words the engine heard (a machine transcript may miss one or two).
      const heard = new Set<string>(transcript.body.segments.flatMap((s: { sentence: string }) => s.sentence.toLowerCase().match(/[a-z]+/g) ?? []));
      const words = (line.text.toLowerCase().match(/[a-z]{5,}/g) ?? []).filter((w) => heard.has(w));
      expect(words.length, `${line.text} → ${[...heard].join(' ')}`).toBeGreaterThanOrEqual(2);
      for (const word of words) {
        const { body } = await search(`q=${word}`);
        const hit = body.hits.find((h: { recording_id: number }) => h.recording_id === spoken[i]);
        expect(hit, word).toBeDefined();
        const segment = transcript.body.segments[hit.segment_index];
        expect({ start: hit.start_time, end: hit.end_time, text: hit.text }).toEqual({ start: segment.start_time, end: segment.end_time, text: segment.sentence });
      }
    }
  });

  it('filters by date and paginates at most 50 per page', async () => {
    const { body } = await search('q=the&date_from=2026-03-05&date_to=2026-03-06&per_page=50');
    expect(new Set(body.hits.map((h: { recording_id: number }) => h.recording_id))).toEqual(new Set([seeded.security, seeded.travel]));
    expect((await search('q=the&per_page=51')).status).toBe(400);
    const one = await search('q=the&per_page=1&page=2');
    expect(one.body.hits).toHaveLength(1);
    expect(one.body.pagination).toMatchObject({ page: 2, per_page: 1, has_prev: true, has_next: true });
  });

  it("never shows another user's words", async () => {
    expect((await search('q=zanzibar')).body.hits).toEqual([]);
    expect((await search('q=zanzibar', bob)).body.hits).toHaveLength(2);
  });

  it('finds a renamed speaker by the new name at once', async () => {
    const put = (path: string, body: unknown) => call(path, { method: 'PUT', token: alice.token, body });
    expect((await put(`/recordings/${seeded.security}/speakers/assign`, { speaker_map: { SPEAKER_00: 'Gertrude' } })).status).toBe(200);
    const speakers = await call('/speakers', { token: alice.token });
    const gertrude = speakers.body.speakers.find((s: { name: string }) => s.name === 'Gertrude');
    expect((await put(`/speakers/${gertrude.id}`, { name: 'Hildegard' })).status).toBe(200);
    const found = await until(() => search('q=passwords&speaker=hildegard'), (r) => r.body.hits?.length === 1, 10_000);
    expect(found.body.hits[0]).toMatchObject({ recording_id: seeded.security, speaker: 'Hildegard' });
    expect((await search('q=hildegard')).body.hits[0]).toMatchObject({ recording_id: seeded.security });
  });

  it('never shows a deleted recording, even while its index update waits', async () => {
    expect((await search('q=warehouse')).body.hits).toHaveLength(1);
    // The delete committed, its event not yet published (the sweep waits a minute): the
    // index still holds the recording, and search must not show it.
    await deleteRecordingItems((await findRecording(seeded.doomed!))!);
    expect((await loadLibrary(alice.user.id, { fresh: true })).library.recordings.has(seeded.doomed!)).toBe(true);
    const after = await search('q=warehouse');
    expect(after.body.hits).toEqual([]);
    expect(after.body.pagination.total).toBe(0);
  });

  it('drops a recording deleted through the API from the index', async () => {
    expect((await call(`/recordings/${seeded.travel}`, { method: 'DELETE', token: alice.token })).status).toBe(200);
    expect((await search('q=lisbon')).body.hits).toEqual([]);
    const library = await until(() => loadLibrary(alice.user.id, { fresh: true }), (l) => !l.library.recordings.has(seeded.travel!), 10_000);
    expect(library.library.recordings.has(seeded.travel!)).toBe(false);
  });
});

describe('POST /chat', () => {
  it('quotes passages with their recordings and times, each quote inside a source it lists', async () => {
    const { status, body } = await call('/chat', { method: 'POST', token: alice.token, body: { message: 'What about the budget and the passwords?' } });
    expect(status).toBe(200);
    expect(body.sources.length).toBeGreaterThan(0);
    const quotes = [...body.response.matchAll(/“([^”]+)”/g)].map((m) => m[1]!).filter((q) => !/meeting$/.test(q));
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) expect(body.sources.some((s: { text: string }) => s.text.includes(q)), q).toBe(true);
    expect(body.response).toMatch(/budget meeting/);
    for (const s of body.sources) expect(s).toMatchObject({ recording_id: expect.any(Number), start_time: expect.any(Number), field: 'transcript' });
  });

  it("labels each passage with its meeting's day on its recording's clock, and hits carry the zone", async () => {
    const hit = (await search('q=engineers')).body.hits[0];
    expect(hit).toMatchObject({ recording_id: seeded.hiring, meeting_date: '2026-03-04T02:00:00Z', time_zone: 'America/Sao_Paulo' });
    expect((await search('q=tomatoes')).body.hits[0]).toMatchObject({ recording_id: seeded.garden, time_zone: null });
    const { status, body } = await call('/chat', { method: 'POST', token: alice.token, body: { message: 'Who joins the platform team?' } });
    expect(status).toBe(200);
    expect(body.sources[0]).toMatchObject({ recording_id: seeded.hiring });
    expect(body.response).toContain('in “hiring meeting” (2026-03-03) said');
  });

  it('says it found nothing in your recordings (not "in this recording") when no passage answers', async () => {
    const { status, body } = await call('/chat', { method: 'POST', token: alice.token, body: { message: 'What is the capital of Peru?' } });
    expect(status).toBe(200);
    expect(body).toEqual({ response: 'I could not find anything about that in your recordings.', sources: [] });
  });

  it('keeps to recording_ids', async () => {
    const { body } = await call('/chat', { method: 'POST', token: alice.token, body: { message: 'budget plan', recording_ids: [seeded.marketing] } });
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.sources.every((s: { recording_id: number }) => s.recording_id === seeded.marketing)).toBe(true);
  });

  it('answers a question for the action items, deadlines or decisions from the passages that give them, newest recording first', async () => {
    const dana = await newUser();
    const older = await seedRecording(dana.user.id, {
      title: 'supplier call',
      status: 'COMPLETED',
      meetingDate: '2026-05-04T09:00:00Z',
      segments: [seg('SPEAKER_00', 'the supplier raised the price of flour again', 0, 3), seg('SPEAKER_00', 'tom can you ask two other mills for a quote by friday', 3, 7), seg('SPEAKER_01', 'sure i can do that', 7, 9)],
    });
    const newer = await seedRecording(dana.user.id, {
      title: 'shop floor',
      status: 'COMPLETED',
      meetingDate: '2026-05-11T09:00:00Z',
      segments: [seg('SPEAKER_00', 'the new oven arrives in june', 0, 3), seg('SPEAKER_01', 'we agreed to close the shop on mondays from now on', 3, 7), seg('SPEAKER_00', 'i will print the new opening hours for the window', 7, 10)],
    });
    expect((await call(`/recordings/${older.id}/speakers/assign`, { method: 'PUT', token: dana.token, body: { speaker_map: { SPEAKER_01: 'Tom Price' } } })).status).toBe(200);
    await queueIndexUpdate({ user_id: dana.user.id, rebuild: true });
    expect((await until(() => search('q=oven', dana), (r) => r.body.pagination?.total === 1, 30_000)).body.hits[0]).toMatchObject({ recording_id: newer.id });
    expect((await search('q=mills', dana)).body.hits[0]).toMatchObject({ recording_id: older.id });
    const ask = async (message: string, extra: Record<string, unknown> = {}) => {
      const { status, body } = await call('/chat', { method: 'POST', token: dana.token, body: { message, ...extra } });
      expect(status, message).toBe(200);
      return body.sources.map((s: { recording_id: number; text: string }) => [s.recording_id, s.text]);
    };
    expect(await ask('What are my action items?')).toEqual([
      [newer.id, 'i will print the new opening hours for the window'],
      [older.id, 'tom can you ask two other mills for a quote by friday'],
      [older.id, 'sure i can do that'],
    ]);
    expect(await ask('What was decided?')).toEqual([[newer.id, 'we agreed to close the shop on mondays from now on']]);
    expect(await ask('What are the deadlines?')).toEqual([[older.id, 'tom can you ask two other mills for a quote by friday']]);
    // Tom's, whoever said it; and within the filters.
    expect(await ask("What are Tom's action items?")).toEqual([
      [older.id, 'tom can you ask two other mills for a quote by friday'],
      [older.id, 'sure i can do that'],
    ]);
    expect(await ask('What are the next steps?', { date_from: '2026-05-10' })).toEqual([[newer.id, 'i will print the new opening hours for the window']]);
    // Once the asker's name is a voice's, "my" and "I" are that voice's.
    expect((await call('/users/me', { method: 'PUT', token: dana.token, body: { name: 'tom price' } })).status).toBe(200);
    expect(await ask('What do I have to do?')).toEqual([
      [older.id, 'tom can you ask two other mills for a quote by friday'],
      [older.id, 'sure i can do that'],
    ]);
    expect(await ask('Can we see the next steps?')).toHaveLength(3);
  });

  // Written for this test: a typo's near miss ("price" is one letter from "prize") is far weaker than the passage that answers.
  it("leaves out a typo's near misses of words it found as typed", async () => {
    const erin = await newUser();
    const segments = [seg('SPEAKER_00', 'we decided to keep the ticket price at five pounds', 0, 3), seg('SPEAKER_01', 'the raffle prizes are in the cupboard', 3, 6), seg('SPEAKER_00', 'the hall needs new chairs', 6, 8)];
    const recording = await seedRecording(erin.user.id, { title: 'fair committee', status: 'COMPLETED', segments, meetingDate: '2026-03-01T09:00:00Z' });
    await queueIndexUpdate({ user_id: erin.user.id, recording_id: recording.id });
    expect((await until(() => search('q=prizes', erin), (r) => r.body.hits?.length === 1, 20_000)).body.hits[0]).toMatchObject({ recording_id: recording.id });
    const { status, body } = await call('/chat', { method: 'POST', token: erin.token, body: { message: 'What did we decide about the ticket price?' } });
    expect(status).toBe(200);
    expect(body.sources.map((s: { text: string }) => s.text)).toEqual(['we decided to keep the ticket price at five pounds']);
  });

  it('keeps to the passages of a speaker the question names, by a word of the name', async () => {
    // A user of its own: the chat's rate class allows 10 a minute, and this asks 6 times.
    const carol = await newUser();
    const segments = [seg('SPEAKER_00', 'The quarterly budget needs another review.', 0, 3.5), seg('SPEAKER_01', 'Budgeting for travel is frozen.', 3.5, 6), seg('SPEAKER_00', 'The tomatoes need watering.', 6, 8)];
    const recording = await seedRecording(carol.user.id, { title: 'planning', status: 'COMPLETED', segments, meetingDate: '2026-03-01T09:00:00Z' });
    const assigned = await call(`/recordings/${recording.id}/speakers/assign`, { method: 'PUT', token: carol.token, body: { speaker_map: { SPEAKER_01: 'Maria Lopez' } } });
    expect(assigned.status).toBe(200);
    await until(() => search('q=frozen&speaker=maria%20lopez', carol), (r) => r.body.hits?.length === 1, 20_000);
    const ask = (message: string) => call('/chat', { method: 'POST', token: carol.token, body: { message } });
    const { status, body } = await ask('What did Maria say about travel?');
    expect(status).toBe(200);
    expect(body.sources.map((s: { speaker: string; text: string }) => [s.speaker, s.text])).toEqual([['Maria Lopez', 'Budgeting for travel is frozen.']]);
    expect((await ask('What did maria say about the tomatoes?')).body).toEqual({ response: 'I could not find anything about that in your recordings.', sources: [] });
    expect((await ask('What did Maria say about the quarterly review?')).body.sources).toEqual([]);
    expect((await ask('What did Maria Lopez say?')).body.sources.map((s: { text: string }) => s.text)).toEqual(['Budgeting for travel is frozen.']);
    // A name in the library never given to a voice narrows nothing.
    expect((await call('/speakers', { method: 'POST', token: carol.token, body: { name: 'Quentin' } })).status).toBe(201);
    expect((await ask('What did Quentin say about the quarterly budget?')).body.sources.map((s: { text: string }) => s.text)).toContain('The quarterly budget needs another review.');
    // Without a name, every speaker's passages count.
    expect((await ask('What was said about the tomatoes?')).body.sources.map((s: { text: string }) => s.text)).toEqual(['The tomatoes need watering.']);
  });
});
