// A day of the month said alone ("let's meet again on the twelfth", "due by the 15th"), which
// chrono reads only with a month ("the twelfth of december"). Said after a word that leads into a
// date and before the end of the clause or a time, it is the next such day from the meeting:
// this month when it is still to come, else the next month that has it. "First" and "second"
// in words count only before a time ("on the first at ten"): "we settled on the second" is an
// option, not a date. A noun after the ordinal ("the third floor", "by the fifth item") is no date.
// After a weekday ("saturday the twelfth", "friday the eleventh of december") the ordinal is a day
// whatever follows it. "The first of next month" is that month's first.
import type * as chrono from 'chrono-node/en';
import { CLOCK_HOUR, daysIn, MONTH_NAMES, MOVE_VERB, nextYearOf, wallClock, wallDay, WEEKDAY, WEEKDAY_NAMES } from './calendar.ts';

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'];
const ORDINAL_VALUES: ReadonlyMap<string, number> = new Map([
  ...ORDINAL_WORDS.map((w, i) => [w, i + 1] as const),
  ['twentieth', 20], ['thirtieth', 30],
  ...ORDINAL_WORDS.slice(0, 9).map((w, i) => [`twenty ${w}`, 21 + i] as const),
  ['thirty first', 31],
]);

/** The day of the month an ordinal says: "19th", "nineteenth", "twenty first". */
export function ordinalDay(said: string): number | undefined {
  const digits = /^(\d{1,2})(?:st|nd|rd|th)?$/i.exec(said.trim());
  return digits ? Number(digits[1]) : ORDINAL_VALUES.get(said.trim().toLowerCase().replace(/[\s-]+/g, ' '));
}

/** Any ordinal word of a day of the month ("twenty" and "thirty" before "first" … "ninth" aside), as a regular-expression source. */
export const ORDINAL_WORD = `(?:${[...ORDINAL_WORDS, 'twentieth', 'thirtieth'].join('|')})`;
/** A day of the month as said ("19th", "19", "nineteenth", "twenty-first"), captured, as a regular-expression source; ordinalDay reads it. */
export const DAY_OF_MONTH = `(\\d{1,2}(?:st|nd|rd|th)?|(?:(?:twenty|thirty)[ -])?${ORDINAL_WORD})`;

/** A verb that says what a thing does on a day said right after it: "payroll closes the twenty-fifth", "the ship lands the ninth". */
const HAPPENS_ON = '(?:clos|open|reopen|start|end|finish|land|arriv|launch|happen|fall|begin|kicks?\\s+off|go(?:es)?\\s+(?:live|out)|come(?:s)?\\s+out)(?:e?s|ed)?';
const LEAD = `(?<=\\b(?:on|by|before|until|till|after|from|through|due|for|to|is|was|be|week\\s+of|${HAPPENS_ON}|(?:do|make)(?:\\s+it)?|(?:how|what)\\s+about|(?:let's|let\\s+us|shall\\s+we|should\\s+we|can\\s+we|could\\s+we)\\s+say|a\\s+${WEEKDAY}\\s*,|(?:pencil(?:led|ed)?|book(?:ed)?|slot(?:ted)?|fit|squeeze[ds]?)(?:\\s+(?:it|him|her|them|us|you))?\\s+in)\\s+)`;
const ORDINAL = `(\\d{1,2})(?:st|nd|rd|th)|((?:twenty|thirty)[ -])?(${ORDINAL_WORDS.join('|')})|(twentieth|thirtieth)`;
/**
 * What may follow a day said alone: the end of a clause, a time, or a word that starts another
 * part of the sentence (a conjunction, a pronoun, a determiner: no noun phrase goes on "the fifth the …"),
 * or a word on how sure it is ("weather permitting", "hopefully").
 */
