// A visit booked on a call: "between eight and one" as a span of times, the end of a span on the
// start's day or the night after it, a thing someone booked for a day, and an offer ("an engineer
// can visit …") that names no thing. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems, findDates } from '#shared/providers/llm/local/index.ts';
import { events } from '../support/spoken-events.ts';

/** Monday 14 December 2026, 15:00 in London. */
const MEETING = '2026-12-14T15:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const span = (sentence: string) => findDates(sentence, reference).map((d) => [d.start, d.end].map((p) => p && `${p.day} ${p.hour}:${p.minute}`));
const timed = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('a span of times', () => {
  it('is read from "between … and …"', () => {
    expect(span('the plumber comes on wednesday between eight and twelve')).toEqual([['16 8:0', '16 12:0']]);
    expect(span('between two and three people turned up')).toEqual([]);
  });

  it('ends on the day of its start when said without one', () => {
    expect(span('thursday suits us, from two to five')).toEqual([['17 undefined:undefined', undefined], ['17 14:0', '17 17:0']]);
  });

  it('ends in the night after it when that comes first', () => {
    expect(span('the party on saturday runs from nine till one')).toEqual([['19 undefined:undefined', undefined], ['19 21:0', '20 1:0']]);
    expect(span('on saturday from 11pm to 3am')).toEqual([['19 23:0', '20 3:0']]);
  });
});

describe('a thing someone booked for a day', () => {
  it('is named by the thing', () => {
    expect(timed("great, i've booked the boiler service for tuesday the twenty second, between nine and twelve")).toEqual([
      ['Boiler service', '2026-12-22T09:00:00+00:00', '2026-12-22T12:00:00+00:00'],
    ]);
    expect(timed('we have scheduled the window fitting for the fourth of january')).toEqual([['Window fitting', '2027-01-04T09:00:00+00:00', '2027-01-04T10:00:00+00:00']]);
  });
});

describe('an offer of a visit', () => {
  it('names nothing of the words before "can"', () => {
    expect(timed('a fitter can come on thursday between eight and one').map(([title]) => title)).not.toContain('Fitter can');
  });
});

describe('a request after a condition, unpunctuated', () => {
  it('is due when it says, and a deadline', () => {
    const sentence = 'if it all continues after the visit please call us back by the eighteenth so we can escalate';
    expect(findActionItems([{ speaker: 'Agent', sentence, start_time: 0, end_time: 5 }, { speaker: 'Ann', sentence: 'okay', start_time: 6, end_time: 7 }], reference).map((i) => [i.owner, i.task, i.due?.label])).toEqual([
      ['Ann', 'call us back so we can escalate', 'Fri 18 Dec 2026'],
    ]);
    expect(timed(sentence).map(([title, start]) => [title, start])).toEqual([['Deadline: call us back so we can escalate', '2026-12-18T09:00:00+00:00']]);
  });

  it('leaves a condition with its own date as it is', () => {
    expect(timed('if the parts come on monday please let me know')).toEqual([]);
  });
});
