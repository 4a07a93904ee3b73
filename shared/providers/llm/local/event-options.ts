// Days offered to choose from ("we have thursday morning or next monday afternoon") are no
// appointment until one is chosen: the one a later line says again ("thursday morning would be
// better") stays, the others go; with none chosen, none stays.
import type { SpokenDate } from '../../../text/spoken-dates.ts';
import type { Mention } from './event-merge.ts';

/** What stands between two days offered: "or", "or maybe", "or else", perhaps with "on" or "the". */
const OR_BETWEEN = /^[\s,]*or(?:\s+(?:else|maybe|perhaps))?\s+(?:(?:on|at)\s+)?(?:the\s+)?$/i;
/** How many segments after the offer a choice may be said. */
const CHOICE_REACH = 3;

/** Whether `date` is one of days offered with "or" in the sentence. */
export function offeredWithOthers(normalised: string, date: SpokenDate, dates: readonly SpokenDate[]): boolean {
  const i = dates.indexOf(date);
  const [before, after] = [dates[i - 1], dates[i + 1]];
  const between = (a: SpokenDate, b: SpokenDate) => OR_BETWEEN.test(normalised.slice(a.index + a.text.length, b.index));
  return (!!before && between(before, date)) || (!!after && between(date, after));
}

/** The mentions with each offer reduced to the day chosen after it, or to nothing. */
export function chosenOptions(mentions: readonly Mention[]): Mention[] {
  return mentions.filter((m, i) => {
    if (!m.offered) return true;
    const later = mentions.slice(i + 1).filter((o) => !o.offered && (o.segment ?? 0) > (m.segment ?? 0) && (o.segment ?? 0) - (m.segment ?? 0) <= CHOICE_REACH);
    return later.some((o) => o.day === m.day);
  });
}
