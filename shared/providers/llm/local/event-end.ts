// "the working bee is on saturday, starting at eight" … "how long do we go for?" … "probably till
// about one": a short line said soon after a timed event was planned, that says only when things
// end, gives that event its end: the time said, or a bare hour ("one", "five thirty") read as
// the first such time after the start on its day; or a length said alone ("it should take about
// forty minutes") counts from the start. A time before the start, on another day or said further
// on ends nothing. In the line itself, a later day or time after "runs through", "goes until"
// ("starts on saturday the twenty sixth at nine and goes until sunday at four") ends the day
// said before it.
import { instantOf } from '../../../domain/time-zones.ts';
import { HOUR, MINUTE, spokenNumber } from '../../../text/spoken-times.ts';
import { lengthSaid } from '../../../text/length-said.ts';
import type { DateParts, SpokenDate } from '../../../text/spoken-dates.ts';
import { dayNumber } from '../../../text/dates-said.ts';
import type { Mention } from './event-merge.ts';

/** The words that say things end then: "until", "we'll finish around", "done by". */
const ENDS = String.raw`\b(?:until|till|til|finish(?:es|ing)?|wrap(?:s|ping)?\s+up|done|over|through)(?:\s+(?:at|by|around|about|for))?\s+`;
const ENDS_AT = new RegExp(`${ENDS}$`, 'i');
/** A bare hour after them, and its minutes: "till about one", "finish around five thirty". */
const BARE_END = new RegExp(
  `${ENDS}(?:(?:about|around|roughly|maybe|say)\\s+)?${HOUR}(?:[\\s:]${MINUTE})?(?=\\s*(?:o'clock\\b|ish\\b|[,.;!?]|$))`,
  'i',
);
/** How many segments after the event's a line may end it, and how many words may come before the time. */
const REACH = 2;
const MOST_WORDS = 8;
const HALF_DAY_MS = 12 * 3_600_000;

interface Clock {
  readonly hour: number;
  readonly minute: number;
}

/** The end a line says, as an hour and minute when it is a bare hour; undefined when it says none. */
function endSaid(sentence: string, dates: readonly SpokenDate[]): { date?: SpokenDate; clock?: Clock } | undefined {
  const [date, ...others] = dates;
  if (date && others.length === 0 && date.start.hour !== undefined) {
    const before = sentence.slice(0, date.index);
    return ENDS_AT.test(before) && before.split(/\s+/).length <= MOST_WORDS ? { date } : undefined;
  }
  const bare = dates.length === 0 ? BARE_END.exec(sentence) : null;
  if (!bare || sentence.slice(0, bare.index).split(/\s+/).length > MOST_WORDS) return undefined;
  const clock = { hour: spokenNumber(bare[1]!), minute: bare[2] ? spokenNumber(bare[2]) : 0 };
  return clock.hour >= 1 && clock.hour <= 12 && clock.minute <= 59 ? { clock } : undefined;
}

/** Pushes a mention of the end onto the event just planned, when `sentence` says its end; true when it did. */
export function endSaidAfter(mentions: Mention[], sentence: string, dates: readonly SpokenDate[], segment: number, timeZone: string): boolean {
  // The last timed mention ("… wednesday the ninth at seven thirty?" before "wednesday the ninth works").
  const last = mentions.findLast((m) => m.timed);
  if (!last || last.end !== undefined || segment - (last.segment ?? -Infinity) > REACH) return false;
  // "it should take about forty minutes": a length said alone, counted from the start.
  const length = dates.length === 0 ? lengthSaid(sentence) : undefined;
  const said = length ? undefined : endSaid(sentence, dates);
  if (!said && !length) return false;
  const start = said?.date?.start;
  const end = length
    ? last.start + length
    : start
      ? dayNumber(start) === last.day ? instantOf({ ...start, hour: start.hour!, minute: start.minute ?? 0 }, timeZone) : Number.NaN
      : firstAfter(last.start, instantOf({ ...dayOf(last.day), ...said!.clock! }, timeZone));
  if (!(end > last.start)) return false;
  // No proposal of its own: merged into the event it ends, as a repetition of its start.
  mentions.push({ start: last.start, end, day: last.day, timed: true, title: '', location: '', sentence, segment });
  return true;
}

/** The calendar day of a mention's `day` (dayNumber's yyyymmdd). */
const dayOf = (n: number) => ({ year: Math.floor(n / 10_000), month: Math.floor(n / 100) % 100, day: n % 100 });

/** Of a bare hour's morning reading and its afternoon one, the first after the start. */
const firstAfter = (start: number, morning: number): number => (morning > start ? morning : morning + HALF_DAY_MS);

/** What comes between a start and its end said in one line: "… and runs through …", "… and goes on until …", "… until …". */
const RUNS_ON = /^\s*,?\s*(?:and\s+)?(?:(?:runs?|running|goes|going|lasts?|lasting|continues|continuing|carr(?:y|ies|ying))\s+(?:on\s+)?(?:through|thru|until|till|til|to|into)|through|thru|until|till|til)\s+(?:the\s+)?$/i;

const minuteOf = (d: DateParts): number => dayNumber(d) * 1440 + (d.hour ?? 0) * 60 + (d.minute ?? 0);

/** The dates of a line with an end said after "runs through", "goes until" joined to the day before it as its end. */
export function withEndsSaid(dates: readonly SpokenDate[], sentence: string): SpokenDate[] {
  const joined: SpokenDate[] = [];
  for (const date of dates) {
    const start = joined.at(-1);
    const between = start ? sentence.slice(start.index + start.text.length, date.index) : '';
    const later = start && dayNumber(date.start) >= dayNumber(start.start) && minuteOf(date.start) > minuteOf(start.start);
    if (start && !start.end && later && RUNS_ON.test(between)) joined[joined.length - 1] = { ...start, end: date.start };
    else joined.push(date);
  }
  return joined;
}
