// A day said for the end of something started on a day named before ("we could start fitting on
// thursday the eighteenth" … "we should be done by monday at the latest", "we leave on friday the
// nineteenth" … "we're back on sunday"): a weekday or the weekend said without "this" or "next"
// is the first one after the start, not the coming one, since nothing ends before it starts. A
// deadline before a thing ("the party is on saturday the nineteenth" … "finish the slides by
// friday") is not one: nothing there starts.
import { DAY_MS, wallDay, WEEKDAY } from './calendar.ts';
import { dayNumber, type Said } from './dates-said.ts';

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A sentence that says something starts, opens or sets off, which later ends (not "leave it on your desk", "opening the post"). */
export const STARTS = /\b(?:start|starts|starting|begin|begins|beginning|kick(?:s|ing)? off|commenc(?:e|es|ing)|leav(?:e|es|ing)(?!\s+(?:it|them|this|that|a|an|the|your|my|our|his|her|their|me|us|him)\b)|set(?:s|ting)? off|depart(?:s|ing)?|fly out|flying out|open(?:s|ing)(?!\s+(?:it|them|this|that|a|an|the|your|my|our|his|her|their|up)\b))\b/i;
/** A sentence that says something ends, is done or is back, or runs on until a day ("runs through sunday"). */
const ENDS = /\b(?:done|finished|finish|finishes|complete|completed|over|wrapped up|wrap up|ends?|back|home|(?:runs?|running|lasts?|lasting|goes|going|carr(?:y|ies|ying)\s+on)\s+(?:through|thru|until|till|into))\b/i;
/** A weekday or the weekend said bare, "by" or "on" it, with a time or "at the latest" after it or not. */
const BARE_DAY = new RegExp(`^(?:(?:by|on|until|till|for)\\s+)?(?:the\\s+)?(?:${WEEKDAY}|weekend)\\b`, 'i');
/** How many lines back the start may have been said (as many as DatesSaid keeps). */
const START_REACH = 6;

/** `d`, said as `said` in `sentence`, moved a week at a time past the start said before it, when it ends what started then. */
export function afterStart<T extends Day>(d: T, said: string, sentence: string, before: readonly Said[]): T {
  if (!ENDS.test(sentence) || !BARE_DAY.test(said)) return d;
  const start = before.findLast((e) => e.starts && !e.period && (e.ago ?? 0) <= START_REACH);
  if (!start || dayNumber(d) > dayNumber(start.start)) return d;
  let at = Date.UTC(d.year, d.month - 1, d.day);
  while (dayNumber(wallDay(new Date(at))) <= dayNumber(start.start)) at += 7 * DAY_MS;
  return { ...d, ...wallDay(new Date(at)) };
}
