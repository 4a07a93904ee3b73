// Days said again: a later mention leans on one said in the lines before it. A weekday said
// alone names the day said with that weekday, a day of the month said alone keeps the month said
// with an earlier one, and a time said alone is the time of a day named with its time.
import type * as chrono from 'chrono-node/en';
import { DAY_MS, wallDay } from './calendar.ts';
import { ORDINAL_DAY_TAG } from './ordinal-day.ts';
import { dayPartHour } from './day-part.ts';
import { LETS_OFFER, OFFERS_ANOTHER } from './spoken-times.ts';

/** A day, and its time when one was said. */
export interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour?: number;
  readonly minute?: number;
  /** Without a time said: the hour of the part of the day said with it ("thursday evening" → 18). */
  readonly dayPartHour?: number;
}

/** A day said, as a later mention may lean on it. */
export interface Said {
  readonly start: Day;
  /** The day was said with its month ("the twentieth of january"). */
  readonly monthNamed?: boolean;
  /** The day was said with its weekday ("next wednesday"). */
  readonly weekdayNamed?: boolean;
  /** Said as a month, quarter or year, not a day. */
  readonly period?: string;
  /** How many lines before the one read it was said in (1: the line just before), as DatesSaid counts. */
  readonly ago?: number;
  /** Said of a thing of the evening ("the gig … on saturday"): an hour from seven to nine said for it is the evening's. */
  readonly evening?: boolean;
  /** Said in a sentence that says something starts then ("we could start fitting on thursday"), which a later end is after. */
  readonly starts?: boolean;
  /** The thing said to be on the day ("the wedding is on …" → "wedding"), which a later day may be counted from (day-of-thing.ts). */
  readonly thing?: string;
}

type Component = chrono.ParsedResult['start'];

export const dayNumber = (d: Day): number => d.year * 10_000 + d.month * 100 + d.day;
export const weekdayOf = (d: Day): number => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
const MONTH_SAID = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:[a-z]*)\b/;

/** What a day was said with, which a later mention may lean on. */
export function namedWith(c: Component, said: string): Pick<Said, 'monthNamed' | 'weekdayNamed'> {
  // "in ten weeks" makes chrono certain of a day and month that no one named.
  const named = c.isCertain('month') && c.isCertain('day') && (MONTH_SAID.test(said) || /\d/.test(said));
  return { ...(named ? { monthNamed: true } : {}), ...(c.isCertain('weekday') ? { weekdayNamed: true } : {}) };
}

/**
 * A bare weekday said after a day of that weekday was named ("how about a demo next wednesday at
 * two" … "wednesday at two works for us") is that day, not the nearest such weekday; "that
 * friday" (`pointed`) after any day said that falls on a Friday is that day.
 */
export function weekdayNamedBefore<T extends Day>(c: Component, said: string, d: T, earlier: readonly Said[], pointed = false): T | undefined {
  if (!c.isCertain('weekday') || c.isCertain('day') || /\b(?:this|next|last|coming|following|today)\b/.test(said)) return undefined;
  const weekday = weekdayOf(d);
  // "that friday" points back at the day said before that falls on a Friday, however it was said ("the twenty ninth of january").
  const named = earlier.findLast((e) => (e.weekdayNamed || pointed) && !e.period && weekdayOf(e.start) === weekday && dayNumber(e.start) !== dayNumber(d));
  return named && { ...d, year: named.start.year, month: named.start.month, day: named.start.day };
}

/** "the sunday before", "the monday after that": a weekday counted from a day said, not from today. */
const BEFORE_OR_AFTER = /^\s+(before|after)\b(?=\s*(?:[,.;:!?]|$)|\s+(?:that|it|then|this|so|and|maybe|perhaps)\b)/i;

/**
 * "the inspection is on the third of february" … "path clearing the sunday before?": the last
 * such weekday before (or the first after) the day said last, in this sentence or the lines
 * before it; null when no day was said to count from (the mention names no day then). "the
 * coach leaves on monday the eighth of february and we're back on the friday": "the friday" of
 * that week, Monday to Sunday, of the day said last (when it is still to come).
 */
