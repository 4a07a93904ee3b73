// Dates and times in spoken (ASR) text: a small normaliser (spoken-times.ts) turns number words
// before "p m", "a m" and "o'clock" into digits chrono-node understands ("three thirty p m" →
// "3:30 pm"), then chrono resolves mentions against the meeting date. A stop-list and filters drop the
// usual false positives ("good morning", "now", "the day", durations, past days). Pure: the
// reference instant always comes in as an argument. Reused by calendar-event extraction.
// The English locale only: importing all of chrono-node's locales doubles its load time.
import * as chrono from 'chrono-node/en';
import { afterStart, STARTS } from './after-start.ts';
import { monthUnderway, NOON, wallDay } from './calendar.ts';
import { QUARTER_TAG, withEndOfPeriods } from './end-of-period.ts';
import { withHolidays } from './holidays.ts';
import { withNthWeekdays } from './nth-weekday.ts';
import { withWeekends } from './weekend.ts';
import { withWeekOn } from './week-on.ts';
import { countedFromDaySaid, withDaysNextTo } from './day-next-to.ts';
import { dayNumber, dayPointedTo, inMonthNamed, namedWith, sameTimeAs, timeSaidAgain, weekdayAhead, weekdayFromDaySaid, weekdayNamedBefore, type Said, type SaidBefore } from './dates-said.ts';
import { withOrdinalDays } from './ordinal-day.ts';
import { DETERMINER_BEFORE, MAYBE_DATE, namesNoDay } from './no-day.ts';
import { goneBy } from './gone-by.ts';
import { sameTimeAround, timeOfDay } from './same-time.ts';
import { EVENING_HOURS, EVENING_THING, partOfThing } from './thing-hours.ts';
import { nextDayWords, onTheNextDay } from './next-day.ts';
import { dayNotNight, movedBetween, sameDayEnd } from './span-end.ts';
import { normaliseSpokenTimes } from './spoken-times.ts';
import { dayPartHour, withoutPartBeforeDay } from './day-part.ts';
import { sentenceAt } from './sentence-end.ts';
import { thingOn, weekdayByThing } from './day-of-thing.ts';
import { onBothDays } from './both-days.ts';
import { agreedToOffer, dayOfEvening, hourInContext } from './times-in-order.ts';
import { nextIn, readIn, withoutZones, zonesSaid, type ZoneSaid } from './spoken-zones.ts';
import { DEFAULT_TIME_ZONE } from '../domain/time-zone-default.ts';
import { canonicalTimeZone, instantOf, isoInZone, offsetMinutesAt } from '../domain/time-zones.ts';

/** The meeting's instant, the zone wall-clock times are read in, and that zone's offset then. */
export interface DateReference {
  readonly instant: Date;
  /** An IANA name, or the meeting date's own offset ("+01:00", "UTC") when no zone was given. */
  readonly timeZone: string;
  /** Minutes east of UTC of the zone at the meeting's instant (what chrono resolves against). */
  readonly offsetMinutes: number;
}

/** The words that lead into a date ("by", "on the", "to", "in the first week of", "by the end of"); a particle before one stays ("hand it in by", "look at on"). */
const DATE_LEAD = /\s*(?:\b(?:by|on|before|until|till|(?:to|at|for|in)(?!\s+(?:by|on|before|until|till|no later than)\b)|due|from|during|over|throughout|no later than|at least|sometime|around|the)\s+)*$/i;
/** The mention's own first word, when it is one that leads into a date ("on tuesday"). */
const LEAD_WORD = /^(?:by|on|before|until|till|no later than)\b/i;
const DATE_PART = /\s*\b(?:(?:the\s+)?(?:(?:first|second|third|fourth|last|final)\s+(?:week|weekend|days?|half)|end|beginning|start|middle|rest)\s+of|early|mid|late)\s*$/i;

/** A day said without a preposition ("tonight", "tomorrow", "next week"), before which "in" is no lead. */
const NO_PREPOSITION = /^(?:today|tonight|tomorrow|this|next)\b/i;

