// "only" after a noun in a thing's name ("staff only training", "adults only swim"), said without
// "the": the thing is named (no event was found). Sentences written for these tests; the meeting is
// Monday 18 January 2027, 09:30 in London.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

const found = (...lines: string[]) => events(lines, '2027-01-18T09:30:00Z', 'Europe/London').map((e) => [e.title, e.start_datetime]);

describe('"only" in a thing named without "the"', () => {
  it('is part of its name', () => {
    expect(found('Staff only training is on Wednesday at four.')).toEqual([['Staff only training', '2027-01-20T16:00:00+00:00']]);
    expect(found('adults only swim is on saturday at six')).toEqual([['Adults only swim', '2027-01-23T18:00:00+00:00']]);
  });
});
