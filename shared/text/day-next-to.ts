// "the day before", "the weekend before", "two weeks before that": a day counted from the day said
// last, in this sentence or the lines before it ("we complete on the fourteenth of january" … "the
// packing the day before"), which chrono does not read at all (or reads "the weekend" as the coming
// one). A time said right after is its time ("the day before at three", "the day before the gala
// at eleven"). With nothing said to count from, no day.
import type * as chrono from 'chrono-node/en';
import { DAY_MS, MONTH_NAMES, SMALL_COUNTS, wallClock, wallDay, WEEKDAY } from './calendar.ts';
import type { Said } from './dates-said.ts';
import { saturdayOf } from './weekend.ts';
import { dayOfThing, thingAfter } from './day-of-thing.ts';
import { ORDINAL_WORD } from './ordinal-day.ts';

const DAY_NEXT_TO_TAG = 'verbatim/dayNextTo';

/** What would make it a day next to a day said otherwise: "the day after tomorrow", "the day before the 5th" ("the day before the wedding" is counted from the wedding's day, day-of-thing.ts). */
const OBJECT = `a|an|this|next|last|tomorrow|yesterday|today|${WEEKDAY}|\\d|${MONTH_NAMES.join('|')}|the\\s+(?:\\d|${ORDINAL_WORD}|(?:twenty|thirty)[\\s-])`;
/** "the day before", "the night before", "the weekend after that", "two weeks before" (groups: the unit, a count and its unit). */
export const NEXT_TO = `(?:the\\s+(day|night|evening|morning|afternoon|weekend|week)|(${Object.keys(SMALL_COUNTS).join('|')}|\\d{1,2})\\s+(days?|weeks?))\\s+(?:before|after)`;
const PATTERN = new RegExp(`\\b${NEXT_TO}(?:\\s+that)?\\b(?!\\s+(?:${OBJECT})\\b)`, 'i');
const SAID = new RegExp(`^${NEXT_TO}`, 'i');

const dayNextToParser: chrono.Parser = {
  pattern: () => PATTERN,
  extract(context) {
    // The day is the meeting's until read against the days said (countedFromDaySaid): chrono knows none of them.
    return context.createParsingComponents({ ...wallDay(wallClock(context.reference)) }).addTag(DAY_NEXT_TO_TAG);
  },
};

const ours = (r: chrono.ParsingResult): boolean => r.start.tags().has(DAY_NEXT_TO_TAG);
const within = (r: chrono.ParsingResult, o: chrono.ParsingResult): boolean => r.index >= o.index && r.index + r.text.length <= o.index + o.text.length;

/** A time said right after the words, or after the thing they count from ("the day before at three", "the day after, at noon", "the day before the gala at eleven"). */
function timeJoined(text: string, r: chrono.ParsingResult, next: chrono.ParsingResult | undefined): boolean {
  const between = text.slice(r.index + r.text.length, next?.index ?? 0);
  return !!next && /^(?:\s+(?:the|our|my|their|his|her|your)\s+(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)?\s*,?\s*(?:at\s+)?$/u.test(between) && next.start.isCertain('hour') && !next.start.isCertain('day') && !next.start.isCertain('weekday');
}

/**
 * Our reading with the time said after it joined on, and chrono's own reading of part of the
 * words dropped ("the day" of "the day before", as today): chrono's refiners would otherwise read
 * "the day before at three" as a day before 03:00.
 */
const timeJoinedToOurs: chrono.Refiner = {
  refine: (context, results) => {
    const kept = results.filter((r) => ours(r) || !results.some((o) => ours(o) && within(r, o)));
    return kept.filter((r, i) => {
      const time = kept[i - 1] && ours(kept[i - 1]!) && timeJoined(context.text, kept[i - 1]!, r) ? r : undefined;
      if (!time) return true;
      const day = kept[i - 1]!;
      day.text = context.text.slice(day.index, time.index + time.text.length);
      for (const part of ['hour', 'minute', 'meridiem'] as const) if (time.start.isCertain(part)) day.start.assign(part, time.start.get(part)!);
      return false;
    });
  },
};

/** chrono's reader with a day counted from the day said. */
export function withDaysNextTo(reader: chrono.Chrono): chrono.Chrono {
  const extended = reader.clone();
  extended.parsers.unshift(dayNextToParser);
  extended.refiners.unshift(timeJoinedToOurs);
  return extended;
}

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The words of a day next to another, said without it ("the day after" before "the audit"), or the unit before it ("the weekend" before "before the race"). */
const SAID_ALONE = /^(?:the\s+)?(?:day|night|evening|morning|afternoon)\s+(?:before|after)(?:\s+that)?$/i;
const UNIT_ALONE = /^(?:the\s+)?(?:weekend|week)$/i;

/** Days from `from` to the Saturday of the weekend before (-1) or after (1) it: of a weekend day, the one a week away; of a weekday, the nearest one that way. */
function toWeekend(from: Date, step: number): number {
  const saturday = Math.round((saturdayOf(from).getTime() - from.getTime()) / DAY_MS);
  const inWeekend = from.getUTCDay() === 6 || from.getUTCDay() === 0;
  return inWeekend ? saturday + 7 * step : step > 0 ? saturday : saturday - 7;
}

/**
 * The day before or after the day said last (not a month or year), undefined for any other
 * mention, null when no day was said to count from or chrono read one before a thing.
 */
export function countedFromDaySaid<T extends Day>(c: chrono.ParsedResult['start'], said: string, d: T, daysSaid: readonly Said[], after = ''): T | null | undefined {
  // chrono reads "the day after" before a thing ("the day after the audit") as tomorrow, "the weekend before the race" as this weekend: a day no date says.
  if (!c.tags().has(DAY_NEXT_TO_TAG)) return SAID_ALONE.test(said) || (UNIT_ALONE.test(said) && /^\s+(?:before|after)\b/i.test(after)) ? null : undefined;
  // "the day before the wedding": counted from the day the wedding was said to be on, if it was.
  const thing = thingAfter(after) ?? thingAfter(said.replace(SAID, ''));
  const base = thing ? dayOfThing(thing, daysSaid) : daysSaid.findLast((e) => !e.period);
  const [, unit, count, counted] = SAID.exec(said) ?? [];
  if (!base || !(unit || counted)) return null;
  const step = /\bafter\b/.test(said) ? 1 : -1;
  const from = new Date(Date.UTC(base.start.year, base.start.month - 1, base.start.day));
  const n = count ? (SMALL_COUNTS[count.toLowerCase()] ?? Number(count)) : 1;
  const days = unit === 'weekend' ? toWeekend(from, step) : step * n * (unit === 'week' || counted?.startsWith('week') ? 7 : 1);
  const day = new Date(from.getTime() + days * DAY_MS);
  return { ...d, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
}