export function weekdayFromDaySaid<T extends Day>(c: Component, said: string, around: { before: string; after: string }, d: T, before: SaidBefore, today: number): T | null | undefined {
  if (!c.isCertain('weekday') || c.isCertain('day') || !/^(?:the\s+)?\w+day$/.test(said)) return undefined;
  // "the saturday before the match": counted from a thing no date says, so read as chrono reads it.
  const ofTheWeek = (/^the\s/.test(said) || /\bthe\s+$/i.test(around.before)) && !/^\s+(?:before|after)\b/i.test(around.after);
  // "the following saturday": the first after the day said (a saturday, when one was), as "the saturday after" is; with no day said, the coming one.
  const following = /\bfollowing\s+$/i.test(around.before);
  const which = BEFORE_OR_AFTER.exec(around.after)?.[1]?.toLowerCase() ?? (following ? 'after' : ofTheWeek ? 'of' : undefined);
  if (!which) return weekdayOffered(around, d, before.earlier, today);
  // "packing day is saturday the twelfth" … "i'll post it tonight" … "distribution is the following saturday": after the saturday said.
  const daysSaid = [...before.earlier, ...before.inSentence].filter((e) => !e.period);
  const base = (following ? daysSaid.findLast((e) => weekdayOf(e.start) === weekdayOf(d)) : undefined) ?? daysSaid.at(-1);
  if (!base) return which === 'of' || following ? undefined : null;
  if (which === 'of' && dayNumber(base.start) <= today) return undefined;
  const from = Date.UTC(base.start.year, base.start.month - 1, base.start.day);
  const forward = (weekdayOf(d) - weekdayOf(base.start) + 7) % 7;
  // "the friday" of the day's own week, Monday to Sunday.
  const mondayBased = (weekday: number) => (weekday + 6) % 7;
  const sameWeek = mondayBased(weekdayOf(d)) - mondayBased(weekdayOf(base.start));
  const days = which === 'before' ? -((weekdayOf(base.start) - weekdayOf(d) + 7) % 7 || 7) : which === 'after' ? forward || 7 : sameWeek;
  const day = new Date(from + days * DAY_MS);
  if (which === 'of' && dayNumber(wallDay(day)) <= today) return undefined;
  return { ...d, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
}

/** "can we do sunday", "move it to sunday", "let's say sunday", "could we do the following saturday": a day offered for the thing just said; "sunday then", "sunday instead" too. */
const OFFERS_DAY = new RegExp(`\\b${OFFERS_ANOTHER}\\s+(?:on\\s+)?(?:the\\s+following\\s+)?$`, 'i');
const DAY_THEN = /^\s*(?:then|instead)\b/i;
/** How many lines back the day a day is offered in the stead of may have been said. */
const OFFER_REACH = 2;

/** The day said last, in the line before or the one before that and still to come, when the mention offers another in its stead. */
function dayOfferedFor(around: { before: string; after: string }, earlier: readonly Said[], today: number): Said | undefined {
  if (!OFFERS_DAY.test(around.before) && !DAY_THEN.test(around.after)) return undefined;
  const last = earlier.findLast((e) => !e.period && (e.ago ?? Number.POSITIVE_INFINITY) <= OFFER_REACH);
  return last && dayNumber(last.start) > today ? last : undefined;
}

/**
 * "the quiz is on friday the eleventh" … "can we move it to thursday": a weekday offered instead
 * of a day said is the one nearest that day (the tenth), not the first to come.
 */
function weekdayOffered<T extends Day>(around: { before: string; after: string }, d: T, earlier: readonly Said[], today: number): T | undefined {
  const base = dayOfferedFor(around, earlier, today);
  const forward = base ? (weekdayOf(d) - weekdayOf(base.start) + 7) % 7 : 0;
  if (!base || forward === 0) return undefined;
  const day = new Date(Date.UTC(base.start.year, base.start.month - 1, base.start.day) + (forward > 3 ? forward - 7 : forward) * DAY_MS);
  return dayNumber(wallDay(day)) > today ? { ...d, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() } : undefined;
}

/** "can we do sunday, same time", "okay sunday then, same time": the time the day offered for had, not the meeting's own. */
export function sameTimeAs(around: { before: string; after: string }, earlier: readonly Said[], today: number): { hour: number; minute: number } | undefined {
  const base = dayOfferedFor(around, earlier, today);
  const timed = base && earlier.findLast((e) => e.start.hour !== undefined && (e.ago ?? Number.POSITIVE_INFINITY) <= OFFER_REACH && dayNumber(e.start) === dayNumber(base.start));
  return timed ? { hour: timed.start.hour!, minute: timed.start.minute ?? 0 } : undefined;
}

/**
 * A day of the month said alone after a day said with its month ("published on the twentieth of
 * january, and the launch is on the twenty second") is a later day of that month, unless another
 * day was said since ("… i'll send the list tomorrow" … "the fitting is on the twenty second": the
 * next 22nd); in the same sentence, any day of it still to come.
 */
export function inMonthNamed<T extends Day>(c: Component, d: T, before: SaidBefore, wall: Date): T {
  if (!c.tags().has(ORDINAL_DAY_TAG) || c.isCertain('month') || c.isCertain('weekday')) return d;
  // In the same sentence, an earlier day of that month too, while it is still to come ("the portal closes on the fifteenth of january, so finish by the twelfth").
  const sameSentence = before.inSentence.findLast((e) => e.monthNamed);
  if (sameSentence && dayNumber({ ...d, year: sameSentence.start.year, month: sameSentence.start.month }) >= dayNumber(wallDay(wall))) {
    return { ...d, year: sameSentence.start.year, month: sameSentence.start.month };
  }
  // The day said last, when said with its month: after "… tomorrow", a day said alone is counted from now again.
  const last = before.earlier.findLast((e) => !e.period);
  const named = before.inSentence.findLast((e) => e.monthNamed) ?? (last?.monthNamed ? last : undefined);
  return named && named.start.day <= d.day ? { ...d, year: named.start.year, month: named.start.month } : d;
}

/** Words that name today or tomorrow: a time said with them is that day's. */
const DAY_SAID = /\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening)|now)\b/;
/** Words that offer a time instead of one said, or say it again ("if two o'clock works", "how about three", "that's nine p m for us"). */
const ANOTHER_TIME = new RegExp(`\\b(?:works?|instead|how about|what about|make it|move it|push it|rather|suits?|that's|that is|which is|that'd be|that would be|${LETS_OFFER})\\b`, 'i');

