// A day said for the end of something started on a day named before (from the kitchen fitter's
// call typed for a user check: "we could start fitting on Thursday the eighteenth" … "we should be
// done by Monday at the latest"): the first such day after the start. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { lastLineDates } from '../support/spoken-events.ts';

/** Wednesday 10 March 2027, 10:15 in Berlin. */
const dates = (...lines: string[]) => lastLineDates(dateReference('2027-03-10T10:15:00+01:00', 'Europe/Berlin')!, ...lines);

describe('the end of something started on a day named before', () => {
  it('is the first such day after the start', () => {
    expect(dates('the painters start on wednesday the seventeenth.', 'they should be finished by friday.')).toEqual(['2027-03-19']);
    expect(dates('we leave on friday the nineteenth.', "and we're back on sunday.")).toEqual(['2027-03-21']);
    expect(dates('the painters start on monday.', 'they should be finished by friday.')).toEqual(['2027-03-19']);
    expect(dates('the roofers begin on tuesday the sixteenth.', 'okay.', 'will they be done by the weekend?')).toEqual(['2027-03-20']);
  });

  it('is the coming day when nothing started', () => {
    expect(dates('the party is on saturday the twentieth.', 'can you finish the slides by friday?')).toEqual(['2027-03-12']);
  });
});

describe('leaving a thing somewhere', () => {
  it('starts nothing', () => {
    expect(dates("i'll leave the keys with you on wednesday the seventeenth.", 'can you finish the report by monday?')).toEqual(['2027-03-15']);
  });
});
