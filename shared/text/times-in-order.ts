// Times of one line read together: a time said after one of the afternoon or evening on the same
// day is later than it ("load in from six, sound check at seven"), an hour said again for the day
// offered with it is as offered ("friday at six am" … "friday at six"), a span on a day whose
// evening was said is the evening's ("thursday evening" … "thursday works, from seven till ten"),
// and a time agreed to right after it was offered is no new time ("two works"), though a day
// agreed to is ("thursday works").
import type * as chrono from 'chrono-node/en';
import { dayNumber, weekdayOf, type Day, type Said } from './dates-said.ts';
import { minuteOf } from './span-end.ts';

/** What follows a time or day agreed to: "six works", "two is fine", "thursday suits". */
const AGREED = /^\s+(?:works|suits|is (?:fine|good|great|perfect|better|ok|okay))\b/i;

/**
 * "two works", after "… at two your time" the line before: agreeing to that time, said again in
 * the zone or day it was offered in, so no time of its own. A day agreed to ("thursday works",
 * after "wednesday at seven?") is a day of its own, unless it is the day offered.
 */
export function agreedToOffer(c: chrono.ParsedResult['start'], after: string, earlier: readonly Said[]): boolean {
  if (!AGREED.test(after)) return false;
  const offered = earlier.filter((e) => e.ago === 1 && e.start.hour !== undefined);
  if (c.isCertain('day')) return offered.some((e) => e.start.day === c.get('day'));
  if (c.isCertain('weekday')) return offered.some((e) => weekdayOf(e.start) === c.get('weekday'));
  return offered.length > 0;
}

const HALF_DAY = 12;

/**
 * An hour said without am, pm or a part of the day, read as the morning's, after a time of the
 * afternoon or evening said before it in the line for the same day, which its afternoon reading
 * comes after: that reading ("we meet at six and then at seven", "doors at six, we're on at
 * seven" → 19:00, was 07:00). Times said in a run go forward through the day.
 */
function laterThanBefore<T extends Day>(d: T, before: readonly { start: Day; end?: Day; period?: string }[]): T {
  if (d.hour === undefined || d.hour >= HALF_DAY) return d;
  const last = before.findLast((b) => !b.period && b.start.hour !== undefined && dayNumber(b.start) === dayNumber(d));
  const time = last && (last.end && dayNumber(last.end) === dayNumber(d) ? last.end : last.start);
  if (!time || (time.hour ?? 0) < HALF_DAY) return d;
  const pm = { ...d, hour: d.hour + HALF_DAY };
  return minuteOf(d) < minuteOf(time) && minuteOf(pm) > minuteOf(time) ? pm : d;
}

const EVENING = 18;

/** "the rehearsal is on thursday evening" … "from seven till ten": a time of a day said before with the evening, which a span said for it is read in. */
export const dayOfEvening = (d: Day, said: readonly Said[]): boolean =>
  d.hour !== undefined && said.some((e) => !e.period && e.start.hour === undefined && (e.start.dayPartHour ?? 0) >= EVENING && dayNumber(e.start) === dayNumber(d));

/**
 * An hour said again for the day offered with it in the line before, without am or pm: as it was
 * offered ("earliest would be friday at six am" … "that's fine then, friday at six" → 06:00).
 */
function asOffered<T extends Day>(d: T, earlier: readonly Said[]): T {
  const offered = earlier.find((e) => e.ago === 1 && e.start.hour !== undefined && dayNumber(e.start) === dayNumber(d) && e.start.hour % HALF_DAY === (d.hour ?? 0) % HALF_DAY && (e.start.minute ?? 0) === (d.minute ?? 0));
  return offered ? { ...d, hour: offered.start.hour } : d;
}

/** The earliest hour a span on a day of the evening may start at and be read as the evening's ("from five till eight" → 17:00). */
const EVENING_FROM = 5;

/**
 * A span on a day whose evening was said, both ends said without am or pm and before noon: the
 * evening's ("the rehearsal is on thursday evening" … "thursday works, from seven till ten" →
 * 19:00–22:00, was 07:00–10:00), as it is when the day is not said again ("sure, from seven till
 * ten"). "From nine till twelve" stays the morning's.
 */
function inTheEvening<T extends Day>(d: T, endHour: number, said: readonly Said[]): T {
  if (d.hour === undefined || d.hour < EVENING_FROM || endHour <= d.hour || endHour >= HALF_DAY || !dayOfEvening(d, said)) return d;
  return { ...d, hour: d.hour + HALF_DAY };
}

/** An hour said without am, pm or a part of the day, read with the times around it: in the line before (asOffered), on a day of the evening (inTheEvening, a span), then in the line (laterThanBefore). */
export function hourInContext<T extends Day>(d: T, c: chrono.ParsedResult['start'], partSaid: boolean, said: { inLine: readonly Said[]; earlier: readonly Said[]; endHour?: number }): T {
  if (d.hour === undefined || c.isCertain('meridiem') || partSaid) return d;
  const offered = asOffered(d, said.earlier);
  const read = offered === d && said.endHour !== undefined ? inTheEvening(d, said.endHour, [...said.earlier, ...said.inLine]) : offered;
  return laterThanBefore(read, said.inLine);
}
