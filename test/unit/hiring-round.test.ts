// A hiring round planned: a day "pencilled in" or said after "be", a day set for the thing talked
// about just before, a request and the speaker's own plan in one sentence, "it" as the thing said
// before it in the line, a thing said after a comma that ends a task, and what a thing needs by a
// day. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/providers/llm/local/index.ts';
import { events, itemsOfTalk } from '../support/spoken-events.ts';

/** Wednesday 9 December 2026, 15:00 in London. */
const MEETING = '2026-12-09T15:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const timed = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime]);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.iso]);

describe('a day of the month', () => {
  it('is read after "pencil in", "book in" and "be"', () => {
    expect(findDates("let's pencil in the twenty first at three", reference).map((d) => d.iso)).toEqual(['2026-12-21T15:00:00+00:00']);
    expect(findDates('can we book him in the eighteenth at ten', reference).map((d) => d.iso)).toEqual(['2026-12-18T10:00:00+00:00']);
    expect(findDates('the soonest would be the sixteenth', reference).map((d) => d.iso)).toEqual(['2026-12-16']);
  });
});

describe('a day set with nothing named', () => {
  it('is for the thing talked about just before', () => {
    expect(timed("let's invite her back for a second interview with the founders", 'great', "let's pencil in the twenty first at three and I'll let her know")).toEqual([
      ['Second interview with the founders', '2026-12-21T15:00:00+00:00'],
    ]);
  });

  it('is a meeting when it says so, or when nothing was talked about', () => {
    expect(timed('thanks all for a great session', 'the next meeting is on the twenty first at three').map(([title]) => title)).toEqual(['Meeting']);
    expect(timed("let's pencil in the twenty first at three and I'll send the invite").map(([title]) => title)).toEqual(['Meeting']);
  });
});

describe('a request and the speaker’s own plan in one sentence', () => {
  it('are two tasks and two events', () => {
    const said = ['Nia|could you proofread the brochure by friday, then I will print it on monday', 'Tom|sure'];
    expect(items(...said)).toEqual([
      ['Tom', 'proofread the brochure', '2026-12-11'],
      ['Nia', 'print the brochure', '2026-12-14'],
    ]);
    expect(timed(said[0]!.split('|')[1]!)).toEqual([
      ['Deadline: proofread the brochure', '2026-12-11T09:00:00+00:00'],
      ['Print the brochure', '2026-12-14T09:00:00+00:00'],
    ]);
  });

  it('stay one task when the speaker only says how ("…, i will …" after a commitment)', () => {
    expect(items('Nia|I can book the minibus, I will do it first thing friday')).toHaveLength(1);
  });
});

describe('a task', () => {
  it('ends before a thing said after a comma', () => {
    expect(items('Nia|we also need to update the careers page, the salary band is out of date')).toEqual([['Nia', 'update the careers page', undefined]]);
  });

  it('keeps "sort it out" as said, and writes "print it" with the thing', () => {
    expect(items('Nia|the brochure is late, I will sort it out tonight').map(([, task]) => task)).toEqual(['sort it out']);
    expect(items('Nia|the brochure is late, I will print it tonight').map(([, task]) => task)).toEqual(['print the brochure']);
  });
});

describe('what a thing needs by a day', () => {
  it('is the deadline, the thing kept', () => {
    expect(timed('and the contract for the new designer needs a signature from legal by the eighteenth').map(([title]) => title)).toEqual([
      'Deadline: contract for the new designer needs a signature from legal',
    ]);
  });
});
