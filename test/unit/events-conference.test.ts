// How a conference is planned: a span of days said with one month ("may 18th through the 20th"),
// a conference that is no meeting, a thing that opens and then closes, a thing that ends or goes
// out then, and a deadline asked as a question or hedged. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/providers/llm/local/index.ts';
import { inLexicon } from '#shared/text/pos.ts';
import { events } from '../support/spoken-events.ts';

/** Wednesday 9 December 2026, 10:00 in Chicago. */
const MEETING = '2026-12-09T16:00:00Z';
const ZONE = 'America/Chicago';
const reference = dateReference(MEETING, ZONE)!;
const days = (sentence: string) => findDates(sentence, reference).map((d) => [d.start.month, d.start.day, d.end?.day]);
const titled = (...sentences: string[]) => events(sentences, MEETING, ZONE).map((e) => [e.title, e.start_datetime.slice(0, 10), e.end_datetime.slice(0, 10)]);

describe('a span of days said with one month', () => {
  it.each([
    ['the summit is april 6th through the 8th', [[4, 6, 8]]],
    ['we are away june eleventh to the fourteenth', [[6, 11, 14]]],
    ['the booth is ours between march 2nd and 4th', [[3, 2, 4]]],
  ])('%j', (sentence, span) => {
    expect(days(sentence)).toEqual(span);
  });

  it('leaves two days joined by "and" as two', () => {
    expect(days('we fly on april 6th and the 8th').map(([, day, end]) => [day, end])).not.toContainEqual([6, 8]);
  });
});

describe('a conference', () => {
  it('is a conference, not a meeting, wherever it is held', () => {
    expect(titled('the conference itself is april 6th through the 8th at the Marriott in Denver')).toEqual([['Conference', '2027-04-06', '2027-04-08']]);
  });
});

describe('a thing that opens and then closes', () => {
  it('closes by a deadline of its own', () => {
    expect(titled('Online registration opens January 4th and closes January 29th.')).toEqual([
      ['Online registration', '2027-01-04', '2027-01-04'],
      ['Deadline: Online registration closes', '2027-01-29', '2027-01-29'],
    ]);
  });
});

describe('a thing that ends or goes out then', () => {
  it('is a deadline when it ends, an event when it goes out', () => {
    expect(titled('Early registration ends February 12th.')).toEqual([['Deadline: early registration ends', '2027-02-12', '2027-02-12']]);
    expect(titled('Acceptance emails go out March 1st.')).toEqual([['Acceptance emails', '2027-03-01', '2027-03-01']]);
  });

  it('knows a plural the lexicon lacks by its singular', () => {
    expect(inLexicon('notifications')).toBe(true);
    expect(inLexicon('priyas')).toBe(false);
  });
});

describe('a deadline asked or hedged', () => {
  it('is titled by what is due', () => {
    expect(titled('Can we get the budget by Friday?')).toEqual([['Deadline: get the budget', '2026-12-11', '2026-12-11']]);
    expect(titled('We need the floor plan approved, ideally by January 8th.')).toEqual([['Deadline: floor plan approved', '2027-01-08', '2027-01-08']]);
  });
});
