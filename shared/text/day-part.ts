// The part of the day said with a day ("friday afternoon", "on monday in the morning", "after
// lunch on tuesday", "the information evening on the sixth") and the hour of a working day it suggests.
import { WEEKDAY } from './calendar.ts';
import { ORDINAL_WORD } from './ordinal-day.ts';
import { AFTER_WORK } from './spoken-times.ts';

const PART = '(?:morning|afternoon|evening|night)';

/** Hours of a working day for a part of the day ("friday afternoon" → 14). */
const DAY_PART_HOURS: ReadonlyArray<readonly [RegExp, number]> = [[/\bmorning\b/i, 9], [/\bafternoon\b/i, 14], [/\bevening\b/i, 18], [/\b(?:tonight|night)\b/i, 19], [new RegExp(`\\b${AFTER_WORK}\\b`, 'i'), 18], [/\bafter\s+lunch\b/i, 13]];
/** The end of the working day or lunch said as the part of a day ("friday after work", "after lunch on tuesday"). */
const AFTER_WORK_OR_LUNCH = `(?:${AFTER_WORK}|after\\s+lunch)`;
const DAY_PART_AFTER = new RegExp(`^\\s*(?:,?\\s*(?:(?:sometime|some\\s+time|probably|maybe|hopefully|ideally|early|late|first\\s+thing)\\s+)?(?:in the\\s+)?(?:morning|afternoon|evening|tonight|at night)|,?\\s*${AFTER_WORK_OR_LUNCH})\\b`, 'i');
/** "after lunch on tuesday", "after work on friday", "the information evening on the sixth": the part of the day said before the day. */
const DAY_PART_BEFORE = new RegExp(`\\b${AFTER_WORK_OR_LUNCH}\\s+(?:on\\s+)?$|\\b${PART}\\s+on\\s+$`, 'i');

/** The hour the part of the day said in the mention, or right after it ("on monday in the afternoon") or before it ("after lunch on monday"), suggests. */
export function dayPartHour(said: string, after: string, before = ''): number | undefined {
  // "the evening [on friday]": the mention may hold the "on".
  const lead = /^on\s/i.test(said) ? 'on ' : '';
  const text = `${said} ${DAY_PART_AFTER.exec(after)?.[0] ?? ''} ${DAY_PART_BEFORE.exec(`${before}${lead}`)?.[0] ?? ''}`;
  return DAY_PART_HOURS.find(([words]) => words.test(text))?.[1];
}

/** A part of the day said before "on" and a day ("a parents evening on the sixth", "the evening on friday"). */
const PART_BEFORE_DAY = new RegExp(`\\b${PART}(?=\\s+on\\s+(?:the\\s+)?(?:\\d|${ORDINAL_WORD}\\b|${WEEKDAY}\\b))`, 'gi');

/**
 * The text chrono reads, with a part of the day said before "on" and a day blanked out (the text
 * keeps its length): chrono joins "evening" to the day after it as today's evening ("a parents
 * evening on the sixth" was today at 18:00); dayPartHour reads it before the day instead.
 */
export const withoutPartBeforeDay = (text: string): string => text.replace(PART_BEFORE_DAY, (part) => ' '.repeat(part.length));
