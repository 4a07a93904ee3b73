// Whether a mention chrono found names no day to keep: a stop word, a length of time, a day
// that comes back, a day gone by, what a thing is for, a time of day that names a thing, a
// weekday as a kind of day, a mishap of a weekday ("tuesday's outage").
import type * as chrono from 'chrono-node/en';
import { MOVE_VERB, WEEKDAY } from './calendar.ts';
import { QUARTER_SAID } from './end-of-period.ts';
import { ORDINAL_DAY_TAG, ORDINAL_WORD } from './ordinal-day.ts';

const STOP_TEXTS: ReadonlySet<string> = new Set(['now', 'right now', 'just now', 'the day', 'day', 'good morning', 'good afternoon', 'good evening', 'good night']);
const NEXT_UNIT = /^(?:next|the following|the coming)\s+(?:week|weekend|month|year)$/;
/** "later in the day", "during the week": a unit of time with "the", no day in it. */
const THE_UNIT = /^(?:in|during|of|for)\s+the\s+(?:day|week|month|year)$/;
const DAY_PART_ALONE = /^(morning|afternoon|evening|night)$/;
/**
 * A period named by its unit alone ("the numbers for the quarter", "the year"): chrono reads
 * "the week" as a week from now, but it names the period talked about, no date.
 */
const PERIOD_ONLY = /^the\s+(?:week|fortnight|month|quarter|year)$/;
const DURATION = /\b(seconds?|minutes?|secs?|mins?)\b/;
/** "on tuesday mornings", "friday afternoons", "from nine to five on saturdays": a time that comes back, no one date. */
const RECURRING_AFTER = new RegExp(`^\\s+(?:mornings|afternoons|evenings|nights|(?:on\\s+)?${WEEKDAY}s|(?:every|each)\\s+\\w+)\\b`, 'i');
/** A day or a period named as the one before now ("the last saturday in march" is a day of that month). */
const GONE_BY = new RegExp(`^(?:last|past|previous)\\s+(?:${WEEKDAY}\\b(?!\\s+(?:in|of)\\b)|(?:week(?:end)?|night|month|quarter|year)\\b)`);
/**
 * A length of time, not when something happens: chrono reads "for three weeks" as "in three
 * weeks", and a bare "three days" as three days from now ("we stay for two days", "it ran for an
 * hour", "the works take about six weeks", "about half an hour", the "half hours" of "two and a half hours"). "in three weeks", "within two days", "three days
 * later" and "next week" say when, and are kept. Neither is a day that comes back ("every saturday"):
 * it names no one date.
 */
const LENGTH_OF_TIME = /^for\s|^half\s+(?:hours?|days?)$|^(?:(?:about|around|roughly|almost|nearly|over|under|just|another)\s+)?half\s+an?\s+(?:hour|day)$|^(?:(?:about|around|roughly|almost|nearly|over|under|just|another)\s+)?(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|few|a couple of|couple of|several|\d+)\s+(?:hours?|days?|weeks?|fortnights?|months?|years?|decades?)$/;
/** "half an hour earlier", "two days later": an amount of time and which way. */
const SHIFTED = /^(?:(?:half\s+)?an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|a few|a couple of|\d+)\s+(?:minutes?|mins?|hours?|days?|weeks?)\s+(?:earlier|later)$/;
/** A verb that moves a thing in time, earlier in the clause ("push the call …"). */
const MOVED_BEFORE = new RegExp(`\\b${MOVE_VERB}\\b[^,.;:!?]*$`, 'i');
const CALENDAR_WORD = /\d:\d|\b[ap]m\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|day\b|weekend|tomorrow|tonight/;

