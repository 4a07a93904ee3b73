// Action items from a ninth meeting typed for a user check (a teacher and a parent): a clause with
// a new subject and "might", "could" or "would" after a comma is no part of the task, "in" before
// "tonight" or "tomorrow" is the verb's, and a task that says its own when ("after easter") takes
// no date from the clause before it. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { itemsOfTalk } from '../support/spoken-events.ts';

/** Thursday 11 March 2027, 15:40 in London. */
const reference = dateReference('2027-03-11T15:40:00Z', 'Europe/London')!;
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.label ?? '']);

describe('a task', () => {
  it('ends before a new subject that says what might be', () => {
    expect(items('Ana|I can ask my sister, she might be able to help.')).toEqual([['Ana', 'ask my sister', '']]);
    expect(items("Ben|I'll ring the garage, they may have one in stock.")).toEqual([['Ben', 'ring the garage', '']]);
  });

  it('keeps the "in" of its verb before tonight or tomorrow', () => {
    expect(items("Ben|I'll fill the survey in tonight.")).toEqual([['Ben', 'fill the survey in', 'Thu 11 Mar 2027']]);
    expect(items("Ana|I'll hand the keys in tomorrow.")).toEqual([['Ana', 'hand the keys in', 'Fri 12 Mar 2027']]);
  });

  it('that says its own when takes no date from the clause before', () => {
    expect(items("Ana|the open evening is in june, i'll send the invitations out after easter")).toEqual([['Ana', 'send the invitations out after easter', '']]);
    expect(items("Ben|the party is on friday, i'll bring a cake")).toEqual([['Ben', 'bring a cake', 'Fri 12 Mar 2027']]);
  });
});