/** "at the latest" after a date: how firm it is, part of the mention; "that morning" after a time: its day, said before; "before", "after that" ending the clause after a day counted from one said before ("the friday before"). */
const DATE_TAIL = /^\s*(?:at the (?:latest|earliest)\b|that\s+(?:day|morning|afternoon|evening|night)\b|(?:before|after)(?:\s+(?:that|it|then))?(?=\s*(?:[,.;!?]|$)))/i;

/**
 * The text without the date mention at [index, index + length), with the words that lead into
 * it and "at the latest" after it: "order the tables before the [tenth of march] at the latest" →
 * "order the tables".
 */
export function withoutDate(text: string, index: number, length: number): string {
  // A particle before a lead ("hand it in by", "look at on") stays, whether the lead is the mention's own word or not.
  const lead = `${text.slice(0, index)}${LEAD_WORD.exec(text.slice(index, index + length))?.[0] ?? ''}`;
  // "fill it in tonight", "send one over tomorrow": "in" or "over" before a day that takes no preposition is the verb's.
  const particle = NO_PREPOSITION.test(text.slice(index)) ? /\s+(?:in|over)\s*$/i.exec(lead)?.[0] ?? '' : '';
  const kept = `${lead.slice(0, lead.length - particle.length).replace(DATE_PART, ' ').replace(DATE_LEAD, '')}${particle.trimEnd()}`;
  return `${kept.slice(0, Math.min(kept.length, index))} ${text.slice(index + length).replace(DATE_TAIL, '')}`;
}

/** From an ISO meeting date and, when known, the recording's IANA zone; undefined when it is not a date. */
export function dateReference(iso: string | undefined, timeZone?: string): DateReference | undefined {
  if (typeof iso !== 'string') return undefined;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return undefined;
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(iso.trim());
  const zone = canonicalTimeZone(timeZone) ?? (offset && /T/i.test(iso) ? `${offset[1]}${offset[2]}:${offset[3]}` : DEFAULT_TIME_ZONE);
  return { instant: new Date(ms), timeZone: zone, offsetMinutes: offsetMinutesAt(ms, zone) };
}

/** A reference long past, against which every date said is still ahead: whether a text names a date at all. */
export const FAR_BACK = dateReference('2000-01-01T00:00:00Z')!;

/** Calendar parts in the reference's wall-clock time; hour and minute only when spoken. */
export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour?: number;
  readonly minute?: number;
  /** Without a time said: the hour the part of the day said with the date suggests ("friday afternoon" → 14). */
  readonly dayPartHour?: number;
}

export interface SpokenDate {
  /** The mention as found in the normalised text. */
  readonly text: string;
  /** Where the mention starts in the normalised text. */
  readonly index: number;
  readonly start: DateParts;
  readonly end?: DateParts;
  /** "2026-12-05" for a day, "2026-11-24T15:00:00+00:00" for a time of day. */
  readonly iso: string;
  /** "Sat 5 Dec 2026", "Tue 24 Nov 2026 15:00"; "Mar 2027", "Q1 2027", "2027" for a period said without a day. */
  readonly label: string;
  /** A period said without a day ("before march", "next month", "next quarter", "next year"): `start` is in it. */
  readonly period?: 'month' | 'quarter' | 'year';
  /** The day was said with its month ("the twentieth of january"), which a day said alone after it keeps. */
  readonly monthNamed?: boolean;
  /** The day was said with its weekday ("next wednesday"), which that weekday said alone after it names again. */
  readonly weekdayNamed?: boolean;
  /** Said of a thing of the evening ("the gig is on saturday"). */
  readonly evening?: boolean;
  /** Said where something starts (after-start.ts). */
  readonly starts?: boolean;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number): string => String(n).padStart(2, '0');

export function formatDateParts(d: DateParts): string {
  const weekday = DAYS[new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()];
  const day = `${weekday} ${d.day} ${MONTHS[d.month - 1]} ${d.year}`;
  return d.hour === undefined ? day : `${day} ${two(d.hour)}:${two(d.minute ?? 0)}`;
}

/** "2026-12-05" for a day; a time of day with the zone's offset on that day. */
export function isoDateParts(d: DateParts, timeZone: string): string {
  if (d.hour === undefined) return `${d.year}-${two(d.month)}-${two(d.day)}`;
  return isoInZone(instantOf(d, timeZone), timeZone);
}

