// "the day before", "the day after that": a day counted from the day said last, in this sentence
// or the lines before it ("we complete on the fourteenth of january" … "the packing the day
// before"), which chrono does not read at all. With nothing said to count from, no day.
import type * as chrono from 'chrono-node/en';
import { DAY_MS, MONTH_NAMES, wallClock, wallDay, WEEKDAY } from './calendar.ts';
import type { Said } from './dates-said.ts';

const DAY_NEXT_TO_TAG = 'verbatim/dayNextTo';

/** What would make it a day next to something else: "the day before the wedding", "the day after tomorrow". */
const OBJECT = `the|a|an|our|my|your|their|his|her|its|this|next|last|tomorrow|yesterday|today|${WEEKDAY}|\\d|${MONTH_NAMES.join('|')}`;
/** "the day before", "the night before", "the day after that" (groups: part of the day, which way). */
const PATTERN = new RegExp(`\\bthe\\s+(day|night|evening|morning|afternoon)\\s+(before|after)(?:\\s+that)?\\b(?!\\s+(?:${OBJECT})\\b)`, 'i');

const dayNextToParser: chrono.Parser = {
  pattern: () => PATTERN,
  extract(context) {
    // The day is the meeting's until read against the days said (countedFromDaySaid): chrono knows none of them.
    return context.createParsingComponents({ ...wallDay(wallClock(context.reference)) }).addTag(DAY_NEXT_TO_TAG);
  },
};

/** chrono's reader with a day counted from the day said. */
export function withDaysNextTo(reader: chrono.Chrono): chrono.Chrono {
  const extended = reader.clone();
  extended.parsers.unshift(dayNextToParser);
  return extended;
}

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The words of a day next to another, said without it. */
const SAID_ALONE = /^(?:the\s+)?(?:day|night|evening|morning|afternoon)\s+(?:before|after)(?:\s+that)?$/i;

/**
 * The day before or after the day said last (not a month or year), undefined for any other
 * mention, null when no day was said to count from or chrono read one before a thing.
 */
export function countedFromDaySaid<T extends Day>(c: chrono.ParsedResult['start'], said: string, d: T, daysSaid: readonly Said[]): T | null | undefined {
  // chrono reads "the day after" before a thing ("the day after the audit") as tomorrow: a day no date says.
  if (!c.tags().has(DAY_NEXT_TO_TAG)) return SAID_ALONE.test(said) ? null : undefined;
  const base = daysSaid.findLast((e) => !e.period);
  if (!base) return null;
  const step = /\bafter\b/.test(said) ? 1 : -1;
  const day = new Date(Date.UTC(base.start.year, base.start.month - 1, base.start.day) + step * DAY_MS);
  return { ...d, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
}
