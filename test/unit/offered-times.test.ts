// A time offered or agreed without "at" ("could we make it six", "six works"), a thing to do asked
// for with a light verb ("can you do a viewing tomorrow"), another time offered for it, and a
// meeting place said after "meet" that names no purpose. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems, findDates } from '#shared/providers/llm/local/index.ts';
import { events, talk } from '../support/spoken-events.ts';

/** Monday 14 December 2026, 11:00 in London. */
const MEETING = '2026-12-14T11:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const timed = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime]);
const hours = (sentence: string) => findDates(sentence, reference).map((d) => d.start.hour);

describe('a time offered or agreed without "at"', () => {
  it('is a time', () => {
    expect(hours('four is awkward for me, could we make it five')).toEqual([17]);
    expect(hours('shall we say nine thirty')).toEqual([9]);
    expect(hours('great, six works')).toEqual([18]);
  });

  it('is no time when a count follows', () => {
    expect(hours('how about six chairs and two tables')).toEqual([]);
    expect(hours('seven works were shortlisted')).toEqual([]);
  });
});

describe('a thing to do asked for with a light verb', () => {
  it('is named by the thing', () => {
    expect(timed('could you come in for a fitting on thursday at ten')).toEqual([['Fitting', '2026-12-17T10:00:00+00:00']]);
    expect(timed('shall we have a walkthrough on wednesday at two')).toEqual([['Walkthrough', '2026-12-16T14:00:00+00:00']]);
  });

  it('is nothing for a thought or a look', () => {
    expect(timed('can you have a look on friday')).toEqual([]);
  });
});

describe('another time offered for it', () => {
  it('moves it, and a meeting place after "meet" adds no second event', () => {
    expect(timed('can you do a valuation tomorrow at three thirty', 'three thirty is hard, could we make it four', "four works, I'll meet you by the front door")).toEqual([
      ['Valuation', '2026-12-15T16:00:00+00:00'],
    ]);
  });
});

describe('a task due at a time said alone', () => {
  it('is due on the day said before it, as the key dates read it', () => {
    const segments = talk('Sara|can we do the valuation tomorrow at three thirty', 'Mark|three thirty is hard', 'Sara|could we make it four, I will meet you by the front door');
    expect(findActionItems(segments, reference, ['Sara', 'Mark']).map((i) => [i.task, i.due?.iso])).toContainEqual(['meet Mark by the front door', '2026-12-15T16:00:00+00:00']);
  });
});
