import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, instantOf, isoInZone, utcFrom } from '#shared/domain/time-zones.ts';

describe('time zones', () => {
  it('knows IANA names, in their canonical spelling, and nothing else', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus', '+01:00', '', 'Europe/Berlin\n', 'x'.repeat(100), 42, null]) expect(canonicalTimeZone(bad), String(bad)).toBeUndefined();
  });

  it('reads naive timestamps as wall-clock time in the zone, and keeps given offsets', () => {
    expect(utcFrom('2026-11-24T15:00', 'Europe/Berlin')).toBe('2026-11-24T14:00:00.000Z');
    expect(utcFrom('2026-07-24T15:00:00', 'Europe/Berlin')).toBe('2026-07-24T13:00:00.000Z');
    expect(utcFrom('2026-11-24', 'America/New_York')).toBe('2026-11-24T05:00:00.000Z');
    expect(utcFrom('2026-11-24T15:00:00+09:00', 'Europe/Berlin')).toBe('2026-11-24T06:00:00.000Z');
    expect(utcFrom('2026-02-30T10:00', 'UTC')).toBeUndefined();
    expect(utcFrom('soon', 'UTC')).toBeUndefined();
  });

  it('moves a time skipped by the change to summer time forward, and takes the earlier of a repeated one', () => {
    // Berlin: 29 March 2026 02:00 → 03:00; 25 October 2026 03:00 → 02:00.
    expect(isoInZone(instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin'), 'Europe/Berlin')).toBe('2026-03-29T03:30:00+02:00');
    expect(isoInZone(instantOf({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Berlin'), 'Europe/Berlin')).toBe('2026-10-25T02:30:00+02:00');
  });
});

describe('an event read in a zone, as an ICS file', () => {
  it('carries the UTC instant that a third-party parser (node-ical) reads back', async () => {
    const { extractEventsLocally } = await import('#shared/providers/llm/local/events.ts');
    const { icsCalendar } = await import('#shared/recordings/calendar.ts');
    const ical = (await import('node-ical')).default;
    const [found] = extractEventsLocally({
      segments: [{ speaker: 'SPEAKER_00', sentence: "let's meet next tuesday at three p m in room four", start_time: 0, end_time: 4 }],
      summary: '',
      context: { title: 'Planning', meetingDate: '2026-11-19T10:00:00Z', timeZone: 'America/New_York' },
    });
    expect(found).toMatchObject({ start_datetime: '2026-11-24T15:00:00-05:00', location: 'Room 4' });
    const start = utcFrom(found!.start_datetime, 'UTC')!;
    const end = utcFrom(found!.end_datetime, 'UTC')!;
    const ics = icsCalendar(1, 'Planning', [{ ...found!, id: 1, start_datetime: start, end_datetime: end, created_at: '2026-11-19T12:00:00Z' }]);
    expect(ics).toMatch(/^DTSTART:20261124T200000Z\r$/m);
    const [event] = Object.values(ical.sync.parseICS(ics)).filter((c) => c?.type === 'VEVENT') as { start: Date; end: Date }[];
    expect(event!.start.toISOString()).toBe('2026-11-24T20:00:00.000Z');
    expect(event!.end.toISOString()).toBe('2026-11-24T21:00:00.000Z');
  });
});
