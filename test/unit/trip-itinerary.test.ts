// From a travel booker's call typed for a user check (London): "land in Singapore at seven the
// next morning, local time" (was 07:00 London on the day of leaving), "the next day at noon",
// "the following evening at eight" (were read from today, or the same day), and "you leave
// Heathrow on …" (was no event). Sentences written for these tests; the meeting is Monday 10 May
// 2027, 10:30 in Dublin.
import { describe, expect, it } from 'vitest';
import { events, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-05-10T09:30:00Z';
const reference = dateReference(MEETING, 'Europe/Dublin')!;

describe('"the next day", "the next morning"', () => {
  it('is the day after the one said before it', () => {
    expect(lastLineDates(reference, 'The coach leaves on Friday and gets back the next day at noon.')).toEqual(['2027-05-14', '2027-05-15T12:00:00+01:00']);
    expect(lastLineDates(reference, 'We sail on the twentieth and dock at six the next morning.')).toEqual(['2027-05-20', '2027-05-21T06:00:00+01:00']);
    expect(lastLineDates(reference, 'The course starts on Monday and the exam is the following afternoon at two.')).toEqual(['2027-05-17', '2027-05-18T14:00:00+01:00']);
  });

  it('is read in the zone of the place said, with "local time"', () => {
    // 06:30 in Tokyo on 21 May is 22:30 in Dublin on the 20th.
    expect(lastLineDates(reference, 'You fly out on the twentieth at noon and land in Tokyo at six thirty the next morning, local time.')).toEqual(['2027-05-20T12:00:00+01:00', '2027-05-20T22:30:00+01:00']);
  });
});

describe('setting off from a place', () => {
  it('is a journey named by where from', () => {
    expect(events(['You leave Gatwick on Friday at seven in the morning.'], MEETING, 'Europe/Dublin').map((e) => [e.title, e.start_datetime])).toEqual([['Leave Gatwick', '2027-05-14T07:00:00+01:00']]);
  });
});
