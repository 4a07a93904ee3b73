// From a twenty-seventh round of meetings typed for a user check (a film crew's production meeting
// in America/Los_Angeles): "Friday is the company move" names the thing the day is (not "the best
// day"); a need of an occasion said with its owners ("the actors need a table read") is what a day
// offered next is for; "eight to noon" spans the morning; an hour said for a party asked about ("and
// the wrap party?" … "from eight") is the evening's, "from seven thirty" keeps its minutes, and a
// working party is no party; a meal said with its time on the day of a named thing is a meal, not
// that thing's time. From the same meeting spoken through the recogniser: "and the wrap party"
// without its question mark asks after the party; a place ends before "i'm"; "the conference room"
// is a room, not a conference ("Conference: room"). Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { events, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

/** Monday 16 August 2027, 17:00 in Los Angeles (UTC-7). */
const MEETING = '2027-08-16T17:00:00-07:00';
const ZONE = 'America/Los_Angeles';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);
const spans = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('the thing a day is said to be', () => {
  it('is named', () => {
    expect(found('Thursday is the site recce at the quarry.')).toEqual([['Site recce', '2027-08-19T09:00:00-07:00']]);
    expect(found('Wednesday will be the press screening.')).toEqual([['Press screening', '2027-08-18T09:00:00-07:00']]);
  });
  it('is no thing when the words say what kind of day', () => {
    expect(found('Tuesday is the best day for it.')).toEqual([]);
  });
});

describe('an occasion others need, its day offered next', () => {
  it('is that occasion', () => {
    expect(found('The translators need a read-through before recording. Can we do Monday?', 'Monday at eleven works.')).toEqual([['Read-through', '2027-08-23T11:00:00-07:00']]);
  });
});

describe('an hour to noon', () => {
  it('spans the morning', () => {
    expect(spans('The second unit films on Sunday, seven to noon.')).toEqual([['Second unit films', '2027-08-22T07:00:00-07:00', '2027-08-22T12:00:00-07:00']]);
  });
  it('leaves a count', () => {
    expect(lastLineDates(reference, 'We need eight to ten volunteers on Sunday.')).toEqual(['2027-08-22']);
  });
});

describe('an hour said for a thing of the evening asked about', () => {
  it('is the evening, with its minutes', () => {
    expect(found('And the cast dinner?', 'Friday the twentieth at Lucca, from seven thirty.')).toEqual([['Cast dinner', '2027-08-20T19:30:00-07:00']]);
    expect(found('And the leaving party?', 'Saturday the twenty-first, from eight.')).toEqual([['Leaving party', '2027-08-21T20:00:00-07:00']]);
  });
  it('is the morning for a working party', () => {
    expect(found('And the working party?', 'Saturday the twenty-first, from nine.')).toEqual([['Working party', '2027-08-21T09:00:00-07:00']]);
  });
});

describe('a meal said with its time on the day of a named thing', () => {
  it('is a meal of its own', () => {
    expect(found('The open day is on Saturday the twenty-first at the depot.', 'Lunch at twelve thirty.')).toEqual([
      ['Open day', '2027-08-21T09:00:00-07:00'],
      ['Lunch', '2027-08-21T12:30:00-07:00'],
    ]);
  });
});

describe('as the recogniser writes it, without its punctuation', () => {
  const placed = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.location]);
  it('asks after a thing with "and the …" alone on a line', () => {
    expect(placed('and the bake sale', 'saturday the twenty first at the church hall')).toEqual([['Bake sale', '2027-08-21T09:00:00-07:00', 'Church hall']]);
  });
  it('ends a place before "i\'m"', () => {
    expect(placed("the cider tasting is friday the twentieth at the brewery i'm told")).toEqual([['Cider tasting', '2027-08-20T09:00:00-07:00', 'Brewery']]);
  });
});

describe('a room named by what it is for', () => {
  it('is a room booked, not that kind of event', () => {
    expect(found("Let's book the interview room for Tuesday at two.")).toEqual([['Interview room', '2027-08-17T14:00:00-07:00']]);
    expect(found("We'll need the conference room on Thursday at ten.")).toEqual([]);
  });
});