/** Bare clock hours said without am/pm that a meeting means in the afternoon ("at 3" → 15:00). */
const AFTERNOON_HOURS = { from: 1, to: 6 };

/**
 * Calendar parts of a chrono component; hour and minute only when said. A 12-hour time said
 * without am or pm reads as afternoon when "in the afternoon/evening" follows, or when it is
 * one of the hours no one meets at at night (1 to 6).
 */
function parts(c: chrono.ParsedResult['start'], after = '', wall?: Date, sentence = ''): DateParts {
  const base = { year: c.get('year') ?? 0, month: c.get('month') ?? 1, day: c.get('day') ?? 1 };
  if (!c.isCertain('hour')) return base;
  let hour = c.get('hour') ?? 0;
  const minute = c.get('minute') ?? 0;
  const part = dayPartHour('', after) ?? partOfThing(hour, sentence);
  const morning = part !== undefined && part < NOON;
  if (!c.isCertain('meridiem') && hour >= 1 && hour < 12 && !morning) {
    if ((part !== undefined && !morning) || (hour >= AFTERNOON_HOURS.from && hour <= AFTERNOON_HOURS.to)) hour += 12;
  }
  if (wall && hour !== c.get('hour')) return { ...stillToday(c, base, hour * 60 + minute, wall), hour, minute };
  return (wall && !c.isCertain('meridiem') && !morning && evening(c, base, hour, minute, wall)) || { ...base, hour, minute };
}

/**
 * A time moved to another day said ("sunday … meet at nine fifteen") is as said, not the evening
 * an evening meeting reads it as for today; a part of the day said after it keeps its reading; a
 * time in the small hours or a part of the day said with that day makes it the reading nearer that time; and a thing of the evening, said
 * with the time or with the day, makes it the evening's.
 */
function clockAgain<T extends DateParts>(c: chrono.ParsedResult['start'], again: (T & { evening?: boolean; near?: number; part?: number }) | undefined, after: string, sentence: string): T | undefined {
  if (!again) return undefined;
  const { evening: eveningDay, near, part, ...d } = again;
  const said = c.get('hour') ?? 0;
  if (c.isCertain('meridiem') || dayPartHour('', after) !== undefined) return d as unknown as T;
  // "the rehearsal is on thursday evening" … "from seven till ten": the reading nearer the part of the day said with that day.
  if (part !== undefined && d.hour !== undefined && said >= 1 && said <= 12) return { ...d, hour: nearerReading(said, d.minute ?? 0, part) } as unknown as T;
  // "we leave at six forty in the morning" … "we'll need a taxi at four": beside a time in the small hours, the reading nearer it.
  if (near !== undefined && (near < WAKING.from || near >= WAKING.to) && d.hour !== undefined && said >= 1 && said <= 12) return { ...d, hour: nearerReading(said, d.minute ?? 0, near) } as unknown as T;
  if (said < EVENING_HOURS.from || said > EVENING_HOURS.to) return d as unknown as T;
  // "the gig is on saturday" … "doors open at seven thirty": the evening's, as a thing of the evening's hours are.
  return { ...d, hour: eveningDay || EVENING_THING.test(sentence) ? said + 12 : said } as unknown as T;
}

/** What the sentence says of each of its dates: a thing of the evening, or something that starts. */
const saidOf = (sentence: string): { evening?: boolean; starts?: boolean } => ({ ...(EVENING_THING.test(sentence) ? { evening: true } : {}), ...(STARTS.test(sentence) ? { starts: true } : {}) });


