// Holidays said by name ("christmas eve", "boxing day", "new year's day", "good friday",
// "thanksgiving"), which chrono does not read: the next one from the meeting, the meeting's own day
// included. A bare "christmas" or "easter" is a day only after a word that leads into a date ("by
// christmas", "over easter"): "the christmas cards" names a thing.
import type * as chrono from 'chrono-node/en';
import { nextYearOf, nthWeekday, wallClock, wallDay } from './calendar.ts';

type Day = { month: number; day: number };
type DayOf = (year: number) => Day;

const fixed =
  (month: number, day: number): DayOf =>
  () => ({ month, day });

/** Easter Sunday of a Gregorian year (the anonymous computus), and days from it. */
function easter(year: number, offset = 0): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((8 * b + 13) / 25) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  const date = new Date(Date.UTC(year, month - 1, day + offset));
  return { month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const S = "(?:'s|s|s')?";
/** Each holiday's words (a regular-expression source) and its day in a given year; longer names first. */
const HOLIDAYS: ReadonlyArray<[string, DayOf]> = [
  ['christmas eve', fixed(12, 24)],
  ['christmas day', fixed(12, 25)],
  ['boxing day', fixed(12, 26)],
  [`new year${S} eve`, fixed(12, 31)],
  [`new year${S} day`, fixed(1, 1)],
  ['hallowe.?en', fixed(10, 31)],
  [`valentine${S} day`, fixed(2, 14)],
  [`(?:st|saint) patrick${S} day`, fixed(3, 17)],
  ['bonfire night|guy fawkes night', fixed(11, 5)],
  ['good friday', (y) => easter(y, -2)],
  ['easter (?:sunday|day)', (y) => easter(y)],
  ['easter monday', (y) => easter(y, 1)],
  ['shrove tuesday|pancake day', (y) => easter(y, -47)],
  ['thanksgiving(?: day)?', (y) => nthWeekday(y, 11, 4, 4)],
  ['labou?r day', (y) => nthWeekday(y, 9, 1, 1)],
  ['memorial day', (y) => nthWeekday(y, 5, 1, -1)],
];
/** Said alone, a day only after a word that leads into a date. */
const AFTER_LEAD: ReadonlyArray<[string, DayOf]> = [
  ['christmas', fixed(12, 25)],
  ['easter', (y) => easter(y)],
];
const LEAD = '(?<=\\b(?:by|before|after|until|till|at|over|for|on|since|around|from|to|during)\\s+)';
const names = (list: ReadonlyArray<[string, DayOf]>) => list.map(([words]) => `(${words})`).join('|');
const PATTERN = new RegExp(`\\b(?:${names(HOLIDAYS)}|${LEAD}(?:${names(AFTER_LEAD)})(?!\\s+(?:eve|day|sunday|monday)\\b))(?![\\w'])`, 'i');
const ALL = [...HOLIDAYS, ...AFTER_LEAD];

const holidayParser: chrono.Parser = {
  pattern: () => PATTERN,
  extract(context, match) {
    const which = match.slice(1).findIndex((group) => group !== undefined);
    const dayOf = ALL[which]?.[1];
    if (!dayOf) return null;
    const today = wallDay(wallClock(context.reference));
    const thisYear = dayOf(today.year);
    const year = nextYearOf(thisYear.month, thisYear.day, today);
    const { month, day } = year === today.year ? thisYear : dayOf(year);
    return context.createParsingComponents({ year, month, day });
  },
};

/** chrono's reader with holidays said by name. */
export function withHolidays(reader: chrono.Chrono): chrono.Chrono {
  const extended = reader.clone();
  extended.parsers.push(holidayParser);
  return extended;
}
