// Events from an eighteenth round of meetings typed for a user check (a school parents'
// association committee): "after school, around three thirty" after a day is a time; a meeting
// someone wants "about" a thing, then a day "suggested" for it; "doesn't work" calls a day off, "isn't
// until" does not;
// "I'll ask if Wednesday works instead, same time" moves the thing there, at its time; "what's the
// deadline for …?" answered "let's say the twelfth" (or "the twelfth it is") sets that deadline.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events } from '../support/spoken-events.ts';

/** Thursday 16 September 2027, 19:00 in Dublin (UTC+1). */
const MEETING = '2027-09-16T19:00:00+01:00';
const ZONE = 'Europe/Dublin';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.location]);

describe('"after school, around …" after a day', () => {
  it('is a time of that day', () => {
    expect(findDates('Could we do Monday the twentieth after school, around quarter to four?', reference).map((d) => d.iso)).toEqual(['2027-09-20T15:45:00+01:00']);
  });
});

describe('a meeting someone wants about a thing', () => {
  it('is named by who and what, on the day suggested next', () => {
    expect(found('The caretaker wants to meet us about the bike shed.', 'He suggested Tuesday the twenty first at four, in the staff room.')).toEqual([
      ['Meeting with the caretaker about the bike shed', '2027-09-21T16:00:00+01:00', 'Staff room'],
    ]);
  });
  it('moves to the day asked about instead, at the same time, when the first does not work', () => {
    expect(found('The caretaker wants to meet us about the bike shed.', 'He suggested Tuesday the twenty first at four, in the staff room.', "Tuesday doesn't work for most of us.", "I'll check if Wednesday the twenty second works instead, same time.")).toEqual([
      ['Meeting with the caretaker about the bike shed', '2027-09-22T16:00:00+01:00', 'Staff room'],
    ]);
  });
});

describe('"isn\'t until", "doesn\'t start until"', () => {
  it('says the day it is, unlike "doesn\'t work"', () => {
    expect(found("The raffle draw isn't until the twenty eighth.", "The book swap doesn't start until Friday the twenty fourth at two.")).toEqual([
      ['Raffle draw', '2027-09-28T09:00:00+01:00', ''],
      ['Book swap', '2027-09-24T14:00:00+01:00', ''],
    ]);
  });
});

describe('"what\'s the deadline for …?"', () => {
  it('is set by the day said in answer', () => {
    expect(found("What's the deadline for raffle prizes?", "Let's say the twenty eighth.")).toEqual([['Deadline: raffle prizes', '2027-09-28T09:00:00+01:00', '']]);
    expect(found("What's the closing date for entries?", 'Okay, the twenty fourth it is.')).toEqual([['Deadline: entries', '2027-09-24T09:00:00+01:00', '']]);
  });
});
