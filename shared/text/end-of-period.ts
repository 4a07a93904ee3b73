// "By the end of the week", "end of next week": the Friday of that working week. chrono reads
// "the week" as a week from now (dropped as a period talked about) and "end of next week" as its
// Saturday, but a meeting that asks for something by the end of a week means its last working day.
// The week runs Monday to Sunday: said on a Saturday or a Sunday, "the week" is the one to come.
// "By end of day", "EOD", "close of business" (chrono reads none of them): 17:00 that day, the
// meeting's own unless "tomorrow" or a weekday is said with it ("close of business thursday"). "Q two", "the end of q three": that quarter, or
// its last day.
import type * as chrono from 'chrono-node/en';
import { comingDay, DAY_MS, daysIn, wallClock, wallDay, WEEKDAY } from './calendar.ts';

/** "end of the week", "close of next week", "end of the working week", as a regular-expression source (which week: group 1). */
export const END_OF_WEEK = '(?:end|close)\\s+of\\s+(?:(the|this|next|the\\s+next|the\\s+coming|the\\s+following)\\s+)?(?:working\\s+|work\\s+)?week(?!\\w)';
const PATTERN = new RegExp(`\\b(?:the\\s+)?${END_OF_WEEK}`, 'i');
const FRIDAY = 5;

/** Days from the wall date's weekday (0 = Sunday) to the Friday of its own week, or of the next. */
function daysToFriday(weekday: number, next: boolean): number {
  if (!next) return (FRIDAY - weekday + 7) % 7;
  const toMonday = (8 - weekday) % 7 || 7;
  return toMonday + (FRIDAY - 1);
}

const endOfWeekParser: chrono.Parser = {
  pattern: () => PATTERN,
  extract(context, match) {
    const wall = wallClock(context.reference);
    const which = match[1]?.toLowerCase().replace(/\s+/g, ' ') ?? 'the';
    const next = which !== 'the' && which !== 'this';
    const friday = new Date(wall.getTime() + daysToFriday(wall.getUTCDay(), next) * DAY_MS);
    return context.createParsingComponents({ ...wallDay(friday), weekday: FRIDAY });
  },
};

/** The day a working day's end is said with: today, tomorrow or a weekday, before or after it. */
const DAY_NAMED = `(today|tomorrow|${WEEKDAY})`;
/** "end of day", "by the end of the day", "cob", "close of business thursday", "friday eod". */
const END_OF_DAY = new RegExp(
  `\\b(?:${DAY_NAMED}\\s+(?:at\\s+|by\\s+)?)?((?:the\\s+)?(?:end|close)\\s+of\\s+(?:the\\s+)?(?:day|business|play)|eod|cob)(?:\\s+(?:on\\s+)?${DAY_NAMED})?(?!\\w)`,
  'i',
);
/** What leads into "the end of the day" as a time: not "at the end of the day", which says "after all". */
const END_LEAD = /\b(?:by|before|until|till|for|due)\s+$/i;
/** When a working day is said to end. */
const CLOSING_HOUR = 17;
const endOfDayParser: chrono.Parser = {
  pattern: () => END_OF_DAY,
  extract(context, match) {
    const named = match[1] ?? match[3];
    const before = context.text.slice(0, match.index ?? 0);
    // "the end of the day" with no day named is a time only after a word that leads into one.
    if (!named && /^the\s|\sthe\s+day$/i.test(match[2]!) && !END_LEAD.test(before)) return null;
    const day = comingDay(wallClock(context.reference), named ?? 'today');
    return context.createParsingComponents({ ...wallDay(day), hour: CLOSING_HOUR, minute: 0 });
  },
};

/** "q two", "Q3 2027", "the end of q one": a calendar quarter (chrono reads none of them). */
/** "q two", "q3", "q-1", as a regular-expression source. */
export const QUARTER_SAID = 'q\\s?-?(?:one|two|three|four|[1-4])';
const QUARTER = new RegExp(`\\b(?:(?:the\\s+)?(end|close)\\s+of\\s+)?(${QUARTER_SAID})(?:\\s+(\\d{4}))?(?![\\w-])`, 'i');
const QUARTER_NUMBERS: Readonly<Record<string, number>> = { one: 1, two: 2, three: 3, four: 4 };
/** The tag of a quarter read here, which names a period, not its first day. */
export const QUARTER_TAG = 'verbatim/quarter';

/** What may follow a quarter said as a time: the end, or a word that starts another part ("q one planning" names a thing). */
const AFTER_QUARTER = /^(?:\s*(?:[,.;:!?]|$)|\s+(?:and|or|but|so|then|is|was|were|will|would|we|i|you|they|it|he|she|the|a|an|to|for|at|on|in|by|of|with|because|when|if|next|this|latest|please)\b)/i;

const quarterParser: chrono.Parser = {
  pattern: () => QUARTER,
  extract(context, match) {
    if (!AFTER_QUARTER.test(context.text.slice((match.index ?? 0) + match[0].length))) return null;
    const number = /(?:one|two|three|four|[1-4])$/i.exec(match[2]!)![0].toLowerCase();
    const quarter = QUARTER_NUMBERS[number] ?? Number(number);
    const today = wallDay(wallClock(context.reference));
    const lastMonth = quarter * 3;
    // The quarter said, this year's until it has ended.
    const year = match[3] ? Number(match[3]) : lastMonth < today.month ? today.year + 1 : today.year;
    if (match[1]) return context.createParsingComponents({ year, month: lastMonth, day: daysIn(year, lastMonth) });
    return context.createParsingComponents({ year, month: lastMonth - 2 }).imply('day', 1).addTag(QUARTER_TAG);
  },
};

/** chrono's reader with the end of the week (that week's Friday, ahead of chrono's own reading of the same words), of the day, and quarters. */
export function withEndOfPeriods(reader: chrono.Chrono): chrono.Chrono {
  const extended = reader.clone();
  extended.parsers.unshift(endOfWeekParser, endOfDayParser, quarterParser);
  return extended;
}
