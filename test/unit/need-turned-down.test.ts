// From the last note's known gaps: a need offered a day ("we need someone to cover the front desk.
// can you do the nineteenth?") and then turned down without naming that day ("i can't, i'm away.
// how about the twentieth?") left two events, the need answered twice. Sentences written for these
// tests; the meeting is Monday 8 March 2027, 10:00 in Chicago. A day offered "as well", found
// trying them ("the dog walk is on saturday morning" … "how about sunday morning as well?"), moved it.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

const MEETING = '2027-03-08T16:00:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'America/Chicago').map((e) => [e.title, e.start_datetime]);

describe('a need whose day is turned down', () => {
  it('moves to the day offered next, once', () => {
    expect(found('We need two helpers to set up the chairs. Could you do Thursday?', "Sorry, I can't, we're busy that day. What about Friday?", 'Friday is fine.')).toEqual([
      ['Set up the chairs', '2027-03-12T09:00:00-06:00'],
    ]);
    expect(found("We'll need one more rehearsal before the show. Can you do Tuesday evening?", "That won't work, I'm away. How about Wednesday evening?", 'Great.')).toEqual([
      ['Rehearsal', '2027-03-10T18:00:00-06:00'],
    ]);
  });

  it('takes the part of the day offered instead', () => {
    expect(found('We need someone to walk the dogs. Can you do Saturday morning?', "I can't do mornings. How about Saturday afternoon?")).toEqual([['Walk the dogs', '2027-03-13T14:00:00-06:00']]);
  });

  it('keeps the day agreed when nothing is turned down', () => {
    expect(found('We need someone to cover the front desk. Can you do the nineteenth?', "Sure, I can do the nineteenth. I'm away the week after, though.")).toEqual([
      ['Cover the front desk', '2027-03-19T09:00:00-05:00'],
    ]);
  });
});

describe('a day offered as well', () => {
  it('is a day more for the thing, which keeps its first day', () => {
    expect(found('The beach clean is on Saturday morning.', 'Lovely. What about Sunday morning too?')).toEqual([
      ['Beach clean', '2027-03-13T09:00:00-06:00'],
      ['Beach clean', '2027-03-14T09:00:00-05:00'],
    ]);
    expect(found('We need someone to water the plants. Can you do Tuesday?', 'Yes, Tuesday is fine. Could we also do Thursday?')).toEqual([
      ['Water the plants', '2027-03-09T09:00:00-06:00'],
      ['Water the plants', '2027-03-11T09:00:00-06:00'],
    ]);
  });

  it('is still a move when the first day is turned down', () => {
    expect(found('The beach clean is on Saturday morning.', "Saturday won't work for me. How about Sunday morning?")).toEqual([['Beach clean', '2027-03-14T09:00:00-05:00']]);
    expect(found('The book club is on Friday.', "I also can't make Friday, how about Monday too?")).toEqual([['Book club', '2027-03-15T09:00:00-05:00']]);
  });
});
