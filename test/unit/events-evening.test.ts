// Times said for things of the evening, a start said alone ("from seven"), a time said after its
// day in the same sentence, and "for next week". Sentences written for this test, as an
// unpunctuated recogniser writes them.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events } from '../support/spoken-events.ts';

/** Friday 27 November 2026, 09:30 in London: a morning meeting. */
const MORNING = '2026-11-27T09:30:00Z';
const reference = dateReference(MORNING, 'Europe/London')!;
const times = (sentence: string) => findDates(sentence, reference).map((d) => d.iso);

describe('an hour from seven to nine said for a thing of the evening', () => {
  it('is the evening’s, even at a morning meeting', () => {
    expect(times('the leaving drinks are on thursday at eight')).toEqual(['2026-12-03T20:00:00+00:00']);
    expect(times('the pub quiz fundraiser starts at seven')).toEqual(['2026-11-27T19:00:00+00:00']);
  });

  it('is as said for anything else, or with a m', () => {
    expect(times('the stocktake is on thursday at eight')).toEqual(['2026-12-03T08:00:00+00:00']);
    expect(times('the dinner prep starts on thursday at eight a m')).toEqual(['2026-12-03T08:00:00+00:00']);
  });
});

describe('a start said alone', () => {
  it('is a time where a time can end', () => {
    expect(times('the christmas party is on saturday the nineteenth from eight')).toEqual(['2026-12-19T20:00:00+00:00']);
    expect(times('the stall opens on sunday from nine onwards')).toEqual(['2026-11-29T09:00:00+00:00']);
  });

  it('is a count before a noun', () => {
    expect(times('prices go up from nine pounds')).toEqual([]);
  });
});

describe('a time said after its day in the same sentence', () => {
  it('is that day’s', () => {
    expect(times('first day is tuesday at the depot on mill lane and the crew call is six thirty a m')).toEqual(['2026-12-01', '2026-12-01T06:30:00+00:00']);
    expect(events(['day two is wednesday at the old mill and the call time is eight a m'], MORNING, 'Europe/London').map((e) => e.start_datetime)).toEqual(['2026-12-02T08:00:00+00:00']);
  });
});

describe('a week said as what a thing is for', () => {
  it('is no date', () => {
    expect(times("let's go through the rota for next week")).toEqual([]);
    expect(times("we'll go through the rota next week")).toEqual(['2026-12-04']);
  });
});
