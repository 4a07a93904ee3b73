// Small calendar pieces the spoken-date readers share: the meeting's wall clock (a Date whose UTC
// fields read the zone's local date and time), the month names and the weekday names as a regular-expression source.
import type * as chrono from 'chrono-node/en';

/** "january" … "december". */
export const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "sunday" … "saturday", by their number (0 = Sunday). */
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A day in milliseconds. */
export const DAY_MS = 86_400_000;
/** The hour of noon, from which an hour is the afternoon's. */
export const NOON = 12;

/** Small counts said in words ("a week", "two days"). */
export const SMALL_COUNTS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** "monday" … "sunday", as a regular-expression source. */
export const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
/** An hour of the clock in words: "ten". */
export const CLOCK_HOUR_WORD = '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
/** An hour of the clock in words or digits: "ten", "10". */
export const CLOCK_HOUR = `(?:\\d{1,2}|${CLOCK_HOUR_WORD})`;
/** A verb that moves a thing in time ("move", "pushed", "rescheduling", "brought"), as a regular-expression source. */
export const MOVE_VERB = String.raw`(?:move[ds]?|moving|push(?:ed|es|ing)?|shift(?:ed|s|ing)?|reschedul(?:e|ed|es|ing)|postpon(?:e|ed|es|ing)|delay(?:ed|s|ing)?|bring(?:ing)?|brought)`;

/** The wall clock of a chrono parse's reference instant, in its zone. */
export function wallClock(reference: chrono.ReferenceWithTimezone): Date {
  return new Date(reference.instant.getTime() + reference.getTimezoneOffset() * 60_000);
}

/** The number of days in a month (1-based). */
export function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The year of the next `month`/`day` from `today`, this year's while it is still to come (today included). */
export function nextYearOf(month: number, day: number, today: { year: number; month: number; day: number }): number {
  return month * 100 + day >= today.month * 100 + today.day ? today.year : today.year + 1;
}

/** The calendar day a wall clock reads. */
export function wallDay(wall: Date): { year: number; month: number; day: number } {
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The `nth` (1-based; -1 the last) `weekday` (0 = Sunday) of a month: its month and day. */
export function nthWeekday(year: number, month: number, weekday: number, nth: number): { month: number; day: number } {
  if (nth < 0) {
    const last = new Date(Date.UTC(year, month, 0));
    return { month, day: last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7) };
  }
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return { month, day: 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7 };
}

/** The wall date of a day named from `wall`: "today", "tomorrow", or the coming weekday (today's included). */
export function comingDay(wall: Date, named: string): Date {
  const word = named.toLowerCase();
  if (word === 'today') return wall;
  const ahead = word === 'tomorrow' ? 1 : (WEEKDAY_NAMES.indexOf(word) - wall.getUTCDay() + 7) % 7;
  return new Date(wall.getTime() + ahead * DAY_MS);
}

/**
 * A month named without its year, said in that month ("the audit is in april", on 13 April): this
 * one, which chrono reads forward as next year's because its 1st has gone by. "Next april" is next year's.
 */
export function monthUnderway<T extends { year: number; month: number }>(month: T, wall: Date, said: { text: string; before: string }, yearSaid: boolean): T {
  const now = wallDay(wall);
  const named = said.text.split(/[^a-z]+/i).some((w) => MONTH_NAMES.includes(w.toLowerCase()));
  const ahead = /\b(?:next|following|coming)\b/i.test(said.text) || /\b(?:next|following|coming)\s+$/i.test(said.before);
  return named && !ahead && !yearSaid && month.year === now.year + 1 && month.month === now.month ? { ...month, year: now.year } : month;
}
