// Days and events from a tenth round of meetings typed for a user check (a building site's toolbox
// meeting at seven in the morning): "before we start" in one sentence starts nothing of the next;
// a span from a bare hour to noon is the morning's; a line of times after a line that named a day
// and a time for it is that day's; a name whose word may read as a verb ("concrete pour") before
// "is"; "meet at the gate" is where, not what; "can we do the thirteenth instead"; a thing moved
// keeps its place unless another is said.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Tuesday 7 September 2027, 07:00 in Adelaide (UTC+9:30). */
const MEETING = '2027-09-07T07:00:00+09:30';
const ZONE = 'Australia/Adelaide';
const reference = dateReference(MEETING, ZONE)!;
const days = (text: string) => findDates(text, reference).map((d) => [d.iso, d.end?.hour]);
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime, e.location]);

describe('what a sentence says of its days', () => {
  it('is its own: "before we start" starts nothing said in the next sentence', () => {
    expect(lastLineDates(reference, 'Right, a short briefing before we start. The audit is this Friday.', 'Can you have the timesheets done by Thursday?')).toEqual(['2027-09-09']);
  });
});

describe('a span from a bare hour to noon', () => {
  it('is the morning\'s', () => {
    // Said at seven without a day: tomorrow's, not the morning gone by.
    expect(days('The hall is hired from five until noon.')).toEqual([['2027-09-08T05:00:00+09:30', 12]]);
    expect(days('The cleaners are in on Thursday from six until eleven.')).toEqual([['2027-09-09T06:00:00+09:30', 11]]);
  });

  it('stays the afternoon\'s when it ends that afternoon', () => {
    expect(days('The workshop runs on Thursday from two until five.')).toEqual([['2027-09-09T14:00:00+09:30', 17]]);
  });
});

describe('a line of times after a line that named a day and a time for it', () => {
  it('is that day\'s', () => {
    expect(lastLineDates(reference, 'The removal is this Friday, the van comes at seven thirty.', 'The goods lift is reserved from eight until noon.')).toEqual(['2027-09-10T08:00:00+09:30']);
  });
});

describe('a thing named before "is"', () => {
  it('keeps a word that may read as a verb', () => {
    expect(found('Fun run for the school is on Sunday.').map(([title]) => title)).toEqual(['Fun run for the school']);
  });

  it('is the thing, with "meet at the gate" where it is', () => {
    expect(found('Site walk with the architect is on the ninth at ten, meet at the gate.')).toEqual([
      ['Site walk with the architect', '2027-09-09T10:00:00+09:30', '2027-09-09T11:00:00+09:30', 'Gate'],
    ]);
  });
});

describe('a thing moved', () => {
  it('moves to a day "done" or "made" instead', () => {
    expect(days('Could we do the fourteenth instead?')).toEqual([['2027-09-14', undefined]]);
    expect(days('Can you make the fifteenth?')).toEqual([['2027-09-15', undefined]]);
    expect(days("Let's do the third item next.")).toEqual([]);
  });

  it('keeps its place unless another is said', () => {
    expect(found('The tasting is on Monday at six at the wine bar.', "I can't do Monday.", "Let's do Tuesday at six instead.")).toEqual([
      ['Tasting', '2027-09-14T18:00:00+09:30', '2027-09-14T19:00:00+09:30', 'Wine bar'],
    ]);
    expect(found('The tasting is on Monday at six at the wine bar.', "I can't do Monday.", "Let's do Tuesday at six instead, but somewhere else.").map(([, , , place]) => place)).toEqual(['']);
  });
});
