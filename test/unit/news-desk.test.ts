// Events from a nineteenth round of meetings typed for a user check (a newspaper's morning
// conference): a thing told of in a clause of its own after a comma ("the vote, which happens
// tonight at seven"; "the launch is the week after the fair, which is Friday the eighth" is the
// launch's day); a task in the future passive ("copy will be filed by …"); what is said after
// "got" is no part of an appointment's name; "for it" is no purpose; a shift by an amount
// ("half an hour earlier") is no time; a proper name after "at the" is where. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { findLocation } from '#shared/text/places.ts';
import { events } from '../support/spoken-events.ts';

/** Tuesday 5 October 2027, 10:00 in Lisbon (UTC+1). */
const MEETING = '2027-10-05T10:00:00+01:00';
const ZONE = 'Europe/Lisbon';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);

describe('a thing told of in a clause of its own after a comma', () => {
  it('is named by the thing', () => {
    expect(found('Our front page is the harbour strike, which starts tomorrow at ten.')).toEqual([['Harbour strike', '2027-10-06T10:00:00+01:00']]);
  });
  it('is not when the clause only says which day that is', () => {
    expect(found('The launch is the week after the fair, which is Friday the eighth.').map(([title]) => title)).toEqual(['Launch']);
  });
});

describe('a task in the future passive', () => {
  it('is a deadline named by the thing and what is done to it', () => {
    expect(found('Photos will be sent by four thirty.')).toEqual([['Deadline: photos sent', '2027-10-05T16:30:00+01:00']]);
  });
});

describe('an appointment\'s name', () => {
  it('ends before what is said of it after "got"', () => {
    expect(found('The interview with the mayor got pushed to Thursday afternoon.')).toEqual([['Interview with the mayor', '2027-10-07T14:00:00+01:00']]);
  });
  it('takes no purpose "for it"', () => {
    expect(found("Let's do a briefing call for it on Monday at ten.")).toEqual([['Briefing call', '2027-10-11T10:00:00+01:00']]);
  });
});

describe('a shift by an amount of time', () => {
  it('is no time', () => {
    expect(findDates('From then on the print run starts half an hour earlier.', reference)).toEqual([]);
    expect(findDates('Can we push the call forty minutes later?', reference)).toEqual([]);
    expect(findDates("Let's talk again in half an hour.", reference).map((d) => d.iso)).toEqual(['2027-10-05T10:30:00+01:00']);
  });
});

describe('a proper name after "at the"', () => {
  it('is where, though not a name in capitals', () => {
    expect(findLocation('The hustings are at the Kulturhaus on Tuesday.')).toBe('Kulturhaus');
    expect(findLocation('The lunch is at the terrace on Friday.')).toBe('Terrace');
    expect(findLocation('We vote on it at the AGM on Monday.')).toBe('');
  });
});
