// From the last note's known gaps (a band's gig planning, typed for a user check): after the
// rehearsal on Wednesday evening moved to "Thursday?", "sure, from seven till ten" read 07:00–10:00.
// A span said without am or pm on a day whose evening was said, or which a thing of the evening
// moved to, is the evening's. Sentences written for these tests; the meeting is Monday 8 March
// 2027, 10:00 in Chicago. A span opening its sentence ("Thursday works. Seven till ten?") was no
// time at all; it is read now.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

const MEETING = '2027-03-08T16:00:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'America/Chicago').map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('a span said for a day of the evening', () => {
  it('is the evening’s when the day is said again with it', () => {
    expect(found('The quiz practice is on Friday evening.', "Friday's fine, from seven till nine thirty.")).toEqual([
      ['Quiz practice', '2027-03-12T19:00:00-06:00', '2027-03-12T21:30:00-06:00'],
    ]);
  });

  it('is the evening’s on the day a thing of the evening moved to', () => {
    const moved = ['Shall we hold the committee meeting on Tuesday evening?', "Tuesday won't work, I'm at the gym. Wednesday?"];
    expect(found(...moved, 'Wednesday works. From seven till nine.')).toEqual([['Committee meeting', '2027-03-10T19:00:00-06:00', '2027-03-10T21:00:00-06:00']]);
    expect(found(...moved, 'Okay, from seven thirty till ten.')).toEqual([['Committee meeting', '2027-03-10T19:30:00-06:00', '2027-03-10T22:00:00-06:00']]);
  });

  it('stays the morning’s for a day of the morning', () => {
    expect(found('The bake sale is on Saturday morning.', 'Saturday works, from nine till twelve.')).toEqual([['Bake sale', '2027-03-13T09:00:00-06:00', '2027-03-13T12:00:00-06:00']]);
  });
});

describe('a span said alone, opening its sentence', () => {
  it('gives the thing of the day said before its hours', () => {
    expect(found('The stall roster is on Saturday.', 'Great. Nine till one.')).toEqual([['Stall roster', '2027-03-13T09:00:00-06:00', '2027-03-13T13:00:00-06:00']]);
    const moved = ['Shall we hold the committee meeting on Tuesday evening?', "Tuesday won't work, I'm at the gym. Wednesday?"];
    expect(found(...moved, 'Wednesday works. Six till eight?')).toEqual([['Committee meeting', '2027-03-10T18:00:00-06:00', '2027-03-10T20:00:00-06:00']]);
  });
});
