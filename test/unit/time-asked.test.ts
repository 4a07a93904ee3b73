// "what time is the table read tomorrow?" … "Half ten.": the thing whose time is asked is named,
// and a time said alone in answer is its time (a known gap: a bare "Seven." was no time, and "what
// time is …" named nothing). Sentences written for these tests; the meeting is Monday 18 January
// 2027, 09:30 in London.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

const found = (...lines: string[]) => events(lines, '2027-01-18T09:30:00Z', 'Europe/London').map((e) => [e.title, e.start_datetime]);

describe('a "what time" question and its answer', () => {
  it('names the thing asked of, at the time said alone in answer', () => {
    expect(found("what time's the table read tomorrow?", 'Half ten.')).toEqual([['Table read', '2027-01-19T10:30:00+00:00']]);
    expect(found('What time is the dress fitting on Friday?', 'Eleven.')).toEqual([['Dress fitting', '2027-01-22T11:00:00+00:00']]);
    expect(found('what time is the soundcheck on saturday?', 'at four')).toEqual([['Soundcheck', '2027-01-23T16:00:00+00:00']]);
  });

  it('reads no count as a time, and asks nothing of "it"', () => {
    expect(found('how many are coming on friday?', 'Seven.')).toEqual([]);
    expect(found('what time is it?', 'half ten')).toEqual([]);
  });
});
