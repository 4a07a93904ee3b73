// A condition run into its main clause, a part that goes on with an intention, a time before a
// new clause, and leads that are no part of a task. Sentences written for this test, as an
// unpunctuated recogniser writes them.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems } from '#shared/providers/llm/local/index.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';
import { normaliseSpokenTimes } from '#shared/text/spoken-times.ts';
import { events } from '../support/spoken-events.ts';

/** Thursday 3 December 2026, 12:00 in London. */
const MEETING = '2026-12-03T12:00:00Z';
const titled = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime]);

describe('a condition run into its main clause', () => {
  it('leaves the main clause’s dates proposed', () => {
    expect(titled("if the quote is okay we're planning to sign by the tenth")).toEqual([['Deadline: sign', '2026-12-10T09:00:00+00:00']]);
  });

  it('keeps a date said in the condition unproposed', () => {
    expect(titled("if the parts come on monday we'll fit them")).toEqual([]);
  });
});

describe('a part of a sentence that goes on with an intention', () => {
  it('is an event of its own, named by its words', () => {
    expect(titled("we're aiming to paint by the ninth and move in on the nineteenth")).toEqual([
      ['Deadline: paint', '2026-12-09T09:00:00+00:00'],
      ['Move in', '2026-12-19T09:00:00+00:00'],
    ]);
  });

  it('takes the title before it when it only says when again', () => {
    expect(titled('the call is on monday at ten and again on thursday at ten')).toEqual([
      ['Call', '2026-12-07T10:00:00+00:00'],
      ['Call', '2026-12-10T10:00:00+00:00'],
    ]);
  });
});

describe('a time before a new clause', () => {
  it('is a time', () => {
    expect(normaliseSpokenTimes('the valuation is on friday at eleven the agent has the keys')).toBe('the valuation is on friday at 11 the agent has the keys');
    expect(normaliseSpokenTimes('pick me up at nine we can drive together')).toBe('pick me up at 9 we can drive together');
  });
});

describe('words that lead into a task', () => {
  it('are no part of it', () => {
    const said = [{ speaker: 'Kit', sentence: "you'll also need to sign the mortgage offer", start_time: 0, end_time: 3 }];
    expect(findActionItems(said, dateReference(MEETING)).map((i) => i.task)).toEqual(['sign the mortgage offer']);
  });
});

describe('a date aimed at', () => {
  it('is among the deadlines', () => {
    const said = ['the boiler is old', "we're aiming to get it replaced by the twentieth", 'it makes a noise', 'the plumber visits on monday'].map((sentence, i) => ({ speaker: 'Kit', sentence, start_time: i * 3, end_time: i * 3 + 3 }));
    expect(answerSources(said, 'What are the deadlines?').map((s) => s.segment_index)).toEqual([1]);
  });
});
