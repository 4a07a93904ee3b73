// Days counted rather than named: a weekday counted within a month ("the last friday in april"),
// a weekday counted from a day said before ("the saturday before"), a time said with what
// follows it ("at seven before the doors open"), and a line of times answered after a question
// about the day. Sentences written for this test; the dates checked against a printed calendar.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems } from '#shared/providers/llm/local/index.ts';
import { findDates } from '#shared/text/spoken-dates.ts';
import type { Segment } from '#shared/providers/types.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Wednesday 9 December 2026, 18:00 in London. */
const MEETING = '2026-12-09T18:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const on = (sentence: string) => findDates(sentence, reference).map((d) => d.iso);
const titled = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime, e.location]);

/** The dates of the last line, read after the lines before it. */
const lastLine = (...lines: string[]) => lastLineDates(reference, ...lines);

describe('a weekday counted within a month', () => {
  it.each([
    ['the allotment open day is the last sunday in june', '2027-06-27'],
    ['book club meets the first thursday of next month', '2027-01-07'],
    ['the choir sings on the third saturday of the month', '2026-12-19'],
    ['we hand over the keys on the third monday in february', '2027-02-15'],
    ['the fair is on the fourth friday of january at noon', '2027-01-22T12:00:00+00:00'],
  ])('%j', (sentence, iso) => {
    expect(on(sentence)).toEqual([iso]);
  });

  it('is next year’s when this year’s has gone by, and "last" before it is no day gone by', () => {
    expect(on('the quiz league ends on the first tuesday of december')).toEqual(['2027-12-07']);
    expect(on('the last wednesday in december suits me')).toEqual(['2026-12-30']);
    expect(on('we met last wednesday')).toEqual([]);
  });

  it('makes an event of a thing said to be then', () => {
    expect(titled('the allotment open day is the last sunday in june from ten')).toEqual([['Allotment open day', '2027-06-27T10:00:00+01:00', '']]);
  });
});

describe('a weekday counted from a day said before', () => {
  it('is the last such weekday before it, or the first after', () => {
    expect(lastLine('the craft fair is on the twentieth of january', 'shall we set up the stalls the tuesday before?')).toEqual(['2027-01-19']);
    expect(lastLine('the audit lands on friday the fifteenth of january', 'we could tidy the files the monday after that')).toEqual(['2027-01-18']);
    expect(lastLine('the exams start on the eighth of february', 'revision club the thursday before, then')).toEqual(['2027-02-04']);
  });

  it('names no day when no day was said to count from', () => {
    expect(lastLine('we should tidy the files', 'maybe the monday after?')).toEqual([]);
  });

  it('leaves a weekday before a thing of its own as the coming one', () => {
    expect(lastLine('the audit lands on friday the fifteenth of january', 'i can do the saturday before the match')).toEqual(['2026-12-12']);
  });
});

describe('a time said before what follows it', () => {
  it.each([
    ['the tasting is on friday at seven before the doors open', '2026-12-11T19:00:00+00:00'],
    ['we set up on saturday at ten until the caterers arrive', '2026-12-12T10:00:00+00:00'],
    ['the stall opens on sunday at ten onwards', '2026-12-13T10:00:00+00:00'],
  ])('%j', (sentence, iso) => {
    expect(on(sentence)[0]).toBe(iso);
  });
});

describe('a line of times after a question about the day', () => {
  it('is that day’s, with its place', () => {
    expect(titled('the board dinner has moved to the twenty second of january', 'is it black tie?', 'no, at the grand hotel, eight o clock')).toEqual([
      ['Board dinner', '2027-01-22T20:00:00+00:00', 'Grand hotel'],
    ]);
  });

  it('is not that day’s three lines on', () => {
    expect(lastLine('the board dinner has moved to the twenty second of january', 'is it black tie?', 'and who is driving?', 'at eleven then')).not.toContain('2027-01-22T11:00:00+00:00');
  });
});

describe('the group’s timetable', () => {
  const items = (sentence: string) =>
    findActionItems([{ speaker: 'Ines', sentence, start_time: 0, end_time: 4 } as Segment], reference).map((i) => [i.owner, i.task]);

  it('is no one’s task', () => {
    expect(items("we'll start at ten and finish around four")).toEqual([]);
    expect(items("right we'll meet outside at half six")).toEqual([]);
  });

  it('leaves what the group will do as a task', () => {
    expect(items("we'll start the stock count at ten")).toEqual([['Ines', 'start the stock count']]);
  });
});
