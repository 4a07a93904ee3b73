// Dates from a seventh meeting typed for a user check (a software team's sprint planning): a day
// of a month said by where that month is ("the first of next month"), a day counted from the day
// said last with its time ("the day before at three"), and a thing offered the day whose last
// word reads as a verb ("let's do a dry run …"). Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Thursday 11 March 2027, 09:30 in Sydney. */
const MEETING = '2027-03-11T09:30:00+11:00';
const ZONE = 'Australia/Sydney';
const dates = (...lines: string[]) => lastLineDates(dateReference(MEETING, ZONE)!, ...lines);

describe('a day of a month said by where the month is', () => {
  it('is that day of next month, this month or the coming one', () => {
    expect(dates('the lease renewal is due on the first of next month.')).toEqual(['2027-04-01']);
    expect(dates('invoices go out on the 3rd of next month')).toEqual(['2027-04-03']);
    expect(dates('the audit is the twenty second of the coming month at ten')).toEqual(['2027-04-22T10:00:00+10:00']);
    expect(dates('payroll closes on the fifteenth of this month')).toEqual(['2027-03-15']);
  });

  it('makes a deadline of what expires then', () => {
    const found = events(['the domain registration expires on the second of next month.'], MEETING, ZONE).map((e) => [e.title, e.start_datetime]);
    expect(found).toEqual([['Deadline: domain registration expires', '2027-04-02T09:00:00+11:00']]);
  });
});

describe('a day counted from the day said last, with a time', () => {
  it('takes the time said after it', () => {
    expect(dates('the launch party is on the twentieth.', 'we set up the day before at three.')).toEqual(['2027-03-19T15:00:00+11:00']);
    expect(dates('the launch party is on the twentieth.', 'and we clear up the day after, at noon.')).toEqual(['2027-03-21T12:00:00+11:00']);
    expect(dates('the launch party is on the twentieth.', 'the crew arrives two days before at nine.')).toEqual(['2027-03-18T09:00:00+11:00']);
  });

  it('still needs a day said to count from', () => {
    expect(dates('we set up the day before at three.')).toEqual([]);
  });
});

describe('a thing offered the day whose last word reads as a verb', () => {
  it('is named whole', () => {
    const found = events(['the client demo is on the twenty second at ten.', "let's do a dry run the day before at three."], MEETING, ZONE).map((e) => [e.title, e.start_datetime]);
    expect(found).toContainEqual(['Dry run', '2027-03-21T15:00:00+11:00']);
  });
});
