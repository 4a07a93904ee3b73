// Days and times said plainly, probed with sentences of a school office in Pacific/Auckland: a day
// of the month said right after what happens on it ("enrolment closes the twenty-fifth at noon"; the
// day was lost, the time read as today's), and an hour with its minutes after a day and a comma
// ("the twelfth, six thirty"; the time was lost); "three to seven" from the afternoon's three (was
// 03:00–07:00); one word said to start or leave then ("Orientation starts Monday …", "Bus leaves
// Friday …"; no event was found). Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { events, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

/** Tuesday 10 August 2027, 10:30 in Auckland (UTC+12). */
const MEETING = '2027-08-10T10:30:00+12:00';
const reference = dateReference(MEETING, 'Pacific/Auckland')!;
const spans = (...lines: string[]) => events(lines, MEETING, 'Pacific/Auckland').map((e) => [e.title, e.start_datetime, e.end_datetime]);

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

describe('a span from an afternoon hour to a later bare hour', () => {
  it('ends in the afternoon or evening', () => {
    expect(spans('Parent interviews run Thursday, three to seven.')).toEqual([['Parent interviews', '2027-08-12T15:00:00+12:00', '2027-08-12T19:00:00+12:00']]);
  });
});

describe('a thing of one word said to start or leave then', () => {
  it('is named', () => {
    expect(spans('Orientation starts Monday the sixteenth at nine.').map(([title, start]) => [title, start])).toEqual([['Orientation', '2027-08-16T09:00:00+12:00']]);
    expect(spans('Bus leaves Friday at seven from the town hall.').map(([title, start]) => [title, start])).toEqual([['Bus', '2027-08-13T07:00:00+12:00']]);
  });
  it('is not a part of the evening', () => {
    expect(spans('Doors open at seven on Friday.')).toEqual([]);
  });
});
