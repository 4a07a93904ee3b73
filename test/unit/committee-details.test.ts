// Details a committee's summary got wrong: "first thing monday" left "first thing" in the task, a
// place named by a word that ends in a place noun was cut in two ("Rose bank Hotel"), and a day
// said with its own time was run into the quote of another thing that day. Sentences written for
// these tests; the meeting is Wednesday 12 May 2027, 17:00 in Johannesburg.
import { describe, expect, it } from 'vitest';
import { localLanguageModel } from '#shared/providers/llm/local/index.ts';
import type { Segment } from '#shared/providers/types.ts';
import { findLocation } from '#shared/text/places.ts';
import { itemsOfTalk } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-05-12T17:00:00+02:00';
const ZONE = 'Africa/Johannesburg';
const turns = (lines: readonly string[]): Segment[] => lines.map((sentence, i) => ({ speaker: 'Lerato', sentence, start_time: i * 6, end_time: i * 6 + 5 }));
const keyDates = async (...lines: string[]) => {
  const { markdown } = await localLanguageModel().summarize({ segments: turns(lines), prompt: 'Summarise the meeting.', context: { title: 'Committee', meetingDate: MEETING, timeZone: ZONE } });
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Key dates')) ?? '';
  return section.split('\n').filter((l) => l.startsWith('- '));
};

describe('"first thing" before a day', () => {
  it('is no part of the task', () => {
    const tasks = itemsOfTalk(dateReference(MEETING, ZONE)!, 'Lerato|Bongani, can you drop the banners at the hall first thing Friday?', 'Bongani|Sure, I will.').map((i) => [i.task, i.due?.iso]);
    expect(tasks).toEqual([['drop the banners at the hall', '2027-05-14']]);
  });

  it('stays when it is the thing', () => {
    const tasks = itemsOfTalk(dateReference(MEETING, ZONE)!, "Bongani|i'll phone the first thing on the list tomorrow").map((i) => i.task);
    expect(tasks).toEqual(['phone the first thing on the list']);
  });
});

describe('a place named by a word that ends in a place noun', () => {
  it('is one name', () => {
    expect(findLocation('The prize giving is on Friday at the Riverbank Hotel.')).toBe('Riverbank Hotel');
    expect(findLocation('lunch at the Parkside Cafe')).toBe('Parkside Cafe');
  });
});

describe('a day said with its own time', () => {
  it('is not run into the quote of another thing that day', async () => {
    const dates = await keyDates('The summer fete is on Saturday the twenty second of May.', 'The stage build is the Friday before the fete, from two to five.', "Let's do a raffle practice the day before the fete at ten.");
    expect(dates.find((d) => d.includes('10:00'))).not.toContain('stage build');
  });
});
