// From an eighth call typed for a user check (a kitchen fitter and a customer): work said to start
// on a day ("we could start fitting on Thursday the eighteenth") is that day's event, and "within
// seven days of completion" counts from something no date says, so it is no date. Sentences
// written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Wednesday 10 March 2027, 10:15 in Berlin. */
const MEETING = '2027-03-10T10:15:00+01:00';
const ZONE = 'Europe/Berlin';
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);
const dates = (...lines: string[]) => lastLineDates(dateReference(MEETING, ZONE)!, ...lines);

describe('work said to start on a day', () => {
  it('is named by the work', () => {
    expect(found('we could start decorating on thursday the eighteenth.')).toEqual([['Decorating', '2027-03-18T09:00:00+01:00']]);
    expect(found("they'll begin landscaping on the second of april at eight")).toEqual([['Landscaping', '2027-04-02T08:00:00+02:00']]);
  });

  it('takes the time agreed for that day after', () => {
    expect(found('we could start tiling on thursday the eighteenth.', 'thursday is fine, could you come after lunch?', 'yes, we can be there at half past one.')).toEqual([['Tiling', '2027-03-18T13:30:00+01:00']]);
  });

  it('is nothing when nothing is done', () => {
    expect(found('we can do nothing on friday')).toEqual([]);
  });
});

describe('a length of time counted from something', () => {
  it('is no date when no date says what it is counted from', () => {
    expect(dates('the deposit is due within ten days of signing.')).toEqual([]);
    expect(dates('refunds go out within a week of the return arriving')).toEqual([]);
    expect(found('the balance is due within seven days of completion.')).toEqual([]);
  });

  it('is counted from the meeting when nothing else is said', () => {
    expect(dates('please reply within two weeks')).toEqual(['2027-03-24']);
  });
});
