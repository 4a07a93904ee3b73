// Events from the spoken round of meetings sent through flite and the recogniser for a user check
// (a football club's committee): a clause the recogniser runs on without a comma ("… at the end of
// the month i will need the receipts …") is a part of its own; "tuesday's and thursday's", the
// recogniser's plural, are days that come back.
// Sentences written for this test, in the recogniser's way (no commas, no capitals).
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events } from '../support/spoken-events.ts';

/** Tuesday 2 March 2027, 19:00 in Melbourne (UTC+11). */
const MEETING = '2027-03-02T19:00:00+11:00';
const ZONE = 'Australia/Melbourne';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);

describe('a clause run on without a comma', () => {
  it('is a part of its own', () => {
    expect(found('the rota is due at the end of the month i will need the forms from everyone by the twentieth')).toEqual([
      ['Deadline: rota', '2027-03-31T09:00:00+11:00'],
      // The thing needed, not the need (was "Deadline: need the forms from everyone").
      ['Deadline: forms from everyone', '2027-03-20T09:00:00+11:00'],
    ]);
  });
});

describe('a weekday said with "\'s" and no noun', () => {
  it('is a day that comes back, no date', () => {
    expect(found("choir practice is on wednesday's and friday's from seven")).toEqual([]);
    expect(findDates("we train on monday's", reference)).toEqual([]);
    expect(findDates("monday's session is at ten", reference).map((d) => d.iso)).toContain('2027-03-08');
  });
});
