// From a founder's call with an investor typed for a user check (London): "I shared the deck with
// my partners on Monday" (a key date on the coming Monday) and "we'd like a deeper dive with your
// CTO. Could she do Wednesday the ninth at three?" (was no event). Sentences written for these
// tests; the meeting is Tuesday 6 July 2027, 15:00 in Toronto.
import { describe, expect, it } from 'vitest';
import { events, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-07-06T19:00:00Z';
const ZONE = 'America/Toronto';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);

describe('a day told of with a verb in -ed', () => {
  it('is gone by when the verb tells what happened', () => {
    expect(lastLineDates(reference, 'I forwarded the contract to our lawyer on Thursday.')).toEqual([]);
    expect(lastLineDates(reference, 'The bank approved the loan on Friday.')).toEqual([]);
  });

  it('is still to come when the verb arranges a thing for it', () => {
    expect(lastLineDates(reference, 'We scheduled a review on Thursday.')).toEqual(['2027-07-08']);
    expect(lastLineDates(reference, 'I ordered flowers for Saturday.')).toEqual(['2027-07-10']);
  });
});

describe('a thing wanted', () => {
  it('is what a day offered next is for', () => {
    expect(found("We'd love a walkthrough with your finance lead. Could he do Thursday the fifteenth at ten?")).toEqual([
      ['Walkthrough with the finance lead', '2027-07-15T10:00:00-04:00'],
    ]);
  });
});
