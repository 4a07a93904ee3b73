// From a family's call about moving house typed for a user check (Chicago): "the Sunday after the
// move" after "the movers are coming on the thirteenth" (was the coming Sunday: "the movers" are
// coming was no thing on a day, and "move" no word of "movers"), "Grandma arrives on …" (was no
// event) and "I can pick her up" (was "pick her up"), and "can you call the piano guy tomorrow and
// get a quote?" (was "Call: the piano guy and get a quote"). Sentences written for these tests;
// the meeting is Monday 10 May 2027, 10:30 in Dublin.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-05-10T09:30:00Z';
const reference = dateReference(MEETING, 'Europe/Dublin')!;
const found = (...lines: string[]) => events(lines, MEETING, 'Europe/Dublin').map((e) => [e.title, e.start_datetime]);

describe('a day counted from a thing', () => {
  it('counts from those who come for it, and from its plural', () => {
    expect(lastLineDates(reference, 'The removers are coming on Thursday the twentieth.', "Let's clean the flat the Saturday after the removal.")).toEqual(['2027-05-22']);
    expect(lastLineDates(reference, 'The fittings are on the twelfth of June.', 'I can do the Monday before the fitting.')).toEqual(['2027-06-07']);
  });
});

describe('kin said as a name', () => {
  it('is someone who comes', () => {
    expect(found('Grandad arrives on Friday at six in the evening.')).toEqual([['Grandad arrives', '2027-05-14T18:00:00+01:00']]);
  });

  it('is whom "her" and "him" stand for', () => {
    const items = itemsOfTalk(reference, 'Ola|Nana lands on Sunday morning.', "Tim|I'll collect her from the airport.");
    expect(items.map((i) => [i.owner, i.task])).toEqual([['Tim', 'collect Nana from the airport']]);
  });
});

describe('a call to someone', () => {
  it('is titled with the one called, up to what else is done', () => {
    expect(found('Could you call the roofer on Wednesday and ask about the gutters?')).toEqual([['Call the roofer', '2027-05-12T09:00:00+01:00']]);
  });
});
