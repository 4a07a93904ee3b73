// Days and events from a ninth round of meetings typed for a user check (a short film's production
// meeting): "the second" said as a day, which chrono drops whatever comes before it; a day at the
// start of a clause with its time ("fine, the second at ten thirty then"); a day a thing is moved
// to; a weekday said as the end of something started on a day said before ("runs through
// sunday"); a thing moved and named again shorter; an end said in the line after "runs until".
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events } from '../support/spoken-events.ts';

/** Wednesday 16 June 2027, 10:00 in Dublin (UTC+1). */
const MEETING = '2027-06-16T10:00:00+01:00';
const ZONE = 'Europe/Dublin';
const reference = dateReference(MEETING, ZONE)!;
const days = (text: string) => findDates(text, reference).map((d) => d.label);
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('"the second" as a day', () => {
  it('is one after a weekday, and before a time of two digits', () => {
    expect(days('The regatta is on friday the second.')).toEqual(['Fri 2 Jul 2027']);
    expect(days('We could meet on the second at eleven.')).toEqual(['Fri 2 Jul 2027 11:00']);
    expect(days('The inspection is on the first at twelve.')).toEqual(['Thu 1 Jul 2027 12:00']);
  });

  it('is one at the start of a clause with its time alone, not one a clause goes on about', () => {
    expect(days('Right, the first at twelve then.')).toEqual(['Thu 1 Jul 2027 12:00']);
    expect(days('Okay. The fourth at nine works.')).toEqual(['Sun 4 Jul 2027 09:00']);
    expect(days('The second at ten is the panel on housing.').some((d) => d.includes('2 Jul'))).toBe(false);
  });

  it('is one a thing is moved to, not a point moved on to or an option settled on', () => {
    expect(days('Could we shift the board dinner to the first?')).toEqual(['Thu 1 Jul 2027']);
    expect(days("Let's move on to the second.")).toEqual([]);
    expect(days('We settled on the second.')).toEqual([]);
  });
});

describe('a weekday said as an end', () => {
  it('is after the day something started on', () => {
    expect(days('The conference opens on Thursday the eighth and runs until Saturday.')).toEqual(['Thu 8 Jul 2027', 'Sat 10 Jul 2027']);
  });

  it('ends the event in the same line', () => {
    expect(found('The book fair opens on Friday the ninth at ten and runs until Sunday at five.')).toEqual([
      ['Book fair', '2027-07-09T10:00:00+01:00', '2027-07-11T17:00:00+01:00'],
    ]);
    expect(found('The hackathon starts on Saturday at nine and goes on until Sunday.')).toEqual([
      ['Hackathon', '2027-06-19T09:00:00+01:00', '2027-06-20T10:00:00+01:00'],
    ]);
  });

  it('ends nothing said of something else', () => {
    expect(found('The bake sale starts on Saturday at nine, and the office is shut until Monday.').map(([, start, end]) => [start, end])).toContainEqual([
      '2027-06-19T09:00:00+01:00',
      '2027-06-19T10:00:00+01:00',
    ]);
  });
});

describe('a thing moved and named again shorter', () => {
  it('moves, keeping its fuller name', () => {
    expect(found('The quarterly review with the auditors is on the fifth of August at two.', 'Could we push the quarterly review to the sixth?', 'Sure, the sixth at two then.')).toEqual([
      ['Quarterly review with the auditors', '2027-08-06T14:00:00+01:00', '2027-08-06T15:00:00+01:00'],
    ]);
  });
});