/** A span's start as span-end.ts's dayNotNight reads it, when neither am/pm, a part of the day nor a thing of the evening (`evening`) says it is the evening's. */
function spanOfDay<T extends DateParts>(start: T, result: chrono.ParsedResult, { after, sentence, evening }: { after: string; sentence: string; evening: boolean }, wall: Date): T {
  if (!result.end || result.start.isCertain('meridiem') || dayPartHour('', after) !== undefined || evening) return start;
  const morning = dayNotNight(start, parts(result.end, after, wall, sentence), endSaid(result.end));
  // "the hall is hired from five until noon", said at seven without a day: tomorrow morning's, not the one gone by.
  const gone = morning !== start && !result.start.isCertain('day') && !result.start.isCertain('weekday') && dayNumber(morning) === dayNumber(wallDay(wall)) && (morning.hour ?? 0) * 60 + (morning.minute ?? 0) <= wall.getUTCHours() * 60 + wall.getUTCMinutes();
  return gone ? { ...morning, ...wallDay(new Date(Date.UTC(morning.year, morning.month - 1, morning.day + 1))) } : morning;
}

/** The hour a span's end names, when it says no am or pm. */
const endHourSaid = (end: chrono.ParsedResult['end']): number | undefined => (end && !end.isCertain('meridiem') && end.isCertain('hour') ? end.get('hour') ?? undefined : undefined);

/** What a span's end says itself: its day, its am or pm (span-end.ts reads the rest from the start). */
const endSaid = (end: chrono.ParsedResult['start'], evening = false): { day: boolean; meridiem: boolean; evening: boolean } => ({ day: end.isCertain('day') || end.isCertain('weekday'), meridiem: end.isCertain('meridiem'), evening });

/** The hours most things are planned in (minutes into the day); beside a time outside them, an hour may mean the small hours too. */
const WAKING = { from: 7 * 60, to: 22 * 60 };

/** Of an hour's two readings (4 → 04:00 or 16:00), the one nearer `near` (minutes into the day); the afternoon's on a tie. */
function nearerReading(hour: number, minute: number, near: number): number {
  const am = (hour % 12) * 60 + minute;
  return Math.abs(am - near) < Math.abs(am + 720 - near) ? hour % 12 : (hour % 12) + 12;
}

/** How near the evening hour must be to the time of day the meeting is held for a day said with it to take it (a game "on saturday at nine thirty" said at 19:00 is the morning's). */
const NEAR_MEETING_MINUTES = 120;

/**
 * "At seven" said at a meeting held after noon, as 19:00. Without a day: 07:00 has gone by and
 * chrono moved it to tomorrow, but 19:00 is still to come today. With a day ("next tuesday at
 * seven" at an 18:30 meeting): 19:00 is near the time the group meets, 07:00 is not.
 */
function evening(c: chrono.ParsedResult['start'], base: { year: number; month: number; day: number }, hour: number, minute: number, wall: Date): DateParts | undefined {
  if (hour < EVENING_HOURS.from || hour > EVENING_HOURS.to || wall.getUTCHours() < NOON) return undefined;
  const pm = (hour + 12) * 60 + minute;
  const today = stillToday(c, base, pm, wall);
  if (today !== base) return { ...today, hour: hour + 12, minute };
  const daySaid = c.isCertain('day') || c.isCertain('weekday');
  const nearMeeting = Math.abs(pm - (wall.getUTCHours() * 60 + wall.getUTCMinutes())) <= NEAR_MEETING_MINUTES;
  return daySaid && nearMeeting ? { ...base, hour: hour + 12, minute } : undefined;
}

/**
 * A time said without a day ("at one thirty") that chrono moved to tomorrow because 01:30 had
 * passed, read as 13:30: today, when 13:30 is still to come.
 */
function stillToday(c: chrono.ParsedResult['start'], base: { year: number; month: number; day: number }, minuteOfDay: number, wall: Date): { year: number; month: number; day: number } {
  if (c.isCertain('day') || c.isCertain('weekday')) return base;
  const today = wallDay(wall);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  const movedOn = base.year === tomorrow.getUTCFullYear() && base.month === tomorrow.getUTCMonth() + 1 && base.day === tomorrow.getUTCDate();
  return movedOn && minuteOfDay > wall.getUTCHours() * 60 + wall.getUTCMinutes() ? today : base;
}

