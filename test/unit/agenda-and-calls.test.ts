// Events from a fourteenth round of meetings typed for a user check (a non-profit's board meeting):
// no title made of the marks left between a day's parts; a venue booked and "doors at ten" are the
// agenda item's; a clause run on with "so the … can" is a part of its own; "call … and ask" is a
// call; "a call about rotas"; calling the meeting to order is no decision.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { statesADecision } from '#shared/text/decisions.ts';
import { events } from '../support/spoken-events.ts';

/** Tuesday 23 March 2027, 18:00 in Dublin (UTC+0, summer time from 28 March). */
const MEETING = '2027-03-23T18:00:00+00:00';
const ZONE = 'Europe/Dublin';
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.location]);

describe('a day said in parts', () => {
  it('is the thing said before, never a title of commas', () => {
    expect(found('The spring fair is on Saturday the fifteenth of May.', "Last thing, the staff party. Let's do it the Friday after the fair, at six, at the Grand Hotel.")).toEqual([
      ['Spring fair', '2027-05-15T09:00:00+01:00', ''],
      ['Staff party', '2027-05-21T18:00:00+01:00', 'Grand Hotel'],
    ]);
  });
});

describe('a venue booked, and doors', () => {
  it('are the agenda item\'s', () => {
    expect(found('First item, the spring fair.', 'The venue is booked for Saturday the fifteenth of May. Doors at ten.')).toEqual([['Spring fair', '2027-05-15T10:00:00+01:00', '']]);
  });
});

describe('a clause run on with "so the … can"', () => {
  it('is a part of its own', () => {
    expect(found('We need the photos by the end of April so the brochure can go to the printer on May third.').map(([title, start]) => [title, start])).toEqual([
      ['Deadline: photos', '2027-04-30T09:00:00+01:00'],
      ['Brochure to go to the printer', '2027-05-03T09:00:00+01:00'],
    ]);
  });
});

describe('a call', () => {
  it('is named by what it is about, not by a verb said after it', () => {
    expect(found("I'll call him on Thursday and confirm.").map(([title]) => title)).toEqual(['Call']);
    expect(found("Let's have a call on Monday about rotas.").map(([title]) => title)).toEqual(['Call about rotas']);
  });
});

describe('calling a meeting to order', () => {
  it('is no decision, though said with "let\'s"', () => {
    expect(statesADecision("Let's call this meeting to order.")).toBe(false);
    expect(statesADecision("Let's call the board to order, it's seven.")).toBe(false);
    expect(statesADecision("Let's go with the second caterer.")).toBe(true);
  });
});
