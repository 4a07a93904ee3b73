// Holidays said by name, read as the next such day from the meeting. Sentences written for this
// test; the dates of Easter and the US holidays checked against published calendars.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/text/spoken-dates.ts';
import { events } from '../support/spoken-events.ts';

const on = (meeting: string, sentence: string) => findDates(sentence, dateReference(meeting, 'Europe/London')!).map((d) => d.iso);
const TUESDAY = '2026-12-01T10:00:00Z';

describe('holidays said by name', () => {
  it.each([
    ['the office shuts on christmas eve at noon', '2026-12-24T12:00:00+00:00'],
    ['the bins go out on boxing day', '2026-12-26'],
    ["we're closed on new years day", '2027-01-01'],
    ['can you finish the survey before easter', '2027-03-28'],
    ['the coach trip is on easter monday', '2027-03-29'],
    ['the school shuts on good friday', '2027-03-26'],
    ['we do pancakes on shrove tuesday', '2027-02-09'],
    ['the cousins fly in for thanksgiving', '2027-11-25'],
    ['the pool opens on memorial day', '2027-05-31'],
    ["the fireworks are on bonfire night", '2027-11-05'],
  ])('%j', (sentence, iso) => {
    expect(on(TUESDAY, sentence)).toEqual([iso]);
  });

  it('takes this year’s day while it is still ahead, the meeting’s own day included', () => {
    expect(on('2026-10-01T10:00:00Z', 'the cousins fly in for thanksgiving')).toEqual(['2026-11-26']);
    expect(on('2026-12-25T09:00:00Z', 'we eat at three on christmas day')).toEqual(['2026-12-25T15:00:00+00:00']);
    expect(on('2029-01-10T09:00:00Z', 'the roof gets fixed after easter')).toEqual(['2029-04-01']);
    expect(on('2030-01-10T09:00:00Z', 'the roof gets fixed after easter')).toEqual(['2030-04-21']);
  });

  it('reads no day in a holiday that names a thing', () => {
    expect(on(TUESDAY, 'the christmas cards are in the post')).toEqual([]);
    expect(on(TUESDAY, 'our easter egg hunt was fun')).toEqual([]);
    expect(on(TUESDAY, 'the christmas party is on the eighteenth')).toEqual(['2026-12-18']);
  });

  it('makes an event of a walk on boxing day at eleven, in the morning though the meeting is held at night', () => {
    expect(events(["yes let's do the walk on boxing day at eleven"], '2026-12-01T20:30:00Z', 'Europe/London')).toMatchObject([
      { title: 'Walk', start_datetime: '2026-12-26T11:00:00+00:00' },
    ]);
    expect(events(['the working party is on saturday at eleven'], '2026-12-01T20:30:00Z', 'Europe/London')).toMatchObject([{ start_datetime: '2026-12-05T11:00:00+00:00' }]);
  });
});
