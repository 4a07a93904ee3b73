// Years said in words after their month, and a day said alone after a day with its month.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { normaliseSpokenTimes } from '#shared/text/spoken-times.ts';

const tuesday = dateReference('2026-12-01T10:00:00Z', 'Europe/London')!;
const dates = (sentence: string) => findDates(sentence, tuesday).map((d) => d.label);

describe('a year said in words', () => {
  it('is read after its month, so a day long past is no date', () => {
    expect(dates('the mill was built on the ninth of may eighteen sixty two')).toEqual([]);
    expect(dates('she retired in october nineteen ninety nine')).toEqual([]);
    expect(dates('the lease runs to june twenty twenty eight')).toEqual(['Jun 2028']);
  });

  it('becomes digits only where it can be a year', () => {
    expect(normaliseSpokenTimes('in august two thousand and four')).toBe('in august 2004');
    expect(normaliseSpokenTimes('in may nineteen oh five')).toBe('in may 1905');
    expect(normaliseSpokenTimes('in march twenty volunteers helped')).toBe('in march twenty volunteers helped');
    expect(normaliseSpokenTimes('by april eleven twelve of them')).toBe('by april eleven twelve of them');
  });
});

describe('a day said alone after a day with its month', () => {
  it('is a later day of that month', () => {
    expect(dates('the exhibition opens on the third of february and closes on the twenty eighth')).toEqual(['Wed 3 Feb 2027', 'Sun 28 Feb 2027']);
  });

  // It had been the next such day from the meeting (10 December); said in the same sentence, the month said is meant.
  it('is a day of that month in the same sentence, even one before that day', () => {
    expect(dates('the fair is on the twelfth of march and set up is on the 10th')).toEqual(['Fri 12 Mar 2027', 'Wed 10 Mar 2027']);
  });
});

// Written for this test: quarters, a fortnight and the week of a day.
describe('periods said the way a planning meeting says them', () => {
  it('reads a quarter as that quarter, still to come, and its end as its last day', () => {
    expect(dates('the new app ships in q three')).toEqual(['Q3 2027']);
    expect(dates('the pilot wraps up by the end of q1')).toEqual(['Wed 31 Mar 2027']);
    expect(dates('q4 has been quiet so far')).toEqual([]);
    expect(dates('that was a good q and a')).toEqual([]);
    expect(dates('q two targets go to the board on the ninth')).toEqual(['Wed 9 Dec 2026']);
  });

  it('reads "a fortnight" as two weeks and "the week of the ninth" as that day', () => {
    expect(dates('the samples come back in a fortnight')).toEqual(['Tue 15 Dec 2026']);
    expect(dates('the tiles were on order for a fortnight')).toEqual([]);
    expect(dates('the audit is the week of the ninth')).toEqual(['Wed 9 Dec 2026']);
  });
});
