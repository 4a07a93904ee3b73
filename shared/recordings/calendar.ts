// A recording's calendar events for its owner: as the API lists them, and as an iCalendar file
// (RFC 5545) written by ical-generator, which escapes the events' TEXT values (backslash,
// semicolon, comma, newline) and folds lines at 75 octets, but writes the calendar's NAME and
// X-WR-CALNAME as given: that one is escaped here. Control characters other than line breaks
// (which TEXT cannot hold, §3.3.11) are dropped from every value. Times go out in UTC. An
// event's UID comes from its recording, start and title, not from its id: a summary written
// again stores its events anew, and the same event must keep its UID, so that importing the
// file again updates a calendar instead of adding the event twice.
import { createHash } from 'node:crypto';
import { ICalCalendar } from 'ical-generator';
import { NotFoundError } from '../domain/errors.ts';
import { wellFormed } from '../domain/text.ts';
import { listEvents, type CalendarEvent, type StoredEvent } from '../store/calendar-events.ts';
import { getOwnedRecording } from '../store/recordings.ts';
import { attachment } from './present.ts';
import type { FileDownload } from './detail.ts';

const present = (e: StoredEvent): CalendarEvent => ({
  id: e.id,
  title: e.title,
  start_datetime: e.start_datetime,
  end_datetime: e.end_datetime,
  description: e.description,
  location: e.location,
});

export async function getRecordingEvents(userId: number, id: number): Promise<{ events: CalendarEvent[] }> {
  await getOwnedRecording(id, userId);
  return { events: (await listEvents(id)).map(present) };
}

/** Control characters TEXT cannot hold; CR and LF stay, to be escaped as \n. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (value: string) => wellFormed(value).replace(CONTROL, '');

/** RFC 5545 §3.3.11 TEXT escaping, for the values ical-generator writes verbatim. */
function escapeText(value: string): string {
  return clean(value).replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** UIDs for these events of one recording: by start and title, the same again for the same event; a repeat in one file is told apart by its place. */
function eventUids(recordingId: number, events: readonly StoredEvent[]): string[] {
  const seen = new Map<string, number>();
  return events.map((e) => {
    const digest = createHash('sha256').update(`${new Date(e.start_datetime).toISOString()}\n${e.title}`).digest('hex').slice(0, 16);
    const repeat = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, repeat);
    return `event-${recordingId}-${digest}${repeat > 1 ? `-${repeat}` : ''}@verbatim`;
  });
}

/** The iCalendar text of these events of a recording; DTSTAMP is when each was stored (no METHOD property). */
export function icsCalendar(recordingId: number, title: string, events: readonly StoredEvent[]): string {
  const calendar = new ICalCalendar({ prodId: { company: 'verbatim', product: 'verbatim', language: 'EN' }, name: escapeText(`${title} events`) });
  const uids = eventUids(recordingId, events);
  for (const [i, e] of events.entries()) {
    const stamp = Date.parse(e.created_at);
    calendar.createEvent({
      id: uids[i]!,
      stamp: new Date(Number.isNaN(stamp) ? Date.parse(e.start_datetime) : stamp),
      start: new Date(e.start_datetime),
      end: new Date(e.end_datetime),
      summary: clean(e.title),
      description: e.description ? clean(e.description) : null,
      location: e.location ? clean(e.location) : null,
    });
  }
  const text = calendar.toString();
  // RFC 5545 §3.1: every content line, the last one too, ends with CRLF.
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** The recording's events as an .ics attachment; 404 when it has none. */
export async function getRecordingCalendar(userId: number, id: number): Promise<FileDownload> {
  const recording = await getOwnedRecording(id, userId);
  const events = await listEvents(id);
  if (events.length === 0) throw new NotFoundError('This recording has no calendar events');
  return { body: icsCalendar(id, recording.title, events), contentType: 'text/calendar; charset=utf-8', disposition: attachment(`${recording.title}-events.ics`) };
}
