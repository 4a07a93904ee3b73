// Events and dates from a twenty-second round of meetings typed for a user check (a sports club's
// committee in Australia/Sydney): a line that opens an item as "X first." names the day said next;
// "till" after a comma spans two hours whatever said the day (not the evening's when the day is
// counted from a thing of the evening); "entries close" (the plain form
// after many) is a deadline; a name in capitals is a thing ("the AGM"); a day the speaker's side
// has in mind ("we're thinking …"); "arvo" is the afternoon; a club's rooms and ovals are places.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { findLocation } from '#shared/text/places.ts';
import { decisionsIn } from '#shared/text/decisions.ts';
import { events } from '../support/spoken-events.ts';

/** Monday 4 October 2027, 18:30 in Perth (UTC+8). */
const MEETING = '2027-10-04T18:30:00+08:00';
const ZONE = 'Australia/Perth';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('an item opened as "X first."', () => {
  it('names the day said next with no name of its own', () => {
    expect(found('Presentation night first. We booked the function room for Friday the fifteenth, starting at seven.').map(([title, start]) => [title, start])).toEqual([
      ['Presentation night', '2027-10-15T19:00:00+08:00'],
    ]);
  });
});

describe('an hour said without am or pm for a thing of the evening, in a morning meeting', () => {
  /** Tuesday 5 October 2027, 09:00 in Perth: a bare hour is not read as this evening's for the meeting's own hour. */
  const inTheMorning = (...lines: string[]) => events(lines, '2027-10-05T09:00:00+08:00', ZONE).map((e) => [e.title, e.start_datetime]);
  it('is the evening\'s, the thing named in the sentence or before it', () => {
    expect(inTheMorning('The awards evening is on Thursday at seven thirty.')).toEqual([['Awards evening', '2027-10-07T19:30:00+08:00']]);
    expect(inTheMorning('Trivia night first. The hall is booked for the twenty second from seven.')).toEqual([['Trivia night', '2027-10-22T19:00:00+08:00']]);
  });
  it('is the morning\'s when said so, or when the thing is no evening\'s', () => {
    expect(inTheMorning('The awards evening is on Thursday at seven a m.').map(([, start]) => start)).toEqual(['2027-10-07T07:00:00+08:00']);
    expect(inTheMorning('The awards evening setup is on Thursday at seven.').map(([, start]) => start)).toEqual(['2027-10-07T07:00:00+08:00']);
  });
});

describe('"till" after a comma', () => {
  it('spans two hours, whatever said the day', () => {
    expect(found('The quiz is on Friday the fifteenth.', 'The working bee is the Saturday after the quiz, eight till eleven.').filter(([title]) => title === 'Working bee')).toEqual([
      ['Working bee', '2027-10-16T08:00:00+08:00', '2027-10-16T11:00:00+08:00'],
    ]);
  });
});

describe('"till" without its comma, as the recogniser writes it', () => {
  it('spans two hours', () => {
    expect(found('the quiz is on friday the fifteenth', 'the working bee is the saturday after the quiz eight till eleven at the shed').filter(([title]) => title === 'Working bee')).toEqual([
      ['Working bee', '2027-10-16T08:00:00+08:00', '2027-10-16T11:00:00+08:00'],
    ]);
  });
  it('is no time in a count', () => {
    expect(findDates('the clinic is for ages nine till eleven', reference)).toEqual([]);
  });
});

describe('a thing that ends then, said in the plain form after many', () => {
  it('is a deadline', () => {
    expect(found('Nominations close on the twentieth of October.').map(([title, start]) => [title, start])).toEqual([['Deadline: nominations close', '2027-10-20T09:00:00+08:00']]);
  });
  it('is part of the name after one thing', () => {
    expect(found('The bar close out is on Sunday.').map(([title]) => title)).toEqual(['Bar close out']);
  });
});

describe('a name in capitals and a day in mind', () => {
  it('names the thing said first', () => {
    expect(found("Then the EGM, we're looking at Wednesday the twentieth at six thirty.").map(([title, start]) => [title, start])).toEqual([['EGM', '2027-10-20T18:30:00+08:00']]);
    expect(found("The BBQ, we're thinking Sunday.").map(([title]) => title)).toEqual(['BBQ']);
  });
});

describe('"arvo"', () => {
  it('is the afternoon', () => {
    expect(findDates("I'll drop the kit bags over Saturday arvo.", reference).map((d) => d.label)).toEqual(['Sat 9 Oct 2027']);
    expect(found('The coaches catch-up is Saturday arvo.').map(([, start]) => start)).toEqual(['2027-10-09T14:00:00+08:00']);
  });
});

describe('a way to open the meeting', () => {
  it('is no decision', () => {
    expect(decisionsIn(["right committee meeting let's get into it", "Okay, let's get stuck in.", "Let's dive in.", "Let's go with the blue kit."]).map((d) => d.at)).toEqual([3]);
  });
});

describe("a club's places", () => {
  it('are its rooms and ovals', () => {
    expect(findLocation('Trials are at nine on the main oval.')).toBe('Main oval');
    expect(findLocation('Drinks in the clubrooms afterwards.')).toBe('Clubrooms');
    expect(findLocation("Let's decide on the pitch colours.")).toBe('');
  });
});
