// A place said between a thing and its day ("the review is in room b on friday"): the thing is
// named as when no place is said, and the place is where. Sentences written for these tests; the
// meeting is Monday 18 January 2027, 09:30 in London.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

const found = (...lines: string[]) => events(lines, '2027-01-18T09:30:00Z', 'Europe/London').map((e) => [e.title, e.start_datetime, e.location]);

describe('a place said between a thing and its day', () => {
  it('leaves the thing named and says where', () => {
    expect(found('the review is in room b on friday at ten')).toEqual([['Review', '2027-01-22T10:00:00+00:00', 'Room B']]);
    expect(found('The audit is in the main office on Tuesday at nine.')).toEqual([['Audit', '2027-01-19T09:00:00+00:00', 'Main office']]);
    expect(found('the leaving drinks are at the Crown on Thursday at six')).toEqual([['Leaving drinks', '2027-01-21T18:00:00+00:00', 'Crown']]);
  });

  it('makes no event of where someone will be', () => {
    expect(found("i'm in the office on tuesday")).toEqual([]);
    expect(found("we'll be at the depot on monday")).toEqual([]);
  });
});
