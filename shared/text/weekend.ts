// A weekend named by a day in it ("the weekend of the nineteenth", "the weekend of the 6th of
// march") or counted on ("the weekend after next"), which chrono reads as the coming weekend: the
// Saturday of that weekend (a day in the week before it: the Saturday after it).
import type * as chrono from 'chrono-node/en';
import { DAY_MS, MONTH_NAMES, nextYearOf, wallClock, wallDay } from './calendar.ts';
import { DAY_OF_MONTH, ordinalDay } from './ordinal-day.ts';

const SATURDAY = 6;
const PATTERN = new RegExp(`\\b(?:the\\s+)?weekend\\s+(?:of\\s+(?:the\\s+)?${DAY_OF_MONTH}(?:\\s+of\\s+(${MONTH_NAMES.join('|')}))?|(after\\s+next))\\b`, 'i');

const utc = (d: { year: number; month: number; day: number }) => new Date(Date.UTC(d.year, d.month - 1, d.day));
/** The Saturday of the weekend `date` falls in, or of the one after it. */
export const saturdayOf = (date: Date): Date => new Date(date.getTime() + (date.getUTCDay() === 0 ? -1 : SATURDAY - date.getUTCDay()) * DAY_MS);

const weekendParser: chrono.Parser = {
  pattern: () => PATTERN,
  extract(context, match) {
    const today = wallDay(wallClock(context.reference));
    let saturday: Date;
    if (match[3]) {
      const coming = (SATURDAY - utc(today).getUTCDay() + 7) % 7;
      saturday = new Date(utc(today).getTime() + (coming + 7) * DAY_MS);
    } else {
      const day = ordinalDay(match[1]!);
      if (day === undefined || day < 1 || day > 31) return null;
      const named = match[2] ? MONTH_NAMES.indexOf(match[2].toLowerCase()) + 1 : 0;
      const month = named || (day >= today.day ? today.month : (today.month % 12) + 1);
      const year = named ? nextYearOf(month, day, today) : month < today.month ? today.year + 1 : today.year;
      saturday = saturdayOf(utc({ year, month, day }));
    }
    return context.createParsingComponents({ ...wallDay(saturday), weekday: SATURDAY });
  },
};

/** chrono's reader with weekends named by a day in them, or counted on. */
export function withWeekends(reader: chrono.Chrono): chrono.Chrono {
  const extended = reader.clone();
  extended.parsers.push(weekendParser);
  return extended;
}
