// A car booked in at a garage: days offered to choose from, a drop-off time said with "by" and
// its minutes, a deadline's title without the clause said after it, a reply that does the deed
// asked for with another verb, and an abbreviation the recogniser spells out letter by letter.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';
import { events, itemsOfTalk, lastLineDates, talk } from '../support/spoken-events.ts';

/** Tuesday 1 December 2026, 10:00 in London. */
const MEETING = '2026-12-01T10:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const timed = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime]);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task]);

describe('days offered to choose from', () => {
  const offer = ['when is the next free appointment?', 'we have tuesday afternoon or wednesday morning'];

  it('are the one chosen after them', () => {
    expect(timed(...offer, 'wednesday morning suits me')).toEqual([['Next free appointment', '2026-12-02T09:00:00+00:00']]);
  });

  it('are none when no one chooses', () => {
    expect(timed(...offer, 'let me check with my partner')).toEqual([]);
  });

  it('leave days said with "and" as they are', () => {
    expect(timed('the fitting is on monday and again on thursday')).toHaveLength(2);
  });
});

describe('a time said with "by" and its minutes', () => {
  const day = 'the boiler service is on friday';

  it('is a time where one can end', () => {
    expect(lastLineDates(reference, day, 'leave the key out by seven forty five and the engineer lets himself in')).toEqual(['2026-12-04T07:45:00+00:00']);
    expect(lastLineDates(reference, day, 'the water stays off until three fifteen, then you can run it')).toEqual(['2026-12-04T15:15:00+00:00']);
  });

  it('is no time when something changes by an amount', () => {
    expect(lastLineDates(reference, day, 'the part went up by two fifty')).toEqual([]);
  });
});

describe('a deadline', () => {
  it('is titled without the clause said after its date', () => {
    expect(timed('just drop the keys off by eight thirty on friday and it should be ready around four')).toEqual([['Deadline: drop the keys off', '2026-12-04T08:30:00+00:00']]);
  });
});

describe('a reply to a request', () => {
  it('doing the deed asked for with another verb is the same task', () => {
    expect(items('Ana|could you phone me when the parts arrive', "Ben|of course, i'll ring you straight away")).toEqual([['Ben', 'phone Ana when the parts arrive']]);
  });
});

describe('an abbreviation spelled out by the recogniser', () => {
  it('is found by the abbreviation a question writes', () => {
    const segments = talk('Ana|the car is booked in for its m o t on friday', 'Ben|and the p a t test for the kettle is next month', 'Ana|great, thanks');
    expect(answerSources(segments, 'When is the MOT?')[0]?.text).toBe('the car is booked in for its m o t on friday');
    expect(answerSources(segments, 'Which PAT test is due?')[0]?.text).toBe('and the p a t test for the kettle is next month');
  });
});
