// A weekday counted from the day of a thing said before ("the wedding is on Saturday the twelfth
// of June" … "the rehearsal dinner will be the Friday before the wedding" → Friday 11 June): the
// thing a sentence says is on a day ("the wedding is …", "our launch will be …") is remembered with
// that day for the rest of the meeting (dates-said.ts), and "the friday before the wedding", "the
// monday after the launch" is the nearest such weekday before or after it. With no such thing
// said, the coming one, as chrono reads it ("i can do the saturday before the match"). "The day
// before the fitting", "the week after the reunion" are counted from it too (day-next-to.ts).
import type * as chrono from 'chrono-node/en';
import { DAY_MS } from './calendar.ts';
import type { Said } from './dates-said.ts';

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** "the wedding is …", "our launch will be on …", "the movers are coming on …", "the tournament. it's on …": the thing said to be on the day that follows (its words). */
const THING_ON = /\b(?:the|our|my|their|his|her|your)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?:\s+(?:itself|themselves))?(?:\s+(?:is|are|will\s+be|'s|goes\s+out|goes\s+live|launches|opens|starts|takes\s+place|(?:is|are)\s+coming|come|comes|arrive|arrives)|\s*[.,]\s+(?:it|that)(?:'s|\s+is|\s+will\s+be|'ll\s+be))\s+(?:(?:on|set\s+for|booked\s+for|planned\s+for|for)\s+)?(?:the\s+)?$/iu;
/** A thing named: "the wedding", "our launch party" (its words captured, up to a word that is none of its name: "the gala at eleven"). */
const THING = String.raw`\s+(?:the|our|my|their|his|her|your)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)(?![\p{L}-]|\s+(?!(?:at|on|in|from|to|for|with|and|or|by|until|till|then|so|but|is|are|was|will|starts?|begins?|ends?)\b)[\p{L}])`;
/** "the friday before the wedding": a weekday said next to a thing (the words after the weekday). */
const NEXT_TO_THING = new RegExp(String.raw`^\s+(before|after)${THING}`, 'iu');
/** The thing after "the day before". */
const THING_AFTER = new RegExp(`^${THING}`, 'iu');
/** Words that make "before the …" a time or a deadline, not a thing's day ("the friday before the end of the month"). */
const NOT_A_THING = /^(?:end|start|beginning|middle|deadline|day|week|weekend|month|year|holidays?|break)$/i;

/** The thing `before` (the words before a date) says is on it, by its words: "wedding", "gala dinner". */
export function thingOn(before: string): Pick<Said, 'thing'> {
  const thing = THING_ON.exec(before)?.[1]?.toLowerCase().replace(/\s+/g, ' ');
  return thing && !NOT_A_THING.test(thing.split(' ').at(-1)!) ? { thing } : {};
}

/**
 * "the friday before the wedding": of a weekday said alone after "the", the nearest one before or
 * after the day of the thing named after it; undefined when it names no thing said on a day.
 */
export function weekdayByThing<T extends Day>(c: chrono.ParsedResult['start'], before: string, after: string, d: T, earlier: readonly Said[]): T | undefined {
  const weekday = c.isCertain('weekday') && !c.isCertain('day') ? c.get('weekday') : null;
  const next = weekday === null || !/\bthe\s+$/i.test(before) ? undefined : NEXT_TO_THING.exec(after);
  if (!next || NOT_A_THING.test(next[2]!.split(/\s+/).at(-1)!)) return undefined;
  const of = dayOfThing(next[2]!, earlier);
  if (!of) return undefined;
  const step = next[1]!.toLowerCase() === 'after' ? 1 : -1;
  let at = Date.UTC(of.start.year, of.start.month - 1, of.start.day) + step * DAY_MS;
  while (new Date(at).getUTCDay() !== weekday) at += step * DAY_MS;
  const day = new Date(at);
  return { ...d, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
}

/** The thing named after "the day before" (its words), if any. */
export const thingAfter = (after: string): string | undefined => THING_AFTER.exec(after)?.[1];

/**
 * The day said last of the thing `words` name ("the wedding", "the wedding reception"): the day
 * of a thing said to be on it whose last word is among them; or, for one word alone ("the
 * gala"), of a thing it is a word of ("the gala dinner is …").
 */
export function dayOfThing(words: string, earlier: readonly Said[]): Said | undefined {
  const said = words.toLowerCase().split(/\s+/);
  const byLast = earlier.findLast((e) => e.thing !== undefined && said.some((w) => sameWord(w, e.thing!.split(' ').at(-1)!)));
  return byLast ?? (said.length === 1 ? earlier.findLast((e) => e.thing?.split(' ').some((w) => sameWord(w, said[0]!))) : undefined);
}

/** Endings that make a word's plural, who does it, or the doing: "fittings", "movers", "removal". */
const ENDINGS = ['s', 'es', 'r', 'rs', 'er', 'ers', 'al', 'als', 'e'];
/** The shortest stem a word shares with its forms. */
const STEM_MIN = 4;

/** A word and its stems without each ending it has. */
const stems = (word: string): string[] => [word, ...ENDINGS.filter((end) => word.endsWith(end) && word.length - end.length >= STEM_MIN).map((end) => word.slice(0, -end.length))];

/** One word, or its plural, or who does it ("the move" and "the movers are coming on …", "the removal" and "the removers", "the fitting" and "the fittings"). */
function sameWord(a: string, b: string): boolean {
  const of = stems(b);
  return stems(a).some((stem) => of.includes(stem));
}