/** "on launch day", "on the day", "on match day", "the night before the wedding": a day named by what happens on it, or the day next to one. */
const UNKNOWN_DAY_BEFORE = /\bon (?:the )?(?:[\p{L}-]+ )?day\s+$|\b(?:night|day|evening|morning|afternoon)\s+(?:before|after)\s+(?:the|our|my|your|their|his|her)\s+(?:[\p{L}-]+\s+){1,3}$/iu;
const UNKNOWN_DAY_AFTER = /^\s+on (?:the )?(?:[\p{L}-]+ )?day\b|^\s+(?:on\s+)?the\s+(?:night|day|evening|morning|afternoon)\s+(?:before|after)\s+(?:the|our|my|your|their|his|her)\s/iu;
/** Words that tell of what has happened. */
const TOLD_OF_PAST = /\b(?:was|were|went|did|had|happened|ago|earlier|started|stopped|began|ended|crashed|failed)\b/;
/** chrono's casual reader, "on the twelfth", "by the end of the week" or "of the day", holidays, "the last saturday in march", "a week on friday", "the weekend of the ninth" and "the day before" (made on first use: cloning copies its parsers). */
let reader: chrono.Chrono | undefined;
const spokenReader = () => (reader ??= withDaysNextTo(withWeekends(withWeekOn(withNthWeekdays(withHolidays(withEndOfPeriods(withOrdinalDays(chrono.casual))))))));


export { DatesSaid } from './dates-said.ts';

/** The day read in the month named before it (dates-said.ts), and whether it was: "the nineteenth" so read is named with it, for the days said after it. */
function readInMonthNamed(c: chrono.ParsedResult['start'], asRead: DateParts, before: SaidBefore, wall: Date): { read: DateParts; ofMonthNamed: Pick<Said, 'monthNamed'> } {
  const read = inMonthNamed(c, asRead, before, wall);
  return { read, ofMonthNamed: read !== asRead ? { monthNamed: true } : {} };
}

/** "this morning", "this afternoon": the meeting's day, even once the part of the day has begun (chrono then moves it to tomorrow). */
const THIS_DAY_PART = /^this\s+(?:morning|afternoon|evening)$/;

/**
 * "from nine to one": chrono puts an end hour below the start's on the next day (01:00), but read
 * as afternoon (13:00) it ends the same day; an end that is later the same day is that day's.
 */

/** chrono's reading of the text with the zones said after its times blanked out, so "at 3 pm eastern on thursday" stays one mention (the text keeps its length). */
function parseSpoken(normalised: string, reference: DateReference): { results: chrono.ParsedResult[]; zones: ZoneSaid[] } | undefined {
  const zones = zonesSaid(normalised);
  const blanked = withoutPartBeforeDay(withoutZones(normalised, zones));
  try {
    return { results: spokenReader().parse(blanked, { instant: reference.instant, timezone: reference.offsetMinutes }, { forwardDate: true }), zones };
  } catch {
    return undefined;
  }
}

/** What may come between a time and its zone: "at seven[ the next morning, ]local time". */
const ZONE_NEXT = /^[\s,]*(?:the\s+(?:next|following)\s+(?:day|morning|afternoon|evening)[\s,]*)?$/i;

/**
 * Date mentions in `text` (spoken or written), resolved against `reference` with forward
 * dates preferred; a weekday said alone is the day of that weekday `earlier` named, if any.
 * Never throws: odd input yields no dates.
 */
