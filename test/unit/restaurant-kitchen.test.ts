// From a twenty-fifth round of meetings typed for a user check (a restaurant kitchen in
// Europe/Paris): a time offered with "let's say", "shall we do", "let's go with" for a day named
// before is that day's, not today's, even after a time of today in the same line; "half four"
// after such words is 16:30; an order said to someone by name with "you" ("Nadia, you book the
// florist") is theirs when they agree. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

/** Tuesday 18 May 2027, 09:00 in Kolkata (UTC+5:30). */
const reference = dateReference('2027-05-18T09:00:00+05:30', 'Asia/Kolkata')!;
const TASTING = 'The menu tasting is Thursday the twentieth at five.';

describe('a time offered for a day named before', () => {
  it('is that day', () => {
    expect(lastLineDates(reference, TASTING, 'Shall we say four fifteen?')).toEqual(['2027-05-20T16:15:00+05:30']);
    expect(lastLineDates(reference, TASTING, "Let's go for quarter past four.")).toEqual(['2027-05-20T16:15:00+05:30']);
  });
  it('is that day after a time of today in the same line', () => {
    expect(lastLineDates(reference, TASTING, "Five clashes, the bar opens at five. Let's go with four fifteen.")).toEqual(['2027-05-18T17:00:00+05:30', '2027-05-20T16:15:00+05:30']);
  });
  it('reads "half four" after the words that offer it', () => {
    expect(lastLineDates(reference, TASTING, "Let's do half four.")).toEqual(['2027-05-20T16:30:00+05:30']);
    expect(lastLineDates(reference, TASTING, 'Make it half four.')).toEqual(['2027-05-20T16:30:00+05:30']);
  });
  it('leaves times of today together', () => {
    expect(lastLineDates(reference, 'The review is today at two, and the party at five.')).toEqual(['2027-05-18T14:00:00+05:30', '2027-05-18T17:00:00+05:30']);
  });
  it('leaves a count after the same words', () => {
    expect(lastLineDates(reference, TASTING, "Let's do two people per table.")).toEqual([]);
  });
});

describe('an order said to someone by name with "you"', () => {
  it('is theirs when they agree', () => {
    expect(itemsOfTalk(reference, 'Ravi|Nadia, you book the florist.', 'Nadia|Sure.').map((i) => [i.owner, i.task])).toEqual([['Nadia', 'book the florist']]);
  });
  it('is no order when asked, or when "you" says what they need or did', () => {
    expect(itemsOfTalk(reference, 'Ravi|Nadia, you booked the florist?', 'Nadia|Yes.')).toEqual([]);
    expect(itemsOfTalk(reference, 'Ravi|Nadia, you need the florist.', 'Nadia|Yes.')).toEqual([]);
    expect(itemsOfTalk(reference, 'Ravi|You lot clear the tables.', 'Nadia|Sure.')).toEqual([]);
  });
});
