// Events, tasks and dates from a twenty-first round of meetings typed for a user check (a research
// group's weekly meeting in Asia/Tokyo): a thing named first, then the day the speaker's side has
// it ("the telescope slot, we've got it from ten to two on Monday"); a zone said after the day
// ("midnight on the twelfth, eastern time"); "it" in the answer to "who's writing the …?" is what
// was asked about. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events, itemsOfTalk } from '../support/spoken-events.ts';

/** Tuesday 1 June 2027, 16:00 in Tokyo (UTC+9). */
const MEETING = '2027-06-01T16:00:00+09:00';
const ZONE = 'Asia/Tokyo';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('a thing named first, then the day it is had', () => {
  it('is named by the thing, not by what was said before', () => {
    expect(found('The budget spreadsheet is nearly done.', "Right, the telescope slot, we've got it from ten to two on Monday.")).toEqual([
      ['Telescope slot', '2027-06-07T10:00:00+09:00', '2027-06-07T14:00:00+09:00'],
    ]);
  });
});

describe('a zone said after the day', () => {
  it('is the zone of the time said before the day', () => {
    expect(findDates('Submissions close at midnight on the twelfth, eastern time.', reference).map((d) => d.iso)).toEqual(['2027-06-13T12:59:00+09:00']);
    expect(findDates('The review call is at 4 pm on Thursday central time.', reference).map((d) => d.iso)).toEqual(['2027-06-04T06:00:00+09:00']);
  });
  it('names no more of the deadline', () => {
    expect(found('The poster deadline is five pm on Friday, mountain time.').map(([title]) => title)).toEqual(['Deadline: poster']);
  });
});

describe('"it" in the answer to who will do a thing', () => {
  it('is the thing asked about', () => {
    const items = itemsOfTalk(reference, "Mei|Who's writing the literature review?", 'Jonas|I can write it by the end of next week.').map((i) => [i.owner, i.task]);
    expect(items).toEqual([['Jonas', 'write the literature review']]);
  });
  it('is the thing said before a question that took it up as "it"', () => {
    const items = itemsOfTalk(reference, 'Mei|The ethics form has to go in by Friday.', "Jonas|Who's submitting it?", 'Mei|I can submit it tomorrow.').map((i) => [i.owner, i.task]);
    expect(items).toEqual([['Mei', 'submit the ethics form']]);
  });
});
