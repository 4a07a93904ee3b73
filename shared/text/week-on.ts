// A day counted on from another ("a week on friday", "monday week", "two weeks from monday",
// "three weeks from today", "ten days after tomorrow"), which chrono reads as the day alone or
// as "today". The day counted from is today, tomorrow or the coming weekday (today's included);
// "monday week" is the Monday after the coming one, as said in Britain. "The week after next" is
// two weeks on (as chrono reads "next week" one week on), and a weekday said with it that day of
// that week, Monday to Sunday ("tuesday the week after next", "the week after next, on the tuesday").
import type * as chrono from 'chrono-node/en';
import { comingDay, DAY_MS, SMALL_COUNTS, wallClock, wallDay, WEEKDAY, WEEKDAY_NAMES } from './calendar.ts';

const FROM_DAY = `(today|tomorrow|${WEEKDAY})`;
/** "a week on friday", "two weeks from monday", "ten days after tomorrow" (groups: count, unit, day). */
const COUNTED_ON = new RegExp(`\\b(${Object.keys(SMALL_COUNTS).join('|')}|\\d{1,2})\\s+(weeks?|days?)\\s+(?:on|from|after)\\s+(?:this\\s+)?${FROM_DAY}\\b`, 'i');
/** "monday week", "tomorrow week" (group: day). */
const DAY_WEEK = new RegExp(`\\b${FROM_DAY}\\s+week\\b(?!\\s+(?:of|off|on|one|two|three|four|after|before)\\b)`, 'i');
/** "the week after next", with a weekday before or after it (groups: weekday, weekday). */
const WEEK_AFTER_NEXT = new RegExp(`(?:\\b(${WEEKDAY})\\s+(?:of\\s+)?)?\\b(?:the\\s+)?week\\s+after\\s+next\\b(?:,?\\s+(?:on\\s+)?(?:the\\s+)?(${WEEKDAY})\\b)?`, 'i');
const PATTERN = new RegExp(`${COUNTED_ON.source}|${DAY_WEEK.source}|${WEEK_AFTER_NEXT.source}`, 'i');

/** The day two weeks on, or the weekday named in the week after next (Monday to Sunday). */
function weekAfterNext(wall: Date, weekday: string | undefined): Date {
  if (!weekday) return new Date(wall.getTime() + 14 * DAY_MS);
  const monday = wall.getTime() - ((wall.getUTCDay() + 6) % 7) * DAY_MS;
  return new Date(monday + (14 + ((WEEKDAY_NAMES.indexOf(weekday.toLowerCase()) + 6) % 7)) * DAY_MS);
}

const weekOnParser: chrono.Parser = {
  pattern: () => PATTERN,
  extract(context, match) {
    const wall = wallClock(context.reference);
    const [count, unit, counted, weekOf] = [match[1], match[2], match[3], match[4]];
    if (!count && !weekOf) {
      const weekday = match[5] ?? match[6];
      const day = weekAfterNext(wall, weekday);
      return context.createParsingComponents({ ...wallDay(day), ...(weekday ? { weekday: day.getUTCDay() } : {}) });
    }
    const n = count ? (SMALL_COUNTS[count.toLowerCase()] ?? Number(count)) : 1;
    const days = (unit?.toLowerCase().startsWith('day') ? 1 : 7) * n;
    const day = new Date(comingDay(wall, (counted ?? weekOf)!).getTime() + days * DAY_MS);
    return context.createParsingComponents({ ...wallDay(day), weekday: day.getUTCDay() });
  },
};

/** chrono's reader with days counted on from another. */
export function withWeekOn(reader: chrono.Chrono): chrono.Chrono {
  const extended = reader.clone();
  extended.parsers.unshift(weekOnParser);
  return extended;
}