export function findDates(text: string, reference: DateReference, earlier: readonly Said[] = []): SpokenDate[] {
  if (typeof text !== 'string' || !text.trim()) return [];
  const normalised = normaliseSpokenTimes(text);
  if (!MAYBE_DATE.test(normalised)) return [];
  const parsed = parseSpoken(normalised, reference);
  if (!parsed) return [];
  const { results, zones } = parsed;
  const wall = new Date(reference.instant.getTime() + reference.offsetMinutes * 60_000);
  const today = dayNumber(wallDay(wall));
  const found: SpokenDate[] = [];
  for (const result of results) {
    // chrono's mention may take the comma after it ("by monday,"): the comma ends the clause, not the date.
    const mention = result.text.replace(/[\s,;]+$/, '');
    const said = mention.toLowerCase().trim();
    const before = normalised.slice(0, result.index);
    const after = normalised.slice(result.index + mention.length);
    if (namesNoDay(result, said, before, after) || goneBy(said, before, after) || agreedToOffer(result.start, after, earlier)) continue;
    // What the sentence says of its day (a thing of the evening) is its own, not the next one's ("… eleven. so … tuesday night").
    const sentence = sentenceAt(normalised, result.index);
    const { read, ofMonthNamed } = readInMonthNamed(result.start, parts(result.start, after, wall, sentence), { earlier, inSentence: found }, wall);
    const nextTo = countedFromDaySaid(result.start, said, read, [...earlier, ...found], after);
    // null: no day; undefined: none counted, so read on.
    const counted = nextTo !== undefined ? nextTo : (weekdayByThing(result.start, before, after, read, [...earlier, ...found]) ?? weekdayFromDaySaid(result.start, said, { before, after }, read, { earlier, inSentence: found }, today));
    if (counted === null) continue;
    const onDay =
      counted ??
      (THIS_DAY_PART.test(said)
        ? { ...read, ...wallDay(wall) }
        : (weekdayNamedBefore(result.start, said, read, [...earlier, ...found], /\bthat\s+$/i.test(before)) ?? clockAgain(result.start, timeSaidAgain(result.start, said, sentence, read, { earlier, inSentence: found }, wall), after, sentence) ?? weekdayAhead(result.start, said, read, wall)));
    const ended = afterStart(onDay, said, sentence, [...earlier, ...found]);
    const same = ended.hour === undefined ? sameTimeAround(before, after) : undefined;
    const now = same && (sameTimeAs({ before, after }, earlier, today) ?? (same.hours ? undefined : timeOfDay(wall)));
    const around = { after, sentence, evening: EVENING_THING.test(sentence) || dayOfEvening(ended, [...earlier, ...found]) };
    const asSaid = hourInContext(onTheNextDay(spanOfDay(ended, result, around, wall), { before, mention: said, after }, found) ?? spanOfDay(now ? { ...ended, ...now } : ended, result, around, wall), result.start, dayPartHour(said, after) !== undefined, { inLine: found, earlier, endHour: endHourSaid(result.end) });
    const dayPart = asSaid.hour === undefined ? dayPartHour(mention, after, before) : undefined;
    // "at three p m eastern": that zone's time, as the recording's zone reads it.
    const zone = zones.find((z) => z.index >= result.index && ZONE_NEXT.test(normalised.slice(result.index + mention.length, Math.max(z.index, result.index + mention.length))));
    const dayless = !nextDayWords(before, said, after) && !result.start.isCertain('day') && !result.start.isCertain('weekday');
    const inZone = <T extends DateParts>(d: T): T =>
      !zone ? d : dayless ? nextIn(d, zone.zone, reference.timeZone, reference.instant.getTime()) : readIn(d, zone.zone, reference.timeZone);
    const start = inZone(dayPart === undefined ? asSaid : { ...asSaid, dayPartHour: dayPart });
    if (start.hour === undefined && dayNumber(start) < today) continue;
    // "on launch day at nine", "at nine eastern on launch day": the time of a day named by what happens on it, which no date says.
    if (dayless && start.hour !== undefined && (UNKNOWN_DAY_BEFORE.test(before) || UNKNOWN_DAY_AFTER.test(zone ? normalised.slice(zone.index + zone.length) : after))) continue;
    // "it was down from two fifteen to two fifty five", said at three: a time gone by today (read forward, tomorrow's), told of in the past.
    if (dayless && start.hour !== undefined && dayNumber(start) > today && TOLD_OF_PAST.test(normalised)) continue;
    // "push the review from tuesday to thursday": the day it moves to.
    if (result.end && movedBetween(/^from\s/i.test(mention) ? `${before}from ` : before)) {
      const to = inMonthNamed(result.end, parts(result.end, after, wall, sentence), { earlier, inSentence: found }, wall);
      found.push({ text: mention, index: result.index, start: to, iso: isoDateParts(to, reference.timeZone), label: formatDateParts(to) });
      continue;
    }
    const end = result.end ? inZone(sameDayEnd(asSaid, parts(result.end, after, wall, sentence), endSaid(result.end, around.evening))) : undefined;
    // "in a month, same time": the day a month on, at the meeting's time.
    const period = now ? undefined : periodSaid(result, said);
    if (period === undefined) {
      const from = result.index - (now ? same.lead : 0);
      const text = normalised.slice(from, Math.max(result.index + mention.length + (now ? same.trail : 0), zone ? zone.index + zone.length : 0));
      found.push({ text, index: from, start, ...(end ? { end } : {}), iso: isoDateParts(start, reference.timeZone), label: formatDateParts(start), ...namedWith(result.start, said), ...ofMonthNamed, ...saidOf(sentence), ...thingOn(before) });
      continue;
    }
    // "the rota for december", "the december newsletter": the period names what a thing is for or of, not when.
    if (/\bfor\s+$/i.test(before) || (DETERMINER_BEFORE.test(before) && MONTH_NAME.test(said))) continue;
    const { first, label } = PERIODS[period](period === 'month' ? monthUnderway(start, wall, { text: said, before }, result.start.isCertain('year')) : start);
    // A quarter or year already begun ("this year") is the time talked about, as a day gone by is.
    if (period !== 'month' && dayNumber(first) < today) continue;
    found.push({ text: mention, index: result.index, start: first, ...(end ? { end } : {}), iso: isoDateParts(first, reference.timeZone), label, period });
  }
  return onBothDays(withDayPointedTo(found, normalised, earlier, reference, today), normalised, earlier, (d, day) => ({ ...d, start: { ...d.start, ...day }, end: d.end && { ...d.end, ...day }, iso: isoDateParts({ ...d.start, ...day }, reference.timeZone), label: formatDateParts({ ...d.start, ...day }) }));
}

