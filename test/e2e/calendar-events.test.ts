// Calendar events end to end: the flite meeting's summary job extracts the appointments, the
// outbox records recording.events.extracted right after recording.summary.completed, and the
// events come back as JSON and as an iCalendar file that a third-party parser (node-ical) reads.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ical, { type ParameterValue, type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { replaceEvents } from '#shared/store/calendar-events.ts';
import { recordingEvents } from '#shared/store/outbox.ts';
import { call, newUser } from '../support/api.ts';
import { makeMeeting } from '../support/speech.ts';
import { silentWav, upload, waitForStatus } from '../support/uploads.ts';

interface Listed {
  id: number;
  title: string;
  start_datetime: string;
  end_datetime: string;
  description: string;
  location: string;
}

let token: string;
let id: number;

const textOf = (value: ParameterValue | undefined): string | undefined => (typeof value === 'string' ? value : value?.val);
const vevents = (ics: string): VEvent[] => Object.values(ical.sync.parseICS(ics)).filter((c): c is VEvent => c?.type === 'VEVENT');

beforeAll(async () => {
  const meeting = await makeMeeting(mkdtempSync(join(tmpdir(), 'verbatim-events-')));
  ({ token } = await newUser());
  const uploaded = await upload(token, meeting.path, { meeting_date: '2026-11-19T10:00:00Z' });
  expect(uploaded.status).toBe(202);
  id = uploaded.body.id;
  await waitForStatus(id, ['COMPLETED', 'FAILED'], 90_000);
}, 150_000);

