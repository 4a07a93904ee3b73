// Events and dates from a twenty-third round of meetings typed for a user check (a theatre's
// production meeting in Europe/Dublin): "half seven" after a comma or "by" is 7:30, before a word
// for the start ("half seven curtain", "a half eight start"); a time said with "by" after a day and
// its time in the same sentence is that day's ("the load-in is Saturday the twelfth from nine, we
// need the truck by half eight"), not a day named in a line before; "and the X?" after things given
// their days asks the day of X, which the answer gives; a commitment the recogniser garbled to
// its when alone ("we'll the the friday before opening") is no task. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events, itemsOfTalk } from '../support/spoken-events.ts';

/** Thursday 3 February 2028, 11:00 in Dublin (UTC+0). */
const MEETING = '2028-02-03T11:00:00+00:00';
const ZONE = 'Europe/Dublin';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);

describe('"half seven"', () => {
  it('is 7:30 after a comma, before the word for the start', () => {
    expect(findDates('The première is Saturday the nineteenth, half seven curtain.', reference).map((d) => d.iso)).toEqual(['2028-02-19T19:30:00+00:00']);
    expect(findDates('Matinee on Sunday, half two start.', reference).map((d) => d.iso)).toEqual(['2028-02-06T14:30:00+00:00']);
  });
  it('is 7:30 after a day, as the recogniser writes it without the comma', () => {
    expect(findDates('the première is saturday the nineteenth half seven curtain', reference).map((d) => d.iso)).toEqual(['2028-02-19T19:30:00+00:00']);
    expect(findDates('the cup match is on saturday half two kick off', reference).map((d) => d.iso)).toEqual(['2028-02-05T14:30:00+00:00']);
  });
  it('is 7:30 after "by"', () => {
    expect(findDates('The set has to be clear by half ten on Monday.', reference).map((d) => d.iso)).toEqual(['2028-02-07T10:30:00+00:00']);
  });
  it('is no time in "half an hour" or "half the cast"', () => {
    expect(findDates('It took half an hour, half the cast were late.', reference)).toEqual([]);
  });
});

describe('a time said with "by" after a day and its time in the same sentence', () => {
  it('is that day\'s, not a day named in a line before', () => {
    expect(found('Rehearsals start Tuesday the fifteenth.', 'The load-in is Saturday the twelfth from nine, we need the truck by half eight.')).toContainEqual([
      'Deadline: truck',
      '2028-02-12T08:30:00+00:00',
    ]);
  });
});

describe('"and the X?" after things given their days', () => {
  it('asks the day of X, which the answer gives', () => {
    expect(found('The band call is on Monday at two.', 'And the sound check?', 'Tuesday at four, before the doors.')).toEqual([
      ['Band call', '2028-02-07T14:00:00+00:00'],
      ['Sound check', '2028-02-08T16:00:00+00:00'],
    ]);
  });
});

describe('a commitment the recogniser garbled to when alone', () => {
  it('is no task', () => {
    const tasks = itemsOfTalk(reference, "Ana|let's get the flats painted we'll the the friday before opening", 'Ben|when do we open').map((i) => i.task);
    expect(tasks).toEqual([]);
  });
  it('leaves a task that says what with its when', () => {
    expect(itemsOfTalk(reference, "Ana|we'll paint the flats the friday before opening").map((i) => i.task)).toEqual(['paint the flats before opening']);
  });
});
