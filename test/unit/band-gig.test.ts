// From a band's gig planning typed for a user check (London): "okay, gig planning." … "The Crown
// has confirmed us for Saturday the ninth" (was "Gig planning"), and "we also need one more
// rehearsal." … "how about Wednesday evening at the studio?" (was the sound check said before,
// moved to Wednesday). Sentences written for these tests; the meeting is Monday 4 October 2027,
// 10:00 in London.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

const MEETING = '2027-10-04T09:00:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime]);

describe('an item of the agenda said with "planning", "prep" or "logistics"', () => {
  it('is the thing planned', () => {
    expect(found('Okay, fete planning.', 'The school has booked us for Saturday the sixteenth.')).toEqual([['Fete', '2027-10-16T09:00:00+01:00']]);
  });
});

describe('"one more" thing needed', () => {
  it('is what a day offered next is for, not the thing said before it moved', () => {
    expect(found('The recital is on Saturday the ninth at two.', 'We need one more run-through.', 'How about Tuesday evening at the hall?')).toEqual([
      ['Recital', '2027-10-09T14:00:00+01:00'],
      ['Run-through', '2027-10-05T18:00:00+01:00'],
    ]);
  });
});