const AFTER_DAY = '(?=\\s*(?:[,.;:!?]|$)|\\s+(?:at|and|or|then|so|because|when|if|but|we|i|you|they|he|she|it|is|was|works|suits|would|will|could|should|might|the|a|an|our|my|your|their|his|her|this|that|these|those|everyone|everybody|please|instead|latest|at\\s+the\\s+latest|weather\\s+permitting|hopefully|provisionally|probably|maybe|sometime|again|too|as|all\\s+being\\s+well|in\\s+the\\s+(?:morning|afternoon|evening)|to\\s+(?:be|make|give|avoid|allow|get|keep|leave)|\\d)\\b)';
/** A time after the day: what "first" and "second" in words need to be read as a day. */
const TIME_AFTER = new RegExp(`^\\s+at\\s+(?:${CLOCK_HOUR}|noon)\\b`, 'i');
/** A weekday before the day ("saturday the twelfth"): the ordinal is a day whatever follows it. */
const AFTER_WEEKDAY = new RegExp(`^${WEEKDAY}\\s`, 'i');
/** "the eleventh of december": read here with the weekday before it, which chrono's own reading of the month leaves out. */
const OF_MONTH = `(?:\\s+of\\s+(${MONTH_NAMES.join('|')}))?`;
/** The start of a clause: "fine, the second at ten thirty then" offers a day with its time alone. */
const CLAUSE_START = '(?<=(?:^|[,.;:!?])\\s*)';
const CLAUSE_BEFORE = /(?:^|[,.;:!?])\s*$/;
/** A word that leads into a day just before: "on a saturday, the twenty seventh" is led into, though after a comma. */
const LED = new RegExp(`${LEAD}$`, 'i');
/** A time said after a day at the start of a clause, and nothing more in it but a word of agreeing: "the second at ten thirty then", not "the second at ten is the panel"; or the day agreed, "the twelfth it is", "the thirteenth works". */
const AGREEING = String.raw`works|suits|is\s+(?:fine|good|better|perfect)`;
const TIME_ALONE = new RegExp(
  String.raw`^\s+at\s+(?:\d{1,2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?|noon)(?:\s+(?:then|instead|${AGREEING}|please))?\s*(?:[,.;:!?]|$)|^\s+(?:it\s+is|${AGREEING}|would\s+(?:work|suit|be\s+(?:fine|good|better|perfect)))\s*(?:[,.;:!?]|$)`,
  'i',
);
/** A day moved to ("can we move the review to the second?", "push it back to the first"), not a point moved on to ("let's move on to the second"). */
const MOVED_TO = new RegExp(String.raw`\b${MOVE_VERB}\b(?![^,.;:!?]*\bon\s+to\s+$)[^,.;:!?]*\bto\s+$`, 'i');
const PATTERN = new RegExp(`(?:${LEAD}|${CLAUSE_START}|\\b${WEEKDAY}\\s+)the\\s+(?:${ORDINAL})\\b${OF_MONTH}`, 'i');
const ENDS_DAY = new RegExp(`^${AFTER_DAY}`, 'i');

/** The day the ORDINAL groups from `at` (four of them) say. */
function dayOf(match: RegExpMatchArray, at = 1): number | undefined {
  return ordinalDay(match[at] ?? match[at + 3] ?? `${match[at + 1] ?? ''}${match[at + 2] ?? ''}`);
}

/** "from the nineteenth to the third", "between the fourth and the sixth of january": two days of the month said as a span. */
const SPAN = new RegExp(`\\b(?:from|between)\\s+the\\s+(?:${ORDINAL})\\s+(?:to|till|until|through|and)\\s+the\\s+(?:${ORDINAL})\\b${OF_MONTH}`, 'i');

/** How many months ahead a weekday said with a day of the month is looked for ("monday the fourth": the next month whose fourth is a Monday). */
const WEEKDAY_REACH = 14;

/**
 * The next year and month from the reference's wall date that has `day`, this month included
 * when the day is still to come; with a weekday said, the next such month in which the day falls
 * on it ("monday the fourth", said in December 2026 → January 2027), else the first that has it.
 */
function nextMonthWith(day: number, wall: Date, weekday?: number): { year: number; month: number } {
  let year = wall.getUTCFullYear();
  let month = wall.getUTCMonth() + 1;
  if (day < wall.getUTCDate()) month += 1;
  let first: { year: number; month: number } | undefined;
  for (let k = 0; k < WEEKDAY_REACH; k += 1, month += 1) {
    if (month > 12) [year, month] = [year + 1, 1];
    if (day > daysIn(year, month)) continue;
    first ??= { year, month };
    if (weekday === undefined || new Date(Date.UTC(year, month - 1, day)).getUTCDay() === weekday) return { year, month };
  }
  return first!;
}

