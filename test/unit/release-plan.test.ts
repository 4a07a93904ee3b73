// Events and tasks from a fifteenth round of meetings typed for a user check (a software team's
// release planning): a request to someone named to open the line ("right, noor, please …"); "we'll
// do a fire drill on …"; a thing of one word named first, then "let's have it"; a thing and a
// clause in -ing of it; a thing that "itself goes out" on a day, counted from later; a place a
// time is told for elsewhere is no location; "around" an hour after a day and a part of the day.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { findLocation } from '#shared/text/places.ts';
import { events, itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';

/** Tuesday 6 July 2027, 10:00 in Toronto (UTC-4). */
const MEETING = '2027-07-06T10:00:00-04:00';
const ZONE = 'America/Toronto';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);

describe('a request to someone named to open the line', () => {
  it('is theirs, not the next speaker\'s', () => {
    expect(itemsOfTalk(reference, 'Noor|I can help with the docs.', 'Dev|Right, Noor, please update the changelog tomorrow.', 'Sam|Sounds good.').map((i) => [i.owner, i.task])).toContainEqual(['Noor', 'update the changelog']);
  });
});

describe('a thing the group will do or have', () => {
  it('is named by the thing', () => {
    expect(found("We'll do a fire drill on Friday at two.")).toEqual([['Fire drill', '2027-07-09T14:00:00-04:00']]);
    expect(found("And the social, let's have it on Friday at six.")).toEqual([['Social', '2027-07-09T18:00:00-04:00']]);
  });
});

describe('a thing and a clause in -ing of it', () => {
  it('is named by the thing', () => {
    expect(found('The town hall presenting the roadmap is on the ninth at two.')).toEqual([['Town hall', '2027-07-09T14:00:00-04:00']]);
  });
});

describe('a thing that itself goes out on a day', () => {
  it('is the day later days are counted from', () => {
    expect(lastLineDates(reference, 'The launch itself goes out on the twentieth.', "Let's do the retro the Monday after the launch.")).toEqual(['2027-07-26']);
  });
});

describe('a place a time is told for elsewhere', () => {
  it('is no location', () => {
    expect(findLocation('The demo is at 4 pm, that is 10 am in Chicago.')).toBe('');
    expect(findLocation("That's the one at ten in the library.")).toBe('Library');
  });
});

describe('"around" an hour after a day and its part of the day', () => {
  it('is that time of that part', () => {
    expect(findDates('The launch goes out on the twentieth, early morning, around five.', reference).map((d) => d.iso)).toEqual(['2027-07-20T05:00:00-04:00']);
    expect(findDates('Tomorrow morning around ten works.', reference).map((d) => d.iso)).toEqual(['2027-07-07T10:00:00-04:00']);
  });
});
