// Key dates and events from an eleventh round of meetings typed for a user check (a research lab's
// weekly meeting): a thing named with "his", "her" or "its"; a thing offered for "that day" (the
// day of a thing said before) is a thing of its own, "that day" no part of its name; a day said
// without its time far from a thing with a time that day is a key date of its own.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { localLanguageModel } from '#shared/providers/llm/local/index.ts';
import type { Segment } from '#shared/providers/types.ts';
import { events } from '../support/spoken-events.ts';

/** Monday 15 November 2027, 09:30 in Seoul (UTC+9). */
const MEETING = '2027-11-15T09:30:00+09:00';
const ZONE = 'Asia/Seoul';
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.location]);
const turns = (lines: readonly string[]): Segment[] => lines.map((sentence, i) => ({ speaker: i % 2 ? 'Min' : 'Joon', sentence, start_time: i * 6, end_time: i * 6 + 5 }));
const keyDates = async (...lines: string[]) => {
  const { markdown } = await localLanguageModel().summarize({ segments: turns(lines), prompt: 'Summarise the meeting.', context: { title: 'Lab', meetingDate: MEETING, timeZone: ZONE } });
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Key dates')) ?? '';
  return section.split('\n').filter((l) => l.startsWith('- ')).map((l) => /\*\*(.+?)\*\*/.exec(l)?.[1]);
};

describe('a thing named with "his", "her" or "its"', () => {
  it('is named by its noun', () => {
    expect(found('His viva is on Thursday at two in room nine.')).toEqual([['Viva', '2027-11-18T14:00:00+09:00', 'Room 9']]);
    expect(found('Dr Park is visiting on the nineteenth.', 'Her seminar is at four in the east building.')).toEqual([['Seminar', '2027-11-19T16:00:00+09:00', 'East building']]);
  });
});

describe('a thing offered for "that day"', () => {
  it('is a thing of its own, named by the thing without "that morning"', () => {
    expect(found('The open day is on Saturday the twentieth.', "Let's do breakfast at eight that morning.").map(([title, start]) => [title, start])).toEqual([
      ['Open day', '2027-11-20T09:00:00+09:00'],
      ['Breakfast', '2027-11-20T08:00:00+09:00'],
    ]);
    expect(found('The open day is on Saturday the twentieth.', "Let's do lunch at twelve that day.").map(([title, start]) => [title, start])).toEqual([
      ['Open day', '2027-11-20T09:00:00+09:00'],
      ['Lunch', '2027-11-20T12:00:00+09:00'],
    ]);
  });

  it('is still a part of the thing when it names no other', () => {
    expect(found('The open day is on Saturday the twentieth.', 'The open day starts at ten that morning.').map(([title, start]) => [title, start])).toEqual([['Open day', '2027-11-20T10:00:00+09:00']]);
  });
});

describe('a day said without its time', () => {
  it('is a key date of its own far from a thing with a time that day', async () => {
    expect(await keyDates('The fume hoods are serviced on the twenty fourth.', 'We need new gloves.', 'The autoclave is fixed.', 'Min is away for a bit.', 'The journal club is on the twenty fourth at five.')).toEqual([
      'Wed 24 Nov 2027',
      'Wed 24 Nov 2027 17:00',
    ]);
  });

  it('is the one key date of a thing said with its time in the next line', async () => {
    expect(await keyDates('The fume hoods are serviced on the twenty fourth.', 'The engineer arrives on the twenty fourth at ten.')).toEqual(['Wed 24 Nov 2027 10:00']);
  });
});
