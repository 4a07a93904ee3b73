// A run of times said without commas ("load in is at five soundcheck at six doors at seven
// thirty"), and a "when" question of stop words alone ("When are we on?"). Sentences written
// for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/providers/llm/local/index.ts';
import type { Segment } from '#shared/providers/types.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';
import { events } from '../support/spoken-events.ts';

/** Wednesday 9 December 2026, 19:30 in London. */
const MEETING = '2026-12-09T19:30:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;

describe('a run of times said without commas', () => {
  it('reads each hour', () => {
    expect(findDates('on saturday the setup is at eight breakfast at nine talks at ten', reference).map((d) => d.iso)).toEqual([
      '2026-12-12',
      '2026-12-12T08:00:00+00:00',
      '2026-12-12T09:00:00+00:00',
      '2026-12-12T10:00:00+00:00',
    ]);
  });

  it('makes the first of them the start of the day’s event', () => {
    expect(events(['the fete is on saturday the twelfth', 'gates at ten stalls at eleven judging at two'], MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime])).toEqual([
      ['Fete', '2026-12-12T10:00:00+00:00'],
    ]);
  });

  it('reads no time in a number before a noun that no time follows', () => {
    expect(findDates('we work at two sites at once', reference)).toEqual([]);
  });
});

describe('a "when" question of stop words alone', () => {
  const said: Segment[] = [
    'the show is on friday the eighteenth',
    'what time are we on',
    'doors open at seven and we are on at half eight',
    "and we're off by eleven",
  ].map((sentence, i) => ({ speaker: i % 2 ? 'Ama' : 'Joe', sentence, start_time: i * 6, end_time: i * 6 + 5 }));

  it('finds the passages that name a time and say its words', () => {
    expect(answerSources(said, 'When are we on?').map((s) => s.segment_index)).toEqual([2]);
    expect(answerSources(said, 'When are we off?').map((s) => s.segment_index)).toEqual([3]);
  });

  it('finds nothing when nothing says its words with a time', () => {
    expect(answerSources(said, 'When are they on?')).toEqual([]);
  });
});

describe('a passage that asks what the question asks', () => {
  const said: Segment[] = [
    'who is sorting the raffle prizes',
    'no idea yet',
    'bea said she would sort the raffle prizes on monday',
  ].map((sentence, i) => ({ speaker: i % 2 ? 'Ama' : 'Joe', sentence, start_time: i * 6, end_time: i * 6 + 5 }));

  it('comes after the one that answers it', () => {
    expect(answerSources(said, 'Who is sorting the raffle prizes?').map((s) => s.segment_index)).toEqual([2, 0]);
  });
});