describe('calendar events of the flite meeting', () => {
  it('reaches COMPLETED', async () => {
    const { body } = await call(`/recordings/${id}/status`, { token });
    expect(body).toMatchObject({ id, status: 'COMPLETED', error_message: null });
  });

  it('lists the meeting next Tuesday at 15:00 UTC for an hour', async () => {
    const { status, body } = await call(`/recordings/${id}/events`, { token });
    expect(status).toBe(200);
    const events = body.events as Listed[];
    console.log('extracted events:', events.map((e) => `${e.start_datetime} ${e.title} [${e.location}]`));
    const tuesday = events.find((e) => e.start_datetime === '2026-11-24T15:00:00.000Z');
    expect(tuesday).toMatchObject({ end_datetime: '2026-11-24T16:00:00.000Z', title: expect.stringMatching(/^Meeting/) });
    expect(Number.isInteger(tuesday!.id)).toBe(true);
    for (const e of events) expect(Object.keys(e).sort()).toEqual(['description', 'end_datetime', 'id', 'location', 'start_datetime', 'title']);
  });

  it('records recording.events.extracted right after recording.summary.completed', async () => {
    const events = await recordingEvents(id);
    const at = events.findIndex((e) => e.type === 'recording.summary.completed');
    expect(at).toBeGreaterThan(0);
    const next = events[at + 1];
    expect(next?.type).toBe('recording.events.extracted');
    expect(next?.seq).toBe(events[at]!.seq + 1);
    expect(next?.data).toMatchObject({ recording_id: id, events_count: expect.any(Number) });
    expect(next!.data.events_count as number).toBeGreaterThanOrEqual(1);
    const listed = (await call(`/recordings/${id}/events`, { token })).body.events as Listed[];
    expect(next!.data.events_count).toBe(listed.length);
  });

  it('serves an iCalendar file that node-ical parses, with the Tuesday meeting in UTC', async () => {
    const response = await call(`/recordings/${id}/events/ics`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+-events\.ics"/);
    expect(response.text).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
    for (const line of response.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const listed = (await call(`/recordings/${id}/events`, { token })).body.events as Listed[];
    const parsed = vevents(response.text);
    expect(parsed).toHaveLength(listed.length);
    const tuesday = parsed.find((e) => e.start.toISOString() === '2026-11-24T15:00:00.000Z');
    expect(tuesday).toBeDefined();
    expect(tuesday!.end?.toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(tuesday!.uid).toMatch(/^event-\d+-[0-9a-f]{16}@verbatim$/);
    expect(response.text).toMatch(/^DTSTART:20261124T150000Z\r$/m);
    expect(response.text).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
  });

  it('escapes commas, semicolons, backslashes and newlines, folds long lines, and serves the same file again', async () => {
    const summary = 'Review: budget, release; plan\\B\nsecond line';
    const description = `Said: "let's meet, then decide; ok?"\nNext line with é and 日本語 ${'long '.repeat(30)}`;
    const [seeded] = await replaceEvents(id, [
      { title: summary, start_datetime: '2026-11-24T16:00:00+01:00', end_datetime: '2026-11-24T17:30:00+01:00', description, location: 'Room 4, floor 2; east wing' },
    ]);
    const first = await call(`/recordings/${id}/events/ics`, { token });
    expect(first.status).toBe(200);
    expect(first.text).toContain('SUMMARY:Review: budget\\, release\\; plan\\\\B\\nsecond line');
    for (const line of first.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const [event] = vevents(first.text);
    expect(event).toBeDefined();
    expect(textOf(event!.summary)).toBe(summary);
    expect(textOf(event!.description)).toBe(description);
    expect(textOf(event!.location)).toBe('Room 4, floor 2; east wing');
    expect(event!.start.toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(event!.end?.toISOString()).toBe('2026-11-24T16:30:00.000Z');
    expect(event!.uid).toMatch(new RegExp(`^event-${id}-[0-9a-f]{16}@verbatim$`));
    const again = await call(`/recordings/${id}/events`, { token });
    expect(again.body).toEqual({ events: [{ id: seeded!.id, title: summary, start_datetime: '2026-11-24T15:00:00.000Z', end_datetime: '2026-11-24T16:30:00.000Z', description, location: 'Room 4, floor 2; east wing' }] });
    expect((await call(`/recordings/${id}/events/ics`, { token })).text).toBe(first.text);
  });

  it('keeps an event\'s UID when a new summary stores it anew, so a calendar importing the file again updates it', async () => {
    const standup = { title: 'Standup', start_datetime: '2026-11-25T09:00:00Z', end_datetime: '2026-11-25T09:15:00Z', description: '', location: '' };
    const review = { title: 'Review', start_datetime: '2026-11-26T14:00:00Z', end_datetime: '2026-11-26T15:00:00Z', description: '', location: '' };
    const uids = async () => Object.fromEntries(vevents((await call(`/recordings/${id}/events/ics`, { token })).text).map((e) => [textOf(e.summary), e.uid]));
    const before = await replaceEvents(id, [standup, review]);
    const first = await uids();
    // Written again (as "Summarize again" does): new ids, the standup moved an hour, the review as it was.
    const after = await replaceEvents(id, [{ ...standup, start_datetime: '2026-11-25T10:00:00Z', end_datetime: '2026-11-25T10:15:00Z' }, review]);
    expect(after.map((e) => e.id)).not.toEqual(before.map((e) => e.id));
    const second = await uids();
    expect(second.Review).toBe(first.Review);
    expect(second.Standup).not.toBe(first.Standup);
    // The same event twice in one file: two UIDs.
    await replaceEvents(id, [review, review]);
    expect(new Set(vevents((await call(`/recordings/${id}/events/ics`, { token })).text).map((e) => e.uid)).size).toBe(2);
  });

  it("refuses another user's recording with 403, and an unknown one with 404", async () => {
    const other = await newUser();
    expect((await call(`/recordings/${id}/events`, { token: other.token })).status).toBe(403);
    expect((await call(`/recordings/${id}/events/ics`, { token: other.token })).status).toBe(403);
    expect((await call('/recordings/999999999/events', { token })).status).toBe(404);
    expect((await call('/recordings/999999999/events/ics', { token })).status).toBe(404);
  });
});

describe('time zones', () => {
  let berlin: number;

  beforeAll(async () => {
    // The user lives in New York; this upload says it was recorded in Berlin, its meeting date without an offset.
    expect((await call('/users/me', { method: 'PUT', token, body: { time_zone: 'America/New_York' } })).status).toBe(200);
    const meeting = await makeMeeting(mkdtempSync(join(tmpdir(), 'verbatim-events-tz-')));
    const uploaded = await upload(token, meeting.path, { meeting_date: '2026-11-19T11:00', time_zone: 'Europe/Berlin' });
    expect(uploaded.status).toBe(202);
    berlin = uploaded.body.id;
    expect(uploaded.body.meeting_date).toBe('2026-11-19T10:00:00.000Z');
    await waitForStatus(berlin, ['COMPLETED', 'FAILED'], 90_000);
  }, 150_000);

  it('keeps the upload\'s zone on the recording', async () => {
    expect((await call(`/recordings/${berlin}`, { token })).body).toMatchObject({ time_zone: 'Europe/Berlin', meeting_date: '2026-11-19T10:00:00.000Z' });
  });

  it('reads "next tuesday at three p m" in Berlin: 14:00 UTC in the list and in the ICS node-ical reads', async () => {
    const events = (await call(`/recordings/${berlin}/events`, { token })).body.events as Listed[];
    expect(events.find((e) => e.start_datetime === '2026-11-24T14:00:00.000Z')).toMatchObject({ end_datetime: '2026-11-24T15:00:00.000Z' });
    expect(events.find((e) => e.start_datetime === '2026-11-24T15:00:00.000Z')).toBeUndefined();
    const ics = (await call(`/recordings/${berlin}/events/ics`, { token })).text;
    expect(ics).toMatch(/^DTSTART:20261124T140000Z\r$/m);
    const tuesday = vevents(ics).find((e) => e.start.toISOString() === '2026-11-24T14:00:00.000Z');
    expect(tuesday?.end?.toISOString()).toBe('2026-11-24T15:00:00.000Z');
  });

  it('takes the user\'s zone for an upload without one, and refuses an unknown zone with 400', async () => {
    const silent = await upload(token, { name: 'quiet.wav', bytes: silentWav(1) }, { meeting_date: '2026-11-19T11:00' });
    expect(silent.status).toBe(202);
    expect(silent.body.meeting_date).toBe('2026-11-19T16:00:00.000Z');
    expect((await call(`/recordings/${silent.body.id}`, { token })).body.time_zone).toBe('America/New_York');
    const refused = await upload(token, { name: 'quiet.wav', bytes: silentWav(1) }, { time_zone: 'Europe/Atlantis' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.details)).toContain('time_zone');
    await waitForStatus(silent.body.id, ['COMPLETED', 'FAILED'], 60_000);
  });
});

describe('a recording without events', () => {
  it('lists no events and has no ICS (404)', async () => {
    const uploaded = await upload(token, { name: 'silence.wav', bytes: silentWav(1) });
    expect(uploaded.status).toBe(202);
    const silent = uploaded.body.id as number;
    await waitForStatus(silent, ['COMPLETED', 'FAILED'], 60_000);
    expect((await call(`/recordings/${silent}/events`, { token })).body).toEqual({ events: [] });
    const ics = await call(`/recordings/${silent}/events/ics`, { token });
    expect(ics.status).toBe(404);
    expect(ics.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    expect((await recordingEvents(silent)).map((e) => e.type)).not.toContain('recording.events.extracted');
  });
});
