// From a tutor's call with a student and a nurse's call about a discharge, typed for a user check
// (Denver): "should I do the past papers before then?" … "yes, do the 2024 and 2025 papers by next
// Friday" and "do I need to do anything before then?" … "just keep the dressing dry" gave the one
// who asked no task. Sentences written for these tests; the meeting is Monday 8 March 2027, 10:00
// in Chicago.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/text/spoken-dates.ts';
import { itemsOfTalk } from '../support/spoken-events.ts';

const reference = dateReference('2027-03-08T16:00:00Z', 'America/Chicago')!;
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.iso]);

describe('an order that answers "should I …?"', () => {
  it('is the task of the one who asked', () => {
    expect(items('Lena|Should I book the venue this week?', 'Carl|Yes, book the small hall by Thursday.')).toEqual([['Lena', 'book the small hall', '2027-03-11']]);
    expect(items('Lena|Do I need to bring anything on the day?', 'Carl|Just bring your ID.')).toEqual([['Lena', 'bring your ID', undefined]]);
  });

  it('reads "do" before a thing as the verb', () => {
    expect(items('Lena|Shall I tidy up the notes first?', 'Carl|Yes, do the summary by Friday.')).toEqual([['Lena', 'do the summary', '2027-03-12']]);
  });

  it('gives no task when nothing was asked', () => {
    expect(items('Lena|I read the notes yesterday.', 'Carl|Yes, do the summary by Friday.')).toEqual([]);
  });
});