/** "that morning", "that day": the day said before, pointed back to. */
const THAT_DAY = /\bthat\s+(?:morning|afternoon|evening|night|day)\b/i;

/** "can i pick it up the same day?", "we've got a function that night": the day said before, pointed back to with no day of its own. */
const SAME_DAY = /\b(?:the\s+same|that)\s+(?:day|morning|afternoon|evening|night)\b/i;

/**
 * The day a line without a day of its own points back to ("your car's inspection is on thursday"
 * … "can i pick it up the same day?"): the day said last, when still to come, so the times said
 * after it are that day's ("yes, it should be done by two").
 */
export function dayPointedTo(text: string, earlier: readonly Said[], inLine: readonly Said[], today: number): { text: string; index: number; start: Day } | undefined {
  const at = SAME_DAY.exec(text);
  if (!at || inLine.some((d) => !d.period)) return undefined;
  // Past the lines kept, the day of the thing said last ("the inspection").
  const last = earlier.findLast((e) => !e.period) ?? earlier.findLast((e) => e.period === 'thing');
  if (!last || dayNumber(last.start) <= today) return undefined;
  // "we've got a private function that night": the part of that day said.
  const part = /\bday$/i.test(at[0]) ? undefined : dayPartHour(at[0], '');
  const { year, month, day } = last.start;
  return { text: at[0], index: at.index, start: { year, month, day, ...(part === undefined ? {} : { dayPartHour: part }) } };
}

/** Someone taking on or asking for a task: "i'll …", "we'll …", "can you …". */
const COMMITS = /\b(?:i'll|i will|i can|we'll|we will|can you|could you|would you)\b/;

/** How many lines back the day a line of times belongs to may be named: the line before, or the one before a question about it. */
const SCHEDULE_REACH = 2;

/**
 * "the gig is on saturday the nineteenth" … "soundcheck is at five doors open at seven thirty": a
 * line of times right after a line that named one day to come (and no time) is that day's
 * schedule, as it is after a line between that names no day ("the review moved to january
 * fifteenth" … "is that in person?" … "yes, at the leeds office, ten o'clock"), or that named one day
 * and a time for it ("the pour is this friday, trucks arrive at six thirty" … "the pump is booked from
 * six until noon"), unless someone takes on a task in it ("i'll call you at four" is today's).
 */
function scheduleOf(earlier: readonly Said[], sentence: string, today: number): Said | undefined {
  const days = earlier.filter((e) => !e.period);
  const nearest = Math.min(...days.map((e) => e.ago ?? Number.POSITIVE_INFINITY));
  const previous = nearest <= SCHEDULE_REACH ? days.filter((e) => e.ago === nearest) : [];
  // Of several days said there ("the packing the day before and the move itself on the fourteenth"), the one said last;
  // a time said for it there is no other day ("the pour is this friday, trucks arrive at six thirty").
  const untimed = previous.filter((e) => e.start.hour === undefined);
  const day = untimed.at(-1);
  const oneDay = day && previous.every((e) => dayNumber(e.start) === dayNumber(day.start));
  return day && (oneDay || day === previous.at(-1)) && dayNumber(day.start) > today && !COMMITS.test(sentence) ? day : undefined;
}

