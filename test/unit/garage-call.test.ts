// From a garage's call with a customer, a school's parent meeting and a florist's consultation,
// typed for a user check (Denver): "your car is ready for its inspection on Thursday" (no event;
// "booked in for its inspection" was "Its inspection"), "can I pick it up the same day?" … "it
// should be done by two" (today, "Deadline: it done"), "there's also a parent information evening
// on the sixth at six thirty" (today at 18:30, no event), "I'll need a final headcount … by the end
// of May" ("Deadline: need a final headcount …"), and "Saturday the fifth is no good … how about
// the Sunday?" (the mock-up stayed on Saturday). Sentences written for these tests; the meeting is
// Monday 8 March 2027, 10:00 in Chicago.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

const MEETING = '2027-03-08T16:00:00Z';
const reference = dateReference(MEETING, 'America/Chicago')!;
const found = (...lines: string[]) => events(lines, MEETING, 'America/Chicago').map((e) => [e.title, e.start_datetime]);

describe('a thing something is in or ready for on a day', () => {
  it('is that day\'s event, without whose it is', () => {
    expect(found('The van is in for its service on Tuesday.')).toEqual([['Service', '2027-03-09T09:00:00-06:00']]);
    expect(found('The kitten is booked in for her check-up on Friday at four.')).toEqual([['Check-up', '2027-03-12T16:00:00-06:00']]);
    expect(found('The warehouse is ready for the audit on Wednesday.')).toEqual([['Audit', '2027-03-10T09:00:00-06:00']]);
  });
});

describe('"the same day", "that day" said without a day', () => {
  it('is the day said before, and the times said after it are its', () => {
    expect(lastLineDates(reference, 'The boiler service is on Friday.', 'Can the plumber come back the same day?')).toEqual(['2027-03-12']);
    expect(lastLineDates(reference, 'The boiler service is on Friday.', 'Can the plumber come back the same day?', 'Yes, he should be finished by three.')).toEqual(['2027-03-12T15:00:00-06:00']);
  });

  it('is of the part of the day said', () => {
    expect(findDates("We've got a private function that night.", reference, [{ start: { year: 2027, month: 3, day: 12 }, ago: 1 }]).map((d) => [d.iso, d.start.dayPartHour])).toEqual([['2027-03-12', 19]]);
  });

  it('is no day when the day said before has gone by', () => {
    expect(lastLineDates(reference, 'Can the plumber come back the same day?')).toEqual([]);
  });
});

describe('a part of the day said before "on" and a day', () => {
  it('is of that day, not today', () => {
    expect(lastLineDates(reference, 'There is a careers evening on the ninth.')).toEqual(['2027-03-09']);
    expect(found('There\'s also a careers evening on the ninth at seven in the hall.')).toEqual([['Careers evening', '2027-03-09T19:00:00-06:00']]);
  });
});

describe('what a deadline is for', () => {
  it('names no pronoun, and the thing needed rather than the need', () => {
    expect(found('It should be sorted by Friday.')).toEqual([['Deadline', '2027-03-12T09:00:00-06:00']]);
    expect(found("I'll need a signed lease by the end of the month.")).toEqual([['Deadline: signed lease', '2027-03-31T09:00:00-05:00']]);
  });
});

describe('another day offered as "the Sunday"', () => {
  it('moves the thing planned there', () => {
    expect(found('Can we do the fitting on Saturday the thirteenth at ten?', "Saturday's no good, we're at a wedding. How about the Sunday?", 'Sunday the fourteenth at ten works.')).toEqual([['Fitting', '2027-03-14T10:00:00-05:00']]);
  });
});
