// "Same time next week", "in two weeks same time", "same time tomorrow": a day said with the
// meeting's own time of day. "At the same time" opening a clause means "also", not a time.

const BEFORE = /(?:^|[^\p{L}'])(at\s+)?(?:the\s+)?same\s+time(?:\s+and\s+(?:place|day))?\s*,?\s+(?:on\s+)?$/iu;
const AFTER = /^(?:\s+(?:then|instead))?\s*,?\s+(?:at\s+)?(?:the\s+)?same\s+(time|hours)\b/i;
/** "at the same time, …" opening a sentence or a clause: a word of contrast or addition. */
const ADDING = /(?:^|[,;.]\s*|\b(?:and|but|so)\s+)at\s+the\s+same\s+time\s*,?\s+(?:on\s+)?$/i;

/**
 * The words around a day that say it is at the same time of day as now, as the number of
 * characters they take before it and after it; undefined when they are not said. "Same hours"
 * after it (`hours`) is the time of a thing said before, never the meeting's.
 */
export function sameTimeAround(before: string, after: string): { lead: number; trail: number; hours?: boolean } | undefined {
  const lead = BEFORE.exec(before);
  if (lead && !ADDING.test(before)) return { lead: lead[0].length - (/^[^\p{L}']/u.test(lead[0]) ? 1 : 0), trail: 0 };
  const trail = AFTER.exec(after);
  return trail ? { lead: 0, trail: trail[0].length, ...(trail[1]!.toLowerCase() === 'hours' ? { hours: true } : {}) } : undefined;
}

/** The reference's wall-clock time of day, when it has one (a meeting at midnight says no time). */
export function timeOfDay(wall: Date): { hour: number; minute: number } | undefined {
  const hour = wall.getUTCHours();
  const minute = wall.getUTCMinutes();
  return hour === 0 && minute === 0 ? undefined : { hour, minute };
}

/** Whether a date mention's words say "same time" ("same time next week"), or of a thing moved "same hours". */
export const saysSameTime = (mention: string): boolean => /\bsame\s+(?:time|hours)\b/i.test(mention);