/** The line's days, or the day said before that it points back to ("… the same day?"), dates-said.ts's dayPointedTo. */
function withDayPointedTo(found: SpokenDate[], normalised: string, earlier: readonly Said[], reference: DateReference, today: number): SpokenDate[] {
  const pointed = dayPointedTo(normalised, earlier, found, today);
  return pointed ? [...found, { ...pointed, iso: isoDateParts(pointed.start, reference.timeZone), label: formatDateParts(pointed.start) }] : found;
}

const MONTH_NAME = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*$/;

/** A part of a day ("this afternoon") names a day, not a period. */
const DAY_PART_WORD = /\b(?:morning|afternoon|evening|tonight|night|noon)\b/;

/** A calendar quarter or year named relative to now (not a span of time: "a year from now" is a month). */
const CALENDAR_PERIOD = /\b(?:next|this|coming|following|last)\s+(quarter|year)\b/;

/**
 * The period a mention without a day names: a month ("before march", "next month", "in six
 * months"), or the calendar quarter or year of "next quarter" or "this year", which chrono reads
 * as a day one unit from now ("next quarter" → 2 Mar 2027). A weekday said is a day ("friday").
 */
function periodSaid(result: chrono.ParsedResult, said: string): SpokenDate['period'] {
  const c = result.start;
  if (c.isCertain('day') || c.isCertain('weekday') || c.isCertain('hour') || DAY_PART_WORD.test(said)) return undefined;
  if (c.tags().has(QUARTER_TAG)) return 'quarter';
  return c.isCertain('month') ? 'month' : ((CALENDAR_PERIOD.exec(said)?.[1] as 'quarter' | 'year' | undefined) ?? 'month');
}

const PERIODS: Record<NonNullable<SpokenDate['period']>, (d: DateParts) => { first: DateParts; label: string }> = {
  month: (d) => ({ first: d, label: `${MONTHS[d.month - 1]} ${d.year}` }),
  quarter: (d) => {
    const q = Math.floor((d.month - 1) / 3);
    return { first: { year: d.year, month: q * 3 + 1, day: 1 }, label: `Q${q + 1} ${d.year}` };
  },
  year: (d) => ({ first: { year: d.year, month: 1, day: 1 }, label: String(d.year) }),
};

/** Whether the text says a day or a time (chrono-node's reading, in the text as it is) over the character at `index`. */
export function saysTimeAt(text: string, index: number): boolean {
  if (typeof text !== 'string' || !MAYBE_DATE.test(text)) return false;
  try {
    return spokenReader().parse(text).some((r) => index >= r.index && index < r.index + r.text.length);
  } catch {
    return false;
  }
}
