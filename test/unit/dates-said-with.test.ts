// Days said with a weekday that does not fit the month at hand, a time said for a day named by
// what happens on it, a day said with a purpose after it, days listed as what a task covers, and
// the titles of deadlines said in longer sentences. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems, findDates } from '#shared/providers/llm/local/index.ts';
import type { Segment } from '#shared/providers/types.ts';
import { events } from '../support/spoken-events.ts';

/** Thursday 3 December 2026, 15:00 in London. */
const MEETING = '2026-12-03T15:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const days = (sentence: string) => findDates(sentence, reference).map((d) => d.iso);
const say = (sentence: string): Segment[] => [{ speaker: 'Ivo', sentence, start_time: 0, end_time: 4 }];

describe('a weekday said with a day of the month', () => {
  it('is the next month in which that day falls on that weekday', () => {
    expect(days('can we meet on monday the fourth at two')).toEqual(['2027-01-04T14:00:00+00:00']);
    expect(days('the stall is on saturday the thirteenth')).toEqual(['2027-02-13']);
  });

  it('is this month when the day falls on it', () => {
    expect(days('the stall is on friday the eleventh')).toEqual(['2026-12-11']);
  });
});

describe('a time said for a day named by what happens on it', () => {
  it('is no date, since no date says which day', () => {
    expect(days('the newsletter goes out on launch day at ten a m')).toEqual([]);
    expect(days('doors open at seven on match day')).toEqual([]);
  });
});

describe('a day of the month said after "is"', () => {
  it('is a day where a day can end', () => {
    expect(days('the closing date is the fourteenth')).toEqual(['2026-12-14']);
    expect(days('he is the third in line')).toEqual([]);
  });

  it('makes a deadline titled by what it is for, and by nothing more when nothing says it', () => {
    expect(events(['the final deadline for entries is the tenth'], MEETING).map((e) => e.title)).toEqual(['Deadline: entries']);
    expect(events(['our deadline is the tenth'], MEETING).map((e) => e.title)).toEqual(['Deadline']);
  });
});

describe('a day said with a purpose after it', () => {
  it('is a day', () => {
    expect(days("i'll post it on the seventh to be safe")).toEqual(['2026-12-07']);
  });
});

describe('days listed as what a task covers', () => {
  it('stay in the task', () => {
    expect(findActionItems(say("and i'll cover monday and tuesday"), reference).map((i) => [i.task, i.due?.label])).toEqual([['cover monday and tuesday', 'Mon 7 Dec 2026']]);
  });
});

describe('the title of a deadline said in a longer sentence', () => {
  it('is the thing said to be due, or the last clause a subject opens', () => {
    expect(events(['the printers are busy but the final proofs are due on the ninth'], MEETING).map((e) => e.title)).toEqual(['Deadline: final proofs']);
    expect(events(['the form is with hr at the moment they promised an answer by friday'], MEETING).map((e) => e.title)).toEqual(['Deadline: they promised an answer']);
  });
});

describe('two days of the month said as a span', () => {
  it('runs from the first to the last, into the next month when the last is the smaller', () => {
    const span = (sentence: string) => findDates(sentence, reference).map((d) => [d.iso, d.end && `${d.end.year}-${d.end.month}-${d.end.day}`]);
    expect(span("i'm off from the twenty first to the fourth")).toEqual([['2026-12-21', '2027-1-4']]);
    expect(span('the hall is ours between the eighth and the tenth of january')).toEqual([['2027-01-08', '2027-1-10']]);
  });

  it('is shown as a span in the key dates, and a task said with it is due on its first day', async () => {
    const { localLanguageModel } = await import('#shared/providers/llm/local/index.ts');
    const segments = [{ speaker: 'Ivo', sentence: "i'm away from the twenty first to the fourth so i'll file the report before i go", start_time: 0, end_time: 5 }];
    const { markdown } = await localLanguageModel().summarize({ segments, prompt: 'Summarise.', context: { title: 'x', meetingDate: MEETING, timeZone: 'Europe/London' } });
    expect(markdown).toContain('**Mon 21 Dec 2026 – Mon 4 Jan 2027**');
    expect(markdown).toContain('file the report before i go (due Mon 21 Dec 2026)');
  });
});
