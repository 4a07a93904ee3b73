// A dog booked in at the vet's: lengths of time and days gone by that chrono reads forward, an
// hour said before the day it is on, "let us know" as what is due, and a question about the cost
// answered by the amount said. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';
import { events, lastLineDates, talk } from '../support/spoken-events.ts';

/** Tuesday 1 December 2026, 15:00 in London. */
const MEETING = '2026-12-01T15:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const dates = (line: string) => lastLineDates(reference, line);

describe('no date', () => {
  it('in a length of time', () => {
    expect(dates('the scan takes about half an hour, maybe longer')).toEqual([]);
    expect(dates('half a day should be plenty')).toEqual([]);
    expect(dates("we'll call you in half an hour")).toEqual(['2026-12-01T15:30:00+00:00']);
  });

  it('in a day said after "since"', () => {
    expect(dates('the cat has been off her food since the weekend')).toEqual([]);
    expect(dates("he's been coughing since monday")).toEqual([]);
  });
});

describe('an hour said before the day it is on', () => {
  it('is that day at that hour', () => {
    expect(dates('please confirm by ten tomorrow morning')).toEqual(['2026-12-02T10:00:00+00:00']);
    expect(dates('the surgery is open until eight on friday evening')).toEqual(['2026-12-04T20:00:00+00:00']);
    expect(dates('from nine on saturday the clinic is closed')).toEqual(['2026-12-05T09:00:00+00:00']);
  });

  it('is no hour when something changes by an amount', () => {
    expect(dates('the dose goes up by two on thursday')).toEqual(['2026-12-03']);
  });
});

describe('"let us know" by a time', () => {
  it('is the deadline', () => {
    expect(events(['just let us know by four on thursday'], MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime])).toEqual([['Deadline: let us know', '2026-12-03T16:00:00+00:00']]);
  });
});

describe('a question about the cost', () => {
  const segments = talk('Ana|what does the vaccination involve?', 'Ben|two injections a month apart', 'Ana|and how much is the booster?', 'Ben|thirty two pounds, the first one is free of charge', 'Ana|great');

  it('is answered by the amounts said when no passage says its words', () => {
    expect(answerSources(segments, 'What does it cost?').map((s) => s.text)).toEqual(['thirty two pounds, the first one is free of charge']);
  });

  it('puts the amount first when a passage asks it', () => {
    expect(answerSources(segments, 'How much is the booster?')[0]?.text).toBe('thirty two pounds, the first one is free of charge');
  });
});
