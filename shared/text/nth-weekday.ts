// A weekday counted within a month ("the last saturday in march", "the first monday of next
// month", "the second tuesday of the month"), which chrono reads as the month alone. A month
// named is the next one whose day is still to come (the meeting's own day included); "this
// month" or "the month" is the meeting's month, "next month" the one after.
import type * as chrono from 'chrono-node/en';
import { MONTH_NAMES, nextYearOf, nthWeekday, wallClock, wallDay, WEEKDAY_NAMES } from './calendar.ts';

const COUNTS: Readonly<Record<string, number>> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: -1, final: -1 };
const MONTH = `${MONTH_NAMES.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec`;
const PATTERN = new RegExp(
  `\\b(?:the\\s+)?(${Object.keys(COUNTS).join('|')})\\s+(${WEEKDAY_NAMES.join('|')})\\s+(?:in|of)\\s+(?:(${MONTH})|(?:the|this)\\s+(month)|(next)\\s+month)\\b`,
  'i',
);

/** The month of a named month's three-letter start, or of "this month" / "next month" from `today`. */
function monthOf(named: string | undefined, next: boolean, today: { year: number; month: number }): { year?: number; month: number } {
  if (!named) return next ? { year: today.year + Math.floor(today.month / 12), month: (today.month % 12) + 1 } : { year: today.year, month: today.month };
  return { month: MONTH_NAMES.findIndex((m) => m.startsWith(named.toLowerCase().slice(0, 3))) + 1 };
}

const nthWeekdayParser: chrono.Parser = {
  pattern: () => PATTERN,
  extract(context, match) {
    const nth = COUNTS[match[1]!.toLowerCase()]!;
    const weekday = WEEKDAY_NAMES.indexOf(match[2]!.toLowerCase());
    const today = wallDay(wallClock(context.reference));
    const { year: fixedYear, month } = monthOf(match[3], match[5] !== undefined, today);
    let year = fixedYear ?? today.year;
    let day = nthWeekday(year, month, weekday, nth).day;
    if (fixedYear === undefined && nextYearOf(month, day, today) !== year) {
      year += 1;
      day = nthWeekday(year, month, weekday, nth).day;
    }
    return context.createParsingComponents({ year, month, day, weekday });
  },
};

/** chrono's reader with weekdays counted within a month. */
export function withNthWeekdays(reader: chrono.Chrono): chrono.Chrono {
  const extended = reader.clone();
  extended.parsers.push(nthWeekdayParser);
  return extended;
}
