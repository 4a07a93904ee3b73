// "we shoot on thursday and friday" … "crew call is six a m both days": a time said for "both
// days" of the days said just before (or earlier in its own sentence) is that time on each of
// them, not on the last alone, as the day a time said alone takes would be.
import { dayNumber, type Said } from './dates-said.ts';

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour?: number;
}

const BOTH = /\b(?:both days|on both|both of them|each of them)\b/i;
/** How many lines back the days may have been said. */
const DAYS_REACH = 2;

/** The days said together: untimed days of the sentence itself if two or more, else those of the nearest line before that said two or more. */
function daysTogether(found: readonly { start: Day }[], earlier: readonly Said[]): Day[] {
  const own = found.filter((d) => d.start.hour === undefined).map((d) => d.start);
  if (own.length >= 2) return own;
  for (let ago = 1; ago <= DAYS_REACH; ago += 1) {
    const line = earlier.filter((e) => e.ago === ago && !e.period).map((e) => e.start);
    if (new Set(line.map(dayNumber)).size >= 2) return line;
  }
  return [];
}

/**
 * The dates found, with a time said for "both days" copied to each of the days said together
 * (`dated` writes a copy's day, iso and label as the reader does).
 */
export function onBothDays<T extends { start: Day }>(found: readonly T[], sentence: string, earlier: readonly Said[], dated: (d: T, day: Day) => T): T[] {
  const timed = found.filter((d) => d.start.hour !== undefined);
  if (timed.length !== 1 || !BOTH.test(sentence)) return [...found];
  const days = daysTogether(found, earlier);
  const time = timed[0]!;
  if (!days.some((d) => dayNumber(d) === dayNumber(time.start))) return [...found];
  const others = days.filter((d, i) => dayNumber(d) !== dayNumber(time.start) && days.findIndex((e) => dayNumber(e) === dayNumber(d)) === i);
  const copies = others.map((d) => dated(time, { year: d.year, month: d.month, day: d.day }));
  // A day said alone in the sentence gives way to its timed copy.
  const timedDays = new Set([time, ...copies].map((d) => dayNumber(d.start)));
  const kept = found.filter((d) => d.start.hour !== undefined || !timedDays.has(dayNumber(d.start)));
  return [...kept, ...copies].sort((a, b) => dayNumber(a.start) - dayNumber(b.start));
}