/** The tag of a day read here: "the twenty second" is a day, not twenty seconds. */
export const ORDINAL_DAY_TAG = 'verbatim/ordinalDay';

const ordinalDayParser: chrono.Parser = {
  pattern: () => PATTERN,
  extract(context, match) {
    const day = dayOf(match);
    if (day === undefined || day < 1 || day > 31) return null;
    const [before, after] = [context.text.slice(0, match.index), context.text.slice((match.index ?? 0) + match[0].length)];
    const weekday = AFTER_WEEKDAY.test(match[0]);
    if (!weekday && CLAUSE_BEFORE.test(before) && !LED.test(before) && !TIME_ALONE.test(after)) return null;
    const firstOrSecond = !match[1] && !match[2] && day <= 2;
    if (!weekday && (!ENDS_DAY.test(after) || (firstOrSecond && !TIME_AFTER.test(after) && !MOVED_TO.test(before)))) return null;
    const named = match[5] ? MONTH_NAMES.indexOf(match[5].toLowerCase()) + 1 : 0;
    // A leap year's month: the twenty ninth of february may be meant.
    if (named && day > daysIn(2024, named)) return null;
    const wall = wallClock(context.reference);
    const said = weekday ? WEEKDAY_NAMES.indexOf(/^\w+/.exec(match[0])![0].toLowerCase()) : -1;
    const { year, month } = named ? { year: nextYearOf(named, day, wallDay(wall)), month: named } : nextMonthWith(day, wall, said >= 0 ? said : undefined);
    // A month said with the day is certain, as chrono's own reading of "the twentieth of january" has it.
    const components = context.createParsingComponents({ day, ...(named ? { month } : {}), ...(said >= 0 ? { weekday: said } : {}) });
    return (named ? components : components.imply('month', month)).imply('year', year).addTag(ORDINAL_DAY_TAG);
  },
};

/** The day after `d`'s month that has `day`: the end of a span that runs into the next month. */
function monthAfter(year: number, month: number, day: number): { year: number; month: number } {
  for (let k = 0; k < 3; k += 1) {
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
    if (day <= daysIn(year, month)) break;
  }
  return { year, month };
}

const ordinalSpanParser: chrono.Parser = {
  pattern: () => SPAN,
  extract(context, match) {
    const [first, last] = [dayOf(match, 1), dayOf(match, 5)];
    if (!first || !last || first > 31 || last > 31) return null;
    const named = match[9] ? MONTH_NAMES.indexOf(match[9].toLowerCase()) + 1 : 0;
    const wall = wallClock(context.reference);
    // A month said at the end is the last day's; the first is in it too unless it comes later in the month.
    const end = named ? { year: nextYearOf(named, last, wallDay(wall)), month: named } : undefined;
    const start = end ? (first <= last ? end : monthBefore(end)) : nextMonthWith(first, wall);
    const to = end ?? (last >= first ? start : monthAfter(start.year, start.month, last));
    const at = (d: number, ym: { year: number; month: number }) => context.createParsingComponents({ day: d, month: ym.month, year: ym.year }).addTag(ORDINAL_DAY_TAG);
    return context.createParsingResult(match.index ?? 0, match[0], at(first, start), at(last, to));
  },
};

/** "may 18th through the 20th", "may eighteenth to the twentieth": a month, a day of it and a later day, as a span. */

const MONTH_SPAN = new RegExp(`\\b(?:(between)\\s+)?(${MONTH_NAMES.join('|')})\\s+(?:the\\s+)?${DAY_OF_MONTH}\\s+(?:through|thru|to|till|until|(and))\\s+(?:the\\s+)?${DAY_OF_MONTH}\\b`, 'i');

const monthSpanParser: chrono.Parser = {
  pattern: () => MONTH_SPAN,
  extract(context, match) {
    // "on may 18th and 20th" are two days; "between may 18th and 20th" is the span.
    if (match[4] && !match[1]) return null;
    const [first, last] = [ordinalDay(match[3]!), ordinalDay(match[5]!)];
    const month = MONTH_NAMES.indexOf(match[2]!.toLowerCase()) + 1;
    if (!first || !last || first >= last || last > daysIn(2024, month)) return null;
    const year = nextYearOf(month, last, wallDay(wallClock(context.reference)));
    const at = (day: number) => context.createParsingComponents({ day, month, year });
    return context.createParsingResult(match.index ?? 0, match[0], at(first), at(last));
  },
};

