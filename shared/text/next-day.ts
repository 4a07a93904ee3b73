// "we land at seven the next morning", "the ferry leaves on friday and arrives the next day at
// noon": a time said of the day after the one said before it in the same text is on that day
// (chrono reads "the next day" from today, and drops "the next morning"), in the part of the day
// the words say. Deterministic; no I/O.

/** A day and, when said, its hour (spoken-dates.ts's DateParts, which imports this file). */
interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour?: number;
}
/** A date said before, as spoken-dates.ts finds it. */
interface SpokenDate {
  readonly start: DateParts;
  readonly period?: string;
}

const NEXT = String.raw`the\s+(?:next|following)\s+(day|morning|afternoon|evening)`;
/** "at seven the next morning": the words after the time. */
const NEXT_AFTER = new RegExp(String.raw`^[\s,]*(?:on\s+)?${NEXT}\b`, 'i');
/** "the next day at noon": the words before the time, or the mention itself. */
const NEXT_BEFORE = new RegExp(String.raw`\b${NEXT}\s+(?:at\s+)?$`, 'i');
const NEXT_IN = new RegExp(String.raw`^(?:${NEXT}|next\s+(day|morning|afternoon|evening))\b`, 'i');
const NOON = 12;

/** The words of the next-day phrase said with the time, if any: "the next morning" → "morning". */
export function nextDayWords(before: string, mention: string, after: string): string | undefined {
  // "the following evening at eight": chrono's mention starts at the part of the day.
  const split = /\bthe\s+(?:next|following)\s+$/i.test(before) ? /^(day|morning|afternoon|evening)\b/i.exec(mention) : null;
  const m = NEXT_AFTER.exec(after) ?? NEXT_BEFORE.exec(before) ?? NEXT_IN.exec(mention) ?? split;
  return m ? (m[1] ?? m[2])!.toLowerCase() : undefined;
}

/** `d` on the day after the last day said before it in the text (`inText`), its hour in the part of the day said; undefined when the words (`said`) say no next day, or no day was said before. */
export function onTheNextDay<T extends DateParts>(d: T, said: { before: string; mention: string; after: string }, inText: readonly SpokenDate[]): T | undefined {
  const part = nextDayWords(said.before, said.mention, said.after);
  const before = part ? inText.findLast((s) => !s.period) : undefined;
  if (!part || !before) return undefined;
  const next = new Date(Date.UTC(before.start.year, before.start.month - 1, before.start.day + 1));
  const hour = d.hour === undefined ? undefined : part === 'morning' && d.hour > NOON ? d.hour - NOON : (part === 'afternoon' || part === 'evening') && d.hour < NOON ? d.hour + NOON : d.hour;
  return { ...d, year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), ...(hour === undefined ? {} : { hour }) };
}
