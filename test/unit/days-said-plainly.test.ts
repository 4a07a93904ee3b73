// Days and times said plainly, probed with sentences of a school office in Pacific/Auckland: a day
// of the month said right after what happens on it ("enrolment closes the twenty-fifth at noon"; the
// day was lost, the time read as today's), and an hour with its minutes after a day and a comma
// ("the twelfth, six thirty"; the time was lost). Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

/** Tuesday 10 August 2027, 10:30 in Auckland (UTC+12). */
const reference = dateReference('2027-08-10T10:30:00+12:00', 'Pacific/Auckland')!;

describe('a day of the month said after what happens on it', () => {
  it('is that day', () => {
    expect(lastLineDates(reference, 'Enrolment closes the twenty-fifth at noon.')).toEqual(['2027-08-25T12:00:00+12:00']);
    expect(lastLineDates(reference, 'The ferry arrives the ninth.')).toEqual(['2027-09-09']);
    expect(lastLineDates(reference, 'The new portal goes live the twelfth at nine.')).toEqual(['2027-08-12T09:00:00+12:00']);
  });
  it('is no day before a noun', () => {
    expect(lastLineDates(reference, 'She finished the fifth chapter.')).toEqual([]);
  });
});

describe('an hour and its minutes after a day and a comma', () => {
  it('is that day’s time', () => {
    expect(lastLineDates(reference, 'Prize giving is the nineteenth, eleven thirty.')).toEqual(['2027-08-19T11:30:00+12:00']);
    expect(lastLineDates(reference, 'Thursday, eight forty five, at the library.')).toEqual(['2027-08-12T08:45:00+12:00']);
  });
  it('leaves a count', () => {
    expect(lastLineDates(reference, 'The nineteenth, six people.')).toEqual([]);
  });
});
