// A thing moved keeps what the move does not change: its length, its time when "same time" or
// "same hours" is said (the thing's, not the meeting's own time of day), and a weekday said alone
// is the one nearest its old day. Every mention of it on the old day goes with it. The key dates
// read the day and time as the events do. Sentences written for these tests; the meeting is
// Thursday 19 November 2026, 11:00 in Madrid.
import { describe, expect, it } from 'vitest';
import { events, lastLineDates, MEETING } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const ZONE = 'Europe/Madrid';
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('a thing moved to another day or time', () => {
  it('keeps its time and length when "same time" is said, not the meeting\'s time of day', () => {
    expect(found('the pottery workshop is on saturday the twenty eighth from two to five', 'the kiln is being serviced that day', 'can we do sunday, same time')).toEqual([
      ['Pottery workshop', '2026-11-29T14:00:00+01:00', '2026-11-29T17:00:00+01:00'],
    ]);
  });

  it('reads "same hours" as "same time"', () => {
    expect(found('the blood drive runs on friday the fourth of december, ten till four', "let's move the drive to saturday the fifth, same hours")).toEqual([
      ['Blood drive', '2026-12-05T10:00:00+01:00', '2026-12-05T16:00:00+01:00'],
    ]);
  });

  it('keeps its length when moved to another time of the same day', () => {
    expect(found('the boat trip is on saturday the twelfth of december from nine to twelve', 'could we make it ten')).toEqual([
      ['Boat trip', '2026-12-12T10:00:00+01:00', '2026-12-12T13:00:00+01:00'],
    ]);
  });

  it('leaves nothing on the old day when its day was said again before the move', () => {
    const lines = ['Thanks Ana. Next, the allotment open day. We said Sunday the sixth of December, eleven till one.', 'Sunday the sixth clashes with the carol service.', "Then let's move the open day to Sunday the thirteenth, same hours."];
    expect(found(...lines)).toEqual([['Allotment open day', '2026-12-13T11:00:00+01:00', '2026-12-13T13:00:00+01:00']]);
  });

  it('moves to the weekday nearest its old day, not the first to come', () => {
    const [quiz] = found('the quiz is on friday the eleventh of december at eight', 'can we move it to thursday');
    expect(quiz?.[1]?.slice(0, 10)).toBe('2026-12-10');
  });

  it('leaves a weekday said of another thing as it comes', () => {
    expect(found('the quiz is on friday the eleventh of december at eight', 'and the bake sale is on thursday').map(([title, start]) => [title, start!.slice(0, 10)])).toEqual([
      ['Quiz', '2026-12-11'],
      ['Bake sale', '2026-11-26'],
    ]);
  });
});

describe('the day offered, as the key dates read it', () => {
  const reference = dateReference(MEETING, ZONE)!;

  it('is the weekday nearest the day said just before, at its time when "same time" is said', () => {
    expect(lastLineDates(reference, 'the quiz is on friday the eleventh of december at eight', 'can we move it to thursday')).toEqual(['2026-12-10']);
    expect(lastLineDates(reference, 'the pottery workshop is on saturday the twenty eighth from two to five', 'the kiln is being serviced that day', 'can we do sunday, same time')).toEqual(['2026-11-29T14:00:00+01:00']);
    expect(lastLineDates(reference, 'the car boot sale is saturday the fifth of december at seven', 'okay sunday then, same time')).toEqual(['2026-12-06T07:00:00+01:00']);
  });

  it('keeps "same time" said of no thing the meeting\'s, and "same hours" of no thing no time', () => {
    expect(lastLineDates(reference, 'good session everyone', "let's meet again same time next week")).toEqual(['2026-11-26T11:00:00+01:00']);
    expect(lastLineDates(reference, 'the shop is open on boxing day, same hours')).toEqual(['2026-12-26']);
  });

  it('leaves a weekday that offers nothing in another day\'s stead as it comes', () => {
    expect(lastLineDates(reference, 'the quiz is on friday the eleventh of december at eight', 'the bake sale is on thursday')).toEqual(['2026-11-26']);
  });
});
