// A time said for "both days" of two days said just before, or earlier in its own
// sentence, is that time on each of them (it was on the last alone). Sentences written for these
// tests; the meeting is Monday 18 January 2027, 09:30 in London.
import { describe, expect, it } from 'vitest';
import { events, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-01-18T09:30:00Z';
const ZONE = 'Europe/London';
const reference = dateReference(MEETING, ZONE)!;

describe('a time said for both days', () => {
  it('is on each of the days said in the line before', () => {
    expect(lastLineDates(reference, 'the tournament runs on saturday and sunday', 'warm up is at nine both days')).toEqual(['2027-01-23T09:00:00+00:00', '2027-01-24T09:00:00+00:00']);
  });

  it('is on each of the days said earlier in its own sentence', () => {
    expect(lastLineDates(reference, "we're filming on tuesday and wednesday, call time is seven a m both days")).toEqual(['2027-01-19T07:00:00+00:00', '2027-01-20T07:00:00+00:00']);
  });

  it('makes an event on each day', () => {
    const found = events(['we shoot on thursday and friday', 'crew call is six a m both days'], MEETING, ZONE).map((e) => [e.title, e.start_datetime]);
    expect(found).toEqual([
      ['Crew call', '2027-01-21T06:00:00+00:00'],
      ['Crew call', '2027-01-22T06:00:00+00:00'],
    ]);
  });

  it('leaves a time said after one day, and "both days" said without a time, as they were', () => {
    expect(lastLineDates(reference, 'the review is on friday', 'warm up is at nine both days')).toEqual(['2027-01-22T09:00:00+00:00']);
    expect(lastLineDates(reference, 'the tournament runs on saturday and sunday', 'we need volunteers both days')).toEqual([]);
  });
});
