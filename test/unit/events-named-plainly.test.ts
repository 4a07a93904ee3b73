// Things named plainly, as people say them in a hurry: one word said to be then ("handover is on
// monday"), a name and when with no verb ("gutter cleaning on saturday at ten"), a thing that
// runs then, a name that opens the sentence with a capital, and a meeting named without "the".
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

/** Tuesday 15 December 2026, 09:30 in London. */
const MEETING = '2026-12-15T09:30:00Z';
const titled = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime, e.location]);

describe('one word said to be then', () => {
  it('is the thing’s name', () => {
    expect(titled('handover is on thursday at four')).toEqual([['Handover', '2026-12-17T16:00:00+00:00', '']]);
    expect(titled('yes, stocktake is friday at eleven in the back office')).toEqual([['Stocktake', '2026-12-18T11:00:00+00:00', 'Back office']]);
  });

  it('is no name when the word is a pronoun, a day or a person at the meeting', () => {
    expect(titled('tomorrow is fine at ten')).toEqual([]);
    expect(titled('mine is on friday at two')).toEqual([]);
    expect(events(['Olga is on friday at two'], MEETING, 'Europe/London').map((e) => e.title)).not.toContain('Olga');
  });

  it('is no thing of its own when the word only opens or starts a part of the day', () => {
    expect(titled('the panto is on saturday the nineteenth', 'doors open at six and curtain up at seven')).toEqual([['Panto', '2026-12-19T18:00:00+00:00', '']]);
  });
});

describe('a name and when with no verb', () => {
  it('is the thing’s name when the line says nothing more', () => {
    expect(titled('okay, gutter cleaning on saturday at ten')).toEqual([['Gutter cleaning', '2026-12-19T10:00:00+00:00', '']]);
    expect(titled('carol practice on wednesday at six at the chapel')).toEqual([['Carol practice', '2026-12-16T18:00:00+00:00', 'Chapel']]);
  });

  it('is no name when the line goes on to say something else', () => {
    expect(titled('snow on saturday would close the car park')).toEqual([]);
  });
});

describe('a thing that runs then', () => {
  it('is named by what runs', () => {
    expect(titled('the toy appeal runs next monday from ten to three')).toEqual([['Toy appeal', '2026-12-21T10:00:00+00:00', '']]);
  });
});

describe('a name that opens the sentence with a capital', () => {
  it('is read as the word it is', () => {
    expect(titled('Induction is this Thursday at nine, please be on time.')).toEqual([['Induction', '2026-12-17T09:00:00+00:00', '']]);
  });
});

describe('a meeting named without "the"', () => {
  it('keeps its name', () => {
    expect(titled('Next governors meeting is Monday the eleventh of January at six in the library.')).toEqual([
      ['Governors meeting', '2027-01-11T18:00:00+00:00', 'Library'],
    ]);
  });
});

describe('an appointment named after an announcing word, with another clause after it', () => {
  it('keeps its name and leaves the other clause out', () => {
    expect(titled('quick reminder, design sync is thursday at two, and drinks after')).toEqual([['Design sync', '2026-12-17T14:00:00+00:00', '']]);
    expect(titled('the demo is on thursday at four, and then we go to the pub')).toEqual([['Demo', '2026-12-17T16:00:00+00:00', '']]);
  });
});