/** "march the third", "june the twenty first": a month, then "the" and a day of it (chrono reads the month alone). */
const MONTH_THE_DAY = new RegExp(`\\b(${MONTH_NAMES.join('|')})\\s+the\\s+${DAY_OF_MONTH}\\b`, 'i');

/** A verb said of a day offered ("june the fourth works for me", "march the third suits everyone"). */
const SAID_OF_A_DAY = /^\s+(?:works|suits|would|will|could|should|might|can|sounds|looks|fits)\b/i;

const monthTheDayParser: chrono.Parser = {
  pattern: () => MONTH_THE_DAY,
  extract(context, match) {
    const month = MONTH_NAMES.indexOf(match[1]!.toLowerCase()) + 1;
    const day = ordinalDay(match[2]!);
    const after = context.text.slice((match.index ?? 0) + match[0].length);
    // "in march the third floor opens": a noun after an ordinal in words makes it no day; "the 3rd" is one.
    if (!day || day > daysIn(2024, month) || !(/\d/.test(match[2]!) || ENDS_DAY.test(after) || SAID_OF_A_DAY.test(after))) return null;
    const year = nextYearOf(month, day, wallDay(wallClock(context.reference)));
    return context.createParsingComponents({ day, month, year }).addTag(ORDINAL_DAY_TAG);
  },
};

/** "the first of next month", "the fifteenth of this month": a day of a month said by where it is from the meeting's ("the following month" is the one after a month said before, which this does not know). */
const OF_MONTH_SAID = new RegExp(`\\b(?:the\\s+)?(?:${ORDINAL})\\s+of\\s+(next|this|the\\s+coming)\\s+month\\b`, 'i');

const ofMonthSaidParser: chrono.Parser = {
  pattern: () => OF_MONTH_SAID,
  extract(context, match) {
    const day = dayOf(match);
    const wall = wallDay(wallClock(context.reference));
    const [year, month] = /^this$/i.test(match[5]!) ? [wall.year, wall.month] : wall.month === 12 ? [wall.year + 1, 1] : [wall.year, wall.month + 1];
    if (!day || day > daysIn(year, month)) return null;
    return context.createParsingComponents({ day, month, year }).addTag(ORDINAL_DAY_TAG);
  },
};

const monthBefore = (d: { year: number; month: number }) => (d.month === 1 ? { year: d.year - 1, month: 12 } : { year: d.year, month: d.month - 1 });

const THE_SECOND = /\bthe\s+second$/i;
const ourDay = (r: chrono.ParsingResult): boolean => r.start.tags().has(ORDINAL_DAY_TAG);

/**
 * A filter of chrono's with our "friday the second" kept: chrono's English reader drops every
 * mention that ends in "the second" (it may be a unit of time), but ordinalDayParser reads one only
 * after a weekday, before a time or after a move, where it is a day.
 */
function keepingOurSecond(refiner: chrono.Refiner): chrono.Refiner {
  if (!('isValid' in refiner)) return refiner;
  return {
    refine: (context, results) => {
      const kept = new Set(refiner.refine(context, results));
      return results.filter((r) => kept.has(r) || (ourDay(r) && THE_SECOND.test(r.text)));
    },
  };
}

/** Ours before chrono's reading of the same words ("the second" as a unit of time, which it reads as well). */
const oursOverTheirs: chrono.Refiner = {
  refine: (_context, results) => results.filter((r) => ourDay(r) || !results.some((o) => ourDay(o) && o.index === r.index && o.text === r.text)),
};

/** chrono's casual English reader with days of the month said alone ("march the third" too), and spans of them ("may 18th through the 20th" too). */
export function withOrdinalDays(reader: chrono.Chrono): chrono.Chrono {
  const extended = reader.clone();
  extended.parsers.push(ordinalDayParser, ordinalSpanParser, monthSpanParser, monthTheDayParser, ofMonthSaidParser);
  extended.refiners.splice(0, extended.refiners.length, oursOverTheirs, ...extended.refiners.map(keepingOurSecond));
  return extended;
}
