// The end of the working day said as a time something is due. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems, findDates } from '#shared/providers/llm/local/index.ts';

const wednesday = dateReference('2026-12-02T09:30:00Z', 'Europe/Berlin')!;
const iso = (sentence: string) => findDates(sentence, wednesday).map((d) => d.iso);

describe('the end of the day', () => {
  it.each([
    ['send me the slides by end of day', '2026-12-02T17:00:00+01:00'],
    ['the quote has to be in by close of business', '2026-12-02T17:00:00+01:00'],
    ['i need the numbers eod tomorrow', '2026-12-03T17:00:00+01:00'],
    ['can you approve it before the end of the day', '2026-12-02T17:00:00+01:00'],
  ])('%j is 17:00 that day', (sentence, when) => {
    expect(iso(sentence)).toEqual([when]);
  });

  it('is no time in "at the end of the day", which says "after all"', () => {
    expect(iso("at the end of the day it's the client's choice")).toEqual([]);
  });

  it('is when a task is due', () => {
    const items = findActionItems([{ speaker: 'Ana', sentence: "i'll push the hotfix by end of day", start_time: 0, end_time: 4 }], wednesday);
    expect(items.map((i) => [i.task, i.due?.label])).toEqual([['push the hotfix', 'Wed 2 Dec 2026 17:00']]);
  });
});
