// When a task is due: the first date said in the task itself, else the clause's first (a machine
// transcript without pauses runs several sentences into one clause, and a date said before the
// commitment is often another sentence's); a day counted from one said before, or a time said
// alone, read after the days said in the lines before and in its own line before the task. And
// "on wednesday morning, probably between eight and ten", "friday, ideally at three": a time said
// right after a day that names none is of that day, one mention, so the task is due at that time
// and its words keep no time of their own ("get the engineer out").
import type { Segment } from '../providers/types.ts';
import { MONTH_NAMES, WEEKDAY } from './calendar.ts';
import { dayNumber, type Said } from './dates-said.ts';
import { ORDINAL_WORD } from './ordinal-day.ts';
import { DatesSaid, findDates, type DateReference, type SpokenDate } from './spoken-dates.ts';
import { normaliseSpokenTimes } from './spoken-times.ts';

/** What may stand between the day and its time: a comma, a hedge ("probably", "ideally", "say"). */
const BETWEEN = /^\s*,?\s*(?:(?:probably|ideally|hopefully|maybe|possibly|roughly|say|likely|sometime|somewhere)\s+)?$/i;

/** `day` with the time said right after it in `text` (where `dates` were found), as one mention; `day` as it is when none follows. */
function withTimeAfter(day: SpokenDate, dates: readonly SpokenDate[], text: string): SpokenDate {
  if (day.start.hour !== undefined || day.period) return day;
  const next = dates.find((d) => d.index >= day.index + day.text.length);
  if (!next || next.start.hour === undefined || dayNumber(next.start) !== dayNumber(day.start)) return day;
  return BETWEEN.test(text.slice(day.index + day.text.length, next.index)) ? { ...next, index: day.index, text: text.slice(day.index, next.index + next.text.length) } : day;
}

/** A date in a clause opened by "if" or "whether" that no "and", "but", "so", "then" or a request ("… please call us") has closed. */
const ASKED_ABOUT = /\b(?:if|whether)\b(?![^,;]*\b(?:and|but|so|then|please)\b)[^,;]*$/i;

/** The task is the clause's tail: a date at or after where it starts belongs to it. */
export function dueDate(clause: string, task: string, reference: DateReference, earlier: () => readonly Said[]): SpokenDate | undefined {
  // "ask them if two o'clock works", "check whether friday is free": the day asked about, not when it is due.
  const said = normaliseSpokenTimes(clause);
  const taskStart = said.length - normaliseSpokenTimes(task).length;
  const pick = (context: readonly Said[]) => {
    const all = findDates(clause, reference, context);
    // "… after christmas": when it may start, not when it is due.
    const dates = all.filter((d) => !ASKED_ABOUT.test(said.slice(0, d.index)) && !/\bafter\s+$/i.test(said.slice(0, d.index)));
    // "our next parents evening is in june, i'll send the dates out after easter": the task says its own when, so not june.
    const due = dates.find((date) => date.index >= taskStart) ?? (all.some((d) => d.index >= taskStart) ? undefined : dates[0]);
    return due && withTimeAfter(due, all, said);
  };
  const due = pick([]);
  // "the friday before", "the day after": a day counted from one said before, as the key dates read it.
  if (!due) return pick(earlier());
  // A time said alone is on the day said before it, as the key dates read it ("tomorrow at five thirty" … "six works, i'll meet you
  // outside"), and a weekday said alone may be a day of that weekday named before ("friday the fifth" … "by friday"), as they read it too.
  return (due.start.hour !== undefined && !DAY_WORD.test(due.text)) || WEEKDAY_ALONE.test(due.text) ? pick(earlier()) : due;
}

/** A weekday said with no more than a lead and a part of the day ("by friday", "on wednesday evening"). */
const WEEKDAY_ALONE = new RegExp(`^(?:(?:by|on|before|until|till)\\s+)?(?:${WEEKDAY})(?:\\s+(?:morning|afternoon|evening|night))?$`, 'i');

/** A word that names the day of a mention ("friday", "tomorrow", "the ninth", "march"). */
const DAY_WORD = new RegExp(`\\b(?:${WEEKDAY}|today|tonight|tomorrow|\\d{1,2}(?:st|nd|rd|th)|${ORDINAL_WORD}|${MONTH_NAMES.join('|')}|week|weekend|month)\\b`, 'i');

/** How many lines before a task the days said may give a time said alone its day, as DatesSaid keeps them. */
const DAYS_BACK = 6;

/** The days said in the lines before segment `at` and in its own words before the task (`inLine`: "… next thursday, so please move your car by seven that morning"), nearest last, as the key dates read them. */
export function daysSaidBefore(segments: readonly Segment[], at: number, reference: DateReference, inLine = ''): readonly Said[] {
  const said = new DatesSaid(DAYS_BACK);
  for (const s of [...segments.slice(Math.max(0, at - DAYS_BACK), at).map((s) => s?.sentence), inLine]) said.add(typeof s === 'string' ? findDates(s, reference, said.earlier) : []);
  return said.earlier;
}
