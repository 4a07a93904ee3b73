// From a band's gig planning typed for a user check (London): "how about Wednesday evening at the
// studio?" … "Wednesday's no good for me, I'm working late. Thursday?" left the rehearsal on
// Wednesday. Sentences written for these tests; the meeting is Monday 8 March 2027, 10:00 in Chicago.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

const MEETING = '2027-03-08T16:00:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'America/Chicago').map((e) => [e.title, e.start_datetime, e.location]);

describe('a day asked about on its own after the day planned was turned down', () => {
  it('is where the thing moves, keeping its part of the day and its place', () => {
    expect(found('Shall we hold the quiz practice on Tuesday afternoon at the library?', "Tuesday won't work, I have a dentist appointment. Friday?", 'Friday is fine.')).toEqual([
      ['Quiz practice', '2027-03-12T14:00:00-06:00', 'Library'],
    ]);
    expect(found('The team photo is on Monday morning.', "I'm away on Monday.", 'Okay, Wednesday?')).toEqual([['Team photo', '2027-03-10T09:00:00-06:00', '']]);
  });

  it('moves nothing when no day was turned down', () => {
    expect(found('The team photo is on Monday morning.', 'When is the report due?', 'Wednesday?')).toEqual([
      ['Team photo', '2027-03-15T09:00:00-05:00', ''],
      ['Report', '2027-03-10T09:00:00-06:00', ''],
    ]);
  });
});
