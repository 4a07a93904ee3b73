// The end of a span of times ("from one to six", "from nine till one", "on saturday from 10pm to
// 2am"): the first such time after the start. Said without its day it is the start's day, or the
// next day's when it is earlier in the day; an hour read as the afternoon's is the night's when
// that comes first ("the party runs from nine till one": 01:00, not 13:00). A start read as the
// evening's only because the meeting is held then ("on saturday from nine to three", said at
// 21:00), or as the afternoon's as a bare hour from one to six is ("from six until noon"), is the
// morning's when the span would otherwise run past midnight: 09:00–15:00, 06:00–12:00.
import { MOVE_VERB, NOON, wallDay } from './calendar.ts';
import { dayNumber } from './dates-said.ts';

interface Clock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour?: number;
  readonly minute?: number;
}

const DAY_MINUTES = 1440;
/** Minutes into the day of a time. */
export const minuteOf = (d: Clock): number => (d.hour ?? 0) * 60 + (d.minute ?? 0);

/** The end as said, moved to the first time after the start it can be. */
export function sameDayEnd<T extends Clock>(start: Clock, end: T, said: { day: boolean; meridiem: boolean; evening?: boolean }): T {
  if (start.hour === undefined || end.hour === undefined) return end;
  const nextDay = wallDay(new Date(Date.UTC(start.year, start.month - 1, start.day + 1)));
  const from = minuteOf(start);
  const later = minuteOf(end) > from;
  const afterStart = dayNumber(end) > dayNumber(start) || (dayNumber(end) === dayNumber(start) && later);
  if (said.day && afterStart) return dayNumber(end) === dayNumber(nextDay) && later ? { ...end, year: start.year, month: start.month, day: start.day } : end;
  // Without am or pm, the end's other reading; the afternoon's too after a start from one to five read as the afternoon's
  // ("from three to seven" → 15:00–19:00, not 03:00–07:00; "from six until eleven" stays 06:00–11:00), or after one said
  // to be the evening's ("the party is on friday from seven till ten" → 22:00, not 10:00 the next day).
  const afternoon = (from >= (NOON + 1) * 60 && from < (NOON + 6) * 60) || (!!said.evening && from >= (NOON + 6) * 60);
  const other = end.hour > NOON ? end.hour - NOON : afternoon && end.hour >= 1 && end.hour < NOON ? end.hour + NOON : undefined;
  const hours = !said.meridiem && other !== undefined ? [end.hour, other] : [end.hour];
  const after = (hour: number) => (hour * 60 + (end.minute ?? 0) - from + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
  const hour = hours.reduce((best, h) => (after(h) < after(best) ? h : best));
  return { ...end, hour, ...(hour * 60 + (end.minute ?? 0) > from ? { year: start.year, month: start.month, day: start.day } : nextDay) };
}

/** "push the review from tuesday to thursday": a move from one day to another, not a span. */
const MOVED_FROM = new RegExp(String.raw`\b(?:${MOVE_VERB}|switch(?:ed|es|ing)?|chang(?:e|ed|es|ing))\b(?:\s+[\p{L}'-]+){0,5}\s+from\s+$`, 'iu');

/** Whether the span said after `before` is a move to its end day. */
export const movedBetween = (before: string): boolean => MOVED_FROM.test(before);

/**
 * Of a start read as the afternoon's or the evening's (13:00–21:00), the morning's reading, when the
 * span from the later one would end on the next day and from the morning's on the same ("the pump
 * is booked from six until noon" → 06:00–12:00, not 18:00 to noon the next day).
 */
export function dayNotNight<T extends Clock>(start: T, end: Clock, said: { day: boolean; meridiem: boolean }): T {
  if (start.hour === undefined || start.hour < NOON + 1 || start.hour > NOON + 9) return start;
  const morning = { ...start, hour: start.hour - NOON };
  const crosses = (from: Clock) => dayNumber(sameDayEnd(from, end, said)) > dayNumber(from);
  return crosses(start) && !crosses(morning) ? morning : start;
}

