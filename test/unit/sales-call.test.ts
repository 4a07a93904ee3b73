// A sales call: a time agreed to after it was offered with its zone, a question about what someone
// would need, a task said before another thing after a comma and a date, a reply that sends "one",
// and a commitment and a request in one sentence. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';

/** Monday 7 December 2026, 15:00 in London. */
const MEETING = '2026-12-07T15:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.iso]);

describe('a time agreed to', () => {
  it('adds no time of its own after one offered the line before', () => {
    expect(lastLineDates(reference, 'shall we talk again on the fifteenth at three your time, you are in Denver right', 'yes Denver, three works')).toEqual([]);
  });

  it('is a time when none was offered', () => {
    expect(lastLineDates(reference, 'what time suits you on the fifteenth', 'three works for me')).toEqual(['2026-12-15T15:00:00+00:00']);
  });
});

describe('action items of a sales call', () => {
  it('are none for a question about what someone would need', () => {
    expect(items('Dana|and what would you need to sign this quarter', 'Vic|a discount mostly')).toEqual([]);
  });

  it('end a task before a thing said after its date and a comma', () => {
    expect(items('Dana|I can get the contract to you by Friday, the legal review could take longer')).toEqual([['Dana', 'get the contract to you', '2026-12-11']]);
  });

  it('take a reply that sends "one" as the request again', () => {
    expect(items('Dana|can you send me a copy of the invoice', 'Vic|sure, I will send one over tomorrow')).toEqual([['Vic', 'send Dana a copy of the invoice', '2026-12-08']]);
  });

  it('are two for a commitment and a request in one sentence', () => {
    expect(items('Dana|I will ask finance about the discount, can you send me the seat count', 'Vic|yes')).toEqual([
      ['Dana', 'ask finance about the discount', undefined],
      ['Vic', 'send Dana the seat count', undefined],
    ]);
  });
});
