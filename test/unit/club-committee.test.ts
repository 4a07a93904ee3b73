// Days and events from a thirteenth round of meetings typed for a user check (a football club's
// committee): "the tournament. it's on the sixth" names the thing said before; an age group opens a
// name ("the under twelves tournament"); "on a saturday, the twenty seventh, nine till four"; the
// day of a thing named so is the one "the sunday after the tournament" counts from; a name said in
// capitals keeps them; playing fields are places.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { findLocation } from '#shared/text/places.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Tuesday 21 September 2027, 18:00 in Nairobi (UTC+3). */
const MEETING = '2027-09-21T18:00:00+03:00';
const ZONE = 'Africa/Nairobi';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('"it\'s on …" after a thing is named', () => {
  it('is that thing, an age group opening its name', () => {
    expect(found('Next, the chess tournament.', "It's on the ninth of October.")).toEqual([['Chess tournament', '2027-10-09T09:00:00+03:00', '2027-10-09T10:00:00+03:00']]);
    expect(found('Then the under nines tournament.', "It's on the second of October at nine a m.")).toEqual([['Under nines tournament', '2027-10-02T09:00:00+03:00', '2027-10-02T10:00:00+03:00']]);
  });
});

describe('a weekday said with "a", then its day', () => {
  it('is that day, with the span said after it', () => {
    expect(findDates('The first aid course is on a Thursday, the seventh, nine till three.', reference).map((d) => [d.label, d.end?.hour])).toEqual([['Thu 7 Oct 2027 09:00', 15]]);
    expect(findDates('We usually meet on a Friday.', reference)).toEqual([]);
  });
});

describe('a day counted from a thing named before "it\'s on"', () => {
  it('is counted from that thing\'s day', () => {
    expect(lastLineDates(reference, "The gala, it's on the ninth of October.", 'The kit has to be washed the Friday before the gala.')).toEqual(['2027-10-08']);
    expect(found('First, the chess tournament.', "It's on the ninth of October.", 'Next, the prize giving.', 'How about the Sunday after the tournament, from two?')).toContainEqual(['Prize giving', '2027-10-10T14:00:00+03:00', '2027-10-10T15:00:00+03:00']);
  });
});

describe('names and places', () => {
  it('keep capitals said so, and playing fields are places', () => {
    expect(found('The AGM is on the fifth of October at seven p m.').map(([title]) => title)).toEqual(['AGM']);
    expect(findLocation('Training is at the Kings Park fields.')).toBe('Kings Park fields');
  });
});