/** The lines before and the sentence so far: the days a time said alone may belong to. */
export interface SaidBefore {
  readonly earlier: readonly Said[];
  readonly inSentence: readonly Said[];
}

/**
 * A time said without a day is the day's said before it in the same sentence ("day one is monday
 * at the old fire station call time is seven a m"), or in the line just before (scheduleOf); or, after a day to come was named with its
 * time ("the tasting is on saturday the twelfth at eleven" … "i'll ask them if two o'clock
 * works"), that day's, when the time has gone by today (read forward it would be tomorrow's, a
 * day no one named) or the sentence offers it instead or points back to it ("let's book the studio
 * for that morning, from nine thirty until noon"); with the time of day said with that day,
 * if any (`near`, minutes into the day), or of the part of the day said with it (`part`).
 */
export function timeSaidAgain<T extends Day>(c: Component, said: string, sentence: string, d: T, before: SaidBefore, wall: Date): (T & { evening?: boolean; near?: number; part?: number }) | undefined {
  if (d.hour === undefined || c.isCertain('day') || c.isCertain('weekday') || DAY_SAID.test(said)) return undefined;
  const today = dayNumber(wallDay(wall));
  const sameSentence = before.inSentence.findLast((e) => !e.period && dayNumber(e.start) > today);
  const scheduled = sameSentence ?? scheduleOf(before.earlier, sentence, today);
  const named = scheduled ?? before.earlier.findLast((e) => e.start.hour !== undefined && dayNumber(e.start) > today);
  if (!named || !(scheduled || dayNumber(d) > today || ANOTHER_TIME.test(sentence) || THAT_DAY.test(sentence))) return undefined;
  // The time of day said with that day, which an hour said without am or pm is read near ("… at six forty in the morning" … "a taxi at four").
  const near = named.start.hour === undefined ? undefined : named.start.hour * 60 + (named.start.minute ?? 0);
  // The part of the day said with it instead ("the rehearsal is on thursday evening" … "from seven till ten").
  const part = named.start.hour === undefined ? named.start.dayPartHour : undefined;
  return { ...d, year: named.start.year, month: named.start.month, day: named.start.day, ...(named.evening ? { evening: true } : {}), ...(near === undefined ? {} : { near }), ...(part === undefined ? {} : { part: part * 60 }) };
}

/**
 * "On monday" said on a Monday is next Monday (chrono reads it as today): no one names the day
 * they are in by its weekday alone. "This monday" and a weekday with a date stay as said.
 */
export function weekdayAhead<T extends Day>(c: Component, said: string, d: T, wall: Date): T {
  if (!c.isCertain('weekday') || c.isCertain('day') || /\b(?:this|today)\b/.test(said) || dayNumber(d) !== dayNumber(wallDay(wall))) return d;
  const week = new Date(Date.UTC(d.year, d.month - 1, d.day + 7));
  return { ...d, ...wallDay(week) };
}

/** The days said in the last few lines of a transcript, which a later mention may name again. */
export class DatesSaid {
  private readonly lines: Said[][] = [];
  /** The days of things said ("the wedding is on …"), kept for the whole meeting, the last of each thing. */
  private readonly things = new Map<string, Said>();
  constructor(private readonly size = 6) {}
  /** The days said in the last few lines, after the days of things said before them (as periods, which only day-of-thing.ts reads). */
  get earlier(): readonly Said[] {
    const things = [...this.things.values()].map((d) => ({ start: { year: d.start.year, month: d.start.month, day: d.start.day }, thing: d.thing, period: 'thing', ago: this.size + 1 }));
    return [...things, ...this.lines.flatMap((line, i) => line.map((d) => ({ ...d, ago: this.lines.length - i })))];
  }
  /** The day `d` is that of `thing` ("tournament"), as a title found for it says (events.ts). */
  name(d: Said, thing: string): void {
    this.things.delete(thing);
    this.things.set(thing, { ...d, thing });
  }
  /** The day `d`, said in the last line, is of that part of the day ("thursday?" for a thing of the evening moved to it; events.ts). */
  partOf(d: Said, hour: number): void {
    const line = this.lines.at(-1) ?? [];
    const i = line.indexOf(d);
    if (i >= 0 && d.start.hour === undefined) line[i] = { ...d, start: { ...d.start, dayPartHour: hour } };
  }
  add(dates: readonly Said[]): void {
    this.lines.push([...dates]);
    if (this.lines.length > this.size) this.lines.shift();
    for (const d of dates) {
      if (!d.thing || d.period) continue;
      this.things.delete(d.thing);
      this.things.set(d.thing, d);
    }
  }
}