/** After a weekday's "'s", a mishap: "tuesday's outage", "friday's power cut". */
const MISHAP_AFTER = /^['’]s\s+(?:[\p{L}-]+\s+)?(?:outage|incident|crash|failure|breach|accident|fire|flood|leak|breakdown|downtime|disruption|power\s+cut|storm|attack|mistake|error|bug|problem|issue|mix-?up)s?\b/iu;

/** "tuesday's and thursday's", "on monday's from six": a weekday with "'s" and no noun after it, a plural as a recogniser writes it. */
const PLURAL_AS_HEARD = /^['’]s(?=\s+(?:and|or|from|at|through|to|starting|until|till)\b|\s*[,.;!?]|\s*$)/i;

/** "the sunday edition goes to press on saturday", "the monday meeting moves to tuesday": a weekday naming a thing held on another day said after it. */
const NAMES_A_THING_AFTER = new RegExp(`^\\s+(?!(?:after|before|of|the|at|in|on|from|to|and|or|morning|afternoon|evening|night|week|weekend|then|is|was|will|would|works?|that|which)\\b)[a-z]+\\b[^.;!?]*?\\b(?:on|to|by|for|until|till)\\s+(?:the\\s+)?(?:${WEEKDAY}|\\d|${ORDINAL_WORD}|tomorrow|today|tonight)\\b`, 'i');

/** What names a weekend by what falls on it: "the … festival weekend", "the bank holiday weekend", "the Easter weekend" (capitalised, a name). */
const WEEKEND_OF = /(?:\b(?:festival|holiday|fair|show|race|tournament|conference|wedding|reunion|anniversary|match|derby|regatta)|\b[A-Z][\p{L}]+)\s+$/u;

/** A determiner before a month's name makes the month a word for a thing ("our march newsletter"); "in the next quarter" says when. */
export const DETERMINER_BEFORE = /\b(?:the|our|this|that|a|an|my|your|their|his|her)\s+$/i;

// Words without which chrono finds nothing (a cheap pre-check that spares most segments).
export const MAYBE_DATE = new RegExp(
  `\\d|\\b(?:now|today|tonight|tomorrow|yesterday|morning|afternoon|evening|night|noon|midnight|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|seconds?|minutes?|hours?|days?|weeks?|fortnight|months?|quarters?|years?|decades?|ago|later|eod|eow|cob|business|${QUARTER_SAID}|christmas|easter|hallowe.?en|thanksgiving|o'?clock|\\d{1,2}(?:st|nd|rd|th)|${ORDINAL_WORD})\\b`,
  'i',
);

/** Whether chrono's mention names no day to keep: a stop word, a length of time, a habit, a day gone by, what a thing is for. */
export function namesNoDay(result: chrono.ParsedResult, said: string, before: string, after: string): boolean {
  // chrono matches words loosely ("the money" reads as "the month"): the mention must say a date word itself.
  if (STOP_TEXTS.has(said) || THE_UNIT.test(said) || PERIOD_ONLY.test(said) || !MAYBE_DATE.test(said)) return true;
  // "good morning", "morning all": a day part said alone names no day (chrono makes it this month).
  if (DAY_PART_ALONE.test(said)) return true;
  if ((DURATION.test(said) && !CALENDAR_WORD.test(said) && !result.start.tags().has(ORDINAL_DAY_TAG)) || LENGTH_OF_TIME.test(said)) return true;
  if (/\b(?:every|each)\s+$/i.test(before) || RECURRING_AFTER.test(after)) return true;
  // "a carer will come twice a day, morning and evening": how often, no day.
  if (/^(?:a|an|per)\s+(?:day|week|month|year|morning|evening|night)\b/.test(said) && /\b(?:once|twice|thrice|times)\s+$/i.test(before)) return true;
  // "within seven days of completion", "within a week of the launch": counted from something no date says.
  if (/^within\s/.test(said) && /^\s+(?:of|from|after)\s+(?!(?:today|now|this\s+(?:meeting|call))\b)/i.test(after)) return true;
  // "deadlines move half an hour earlier", "push it an hour later": a shift by an amount, no time (chrono counts it from now).
  if (SHIFTED.test(said) && (/earlier$/.test(said) || MOVED_BEFORE.test(before))) return true;
  // "every thursday now, not wednesday", "it's the ninth, not the eighth": a day said to be wrong.
  if (/\bnot\s+(?:on\s+)?(?:the\s+)?$/i.test(before)) return true;
  // "limping since the weekend": a day gone by, which chrono reads forward.
  if (/\bsince\s+(?:the\s+)?$/i.test(before) || /^since\s/.test(said)) return true;
  // "last saturday" is gone by (chrono's forward reading makes it the next one); "this week" is under way, the time talked about.
  if (GONE_BY.test(said) || said === 'this week') return true;
  // "the shoot schedule for next week": what a thing is for, not when.
  if (/\bfor\s+$/i.test(before) && NEXT_UNIT.test(said)) return true;
  // "the midnight show", "a noon deadline": a time of day that names a thing.
  if (/^(?:midnight|noon)$/.test(said) && DETERMINER_BEFORE.test(before)) return true;
  // "training is on tuesday's and thursday's from five thirty": the recogniser's plural, days that come back.
  if (/^(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day$/.test(said) && PLURAL_AS_HEARD.test(after)) return true;
  // "the review of tuesday's outage": a mishap of the day named is told of after it, the day gone by.
  if (/^(?:(?:on|from|since)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day$/.test(said) && MISHAP_AFTER.test(after)) return true;
  // "the sunday edition goes to press on saturday": a weekday that names a thing another day is said for.
  if (/^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/.test(said) && /\b(?:the|our|my|your|their|his|her)\s+$/i.test(before) && NAMES_A_THING_AFTER.test(after)) return true;
  // "on a weekday evening": any weekday, no one day; "the dragon boat festival weekend", "the bank holiday weekend": a weekend named by what falls on it, not this one.
  if (/^(?:a\s+)?weekdays?\b/.test(said) || (said === 'weekend' && WEEKEND_OF.test(before))) return true;
  // "on a saturday", "any friday": a weekday, not a day, unless the day follows ("on a saturday, the twenty seventh").
  return /\b(?:a|an|any|one|some)\s+$/i.test(before) && /^(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/.test(said) && !result.start.isCertain('day');
}

