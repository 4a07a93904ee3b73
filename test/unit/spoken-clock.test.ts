// Clock times said as minutes past or to the hour, and "half seven". Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { normaliseSpokenTimes } from '#shared/text/spoken-times.ts';

describe('minutes past and to the hour', () => {
  it.each([
    ['the bus leaves at ten past eight', 'the bus leaves at 8:10'],
    ['come in at twenty five to eleven tomorrow', 'come in at 10:35 tomorrow'],
    ['we open at half seven on saturday', 'we open at 7:30 on saturday'],
    ['can you do five past two on monday', 'can you do 2:05 on monday'],
    ['doors at quarter to one', 'doors at 12:45'],
    ['the train is at seven minutes past nine', 'the train is at 9:07'],
  ])('%j', (said, written) => {
    expect(normaliseSpokenTimes(said)).toBe(written);
  });

  it.each(['we need five to six volunteers', 'half the team is off', 'twenty to thirty people came', 'at half time we swapped'])('leaves the count or the span in %j', (said) => {
    expect(normaliseSpokenTimes(said)).toBe(said);
  });

  it('leaves a span from one hour to another a span', () => {
    expect(normaliseSpokenTimes('open from nine to one on friday')).toBe('open from 9 to 1 on friday');
    expect(normaliseSpokenTimes('the hall is shut between ten to four on friday')).toBe('the hall is shut between ten to four on friday');
  });

  it('reads an hour and its minutes after "for" or "by" when a day follows, not a price', () => {
    expect(normaliseSpokenTimes('the van is booked for eight fifteen on monday')).toBe('the van is booked for 8:15 on monday');
    expect(normaliseSpokenTimes('i need it by ten forty tomorrow')).toBe('i need it by 10:40 tomorrow');
    expect(normaliseSpokenTimes('we sold the cake for four fifty')).toBe('we sold the cake for four fifty');
  });

  it('reads the time with its day', () => {
    const dates = findDates('the recital starts at quarter to seven on friday', dateReference('2026-12-01T10:00:00Z', 'Europe/London')!);
    expect(dates.map((d) => d.label)).toEqual(['Fri 4 Dec 2026 18:45']);
  });
});

describe('"at" heard as "and" between a day and an hour', () => {
  it.each([
    ['the audit is on thursday the tenth of december and ten', 'the audit is on thursday the tenth of december at 10'],
    ['drop them off on saturday and nine in the car park', 'drop them off on saturday at 9 in the car park'],
    ['the viewing is the fourteenth and four so bring the keys', 'the viewing is the fourteenth at 4 so bring the keys'],
  ])('reads %j as a time', (said, written) => {
    expect(normaliseSpokenTimes(said)).toBe(written);
  });

  it.each(['on monday and two of us will go', 'on the eighth and three to five volunteers', 'sunday and one more thing'])('leaves the count in %j', (said) => {
    expect(normaliseSpokenTimes(said)).toBe(said);
  });
});

describe('lunchtime', () => {
  it('is noon after a day, "at" or "by"', () => {
    expect(normaliseSpokenTimes('can you do it by wednesday lunchtime')).toBe('can you do it by wednesday noon');
    expect(normaliseSpokenTimes("let's meet at lunch time")).toBe("let's meet at noon");
    expect(normaliseSpokenTimes('we talked over lunchtime')).toBe('we talked over lunchtime');
  });
});
