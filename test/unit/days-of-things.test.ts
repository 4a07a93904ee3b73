// Days and events from a twelfth round of meetings typed for a user check (a wedding planning
// call): a day counted from the day of a thing said before ("the friday before the wedding", "the
// day before the fitting"), however long ago it was said; "around six" right after a day; "the cake
// tasting, can we do it next thursday"; a bakery, a winery and a proper name after a capital "At"
// as places; a day of the month said after another day than the one with a month named.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { findLocation } from '#shared/text/places.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Tuesday 11 May 2027, 19:00 in Chicago (UTC-5). */
const MEETING = '2027-05-11T19:00:00-05:00';
const ZONE = 'America/Chicago';
const reference = dateReference(MEETING, ZONE)!;
const REUNION = 'The reunion is on Saturday the fourteenth of August.';
const LATER = ['We need name tags.', 'The caterer sent a menu.', 'Dan is handling the music.', 'Parking is fine.', 'The photos are sorted.', 'Any other business?', 'No.'];

describe('a day counted from a thing said before', () => {
  it('is counted from that thing\'s day, however long ago it was said', () => {
    expect(lastLineDates(reference, REUNION, ...LATER, 'The barbecue will be the Friday before the reunion.')).toEqual(['2027-08-13']);
    expect(lastLineDates(reference, REUNION, ...LATER, 'Clean up is the Monday after the reunion.')).toEqual(['2027-08-16']);
    expect(lastLineDates(reference, REUNION, 'We set up the day before the reunion.')).toEqual(['2027-08-13']);
    expect(lastLineDates(reference, REUNION, 'The thank-you cards go out the week after the reunion.')).toEqual(['2027-08-21']);
    expect(lastLineDates(reference, REUNION, 'The hall needs paying two days before the reunion.')).toEqual(['2027-08-12']);
  });

  it('is the coming one when the thing was said on no day', () => {
    expect(lastLineDates(reference, REUNION, 'I can do the Friday before the match.')).toEqual(['2027-05-14']);
  });
});

describe('"around" an hour right after a day', () => {
  it('is a time, not a count', () => {
    expect(findDates('Can we meet next Tuesday after work, around six?', reference).map((d) => d.iso)).toEqual(['2027-05-18T18:00:00-05:00']);
    expect(findDates('On Monday about six people will come.', reference).map((d) => d.iso)).toEqual(['2027-05-17']);
    // Told of as gone by (gone-by.ts), the Monday is past, and still no time is read from the count.
    expect(findDates('On Monday about six people came.', reference).map((d) => d.iso)).toEqual([]);
  });
});

describe('a thing named first, then "can we do it"', () => {
  it('is named by the thing', () => {
    expect(events(['The venue visit, can we do it on Thursday at four?'], MEETING, ZONE).map((e) => [e.title, e.start_datetime])).toEqual([['Venue visit', '2027-05-13T16:00:00-05:00']]);
  });
});

describe('places', () => {
  it('are a bakery, a winery, a proper name after a capital "At"', () => {
    expect(findLocation('At Bellini bakery on Via Nuova.')).toBe('Bellini bakery');
    expect(findLocation('The tasting is at the winery.')).toBe('Winery');
    expect(findLocation('At Heathrow, by the taxi rank.')).toBe('Heathrow');
  });
});

describe('a day of the month said alone', () => {
  it('is in the month named before, unless another day was said since', () => {
    expect(lastLineDates(reference, REUNION, 'The committee call is on the twentieth.')).toEqual(['2027-08-20']);
    expect(lastLineDates(reference, REUNION, "I'll book the hall tomorrow.", 'The committee call is on the twentieth.')).toEqual(['2027-05-20']);
  });
});
