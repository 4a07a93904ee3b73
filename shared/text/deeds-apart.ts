// "I'll fill it in tonight and pay online tomorrow", "I'll draft it this weekend and send it around
// on Monday": two deeds joined by "and" or "then", each with a day of its own, are two tasks, each
// due on its day. The second is said again with the first's subject and modal ("I'll send it
// around on Monday"), so it is read as a commitment or request of its own; its "it" is what the
// first's stands for. One day for both ("order and collect the cake by Friday") stays one task.
import { taggedWords } from './pos.ts';
import { findDates, type DateReference } from './spoken-dates.ts';
import { normaliseSpokenTimes } from './spoken-times.ts';
import { THEN_HOW_TO_GO_ON } from './task-enough.ts';

/** What starts a commitment or a request, up to its verb: "i'll", "we need to", "sam will", "can you", "please". */
const HEAD = /^(.*?\b(?:[\p{L}]+(?:'ll|\s+(?:will|can|should|must|shall)|\s+(?:am|are|is)\s+going\s+to|'m\s+going\s+to|'re\s+going\s+to|\s+(?:need|needs|have|has)\s+to)|please|(?:can|could|would|will)\s+you(?:\s+please)?)\s+)/iu;
/** What asks about a day rather than does something on it. */
const ASKED = /\b(?:if|whether)\b/i;
/** What offers a day rather than does something on it. */
const OFFERED = /\b(?:suggest|suggesting|propose|proposing|offer|offering|ask\s+for|request)\b/i;
/** Where two deeds are joined: "and", "and then", "then". */
const JOIN = /\s+(?:and(?:\s+then)?|then)\s+/gi;

/** The clause as one clause per deed, each deed after the first led by the first's head. */
export function deedsApart(said: string, reference: DateReference | undefined): string[] {
  // "… and we'll go from there" says how the talk goes on, no deed.
  const clause = said.replace(THEN_HOW_TO_GO_ON, '');
  const head = HEAD.exec(clause)?.[1];
  if (!reference || !head) return [clause];
  const text = normaliseSpokenTimes(clause);
  // No join after the head, no second deed: the dates are not read (dueDate reads them once).
  const joins = [...text.matchAll(JOIN)].filter((m) => m.index > head.length);
  if (joins.length === 0) return [clause];
  const dates = findDates(text, reference, []);
  if (dates.length < 2) return [clause];
  const join = joins.find((m) => {
    // "ask if the hall is free on monday and let you know by wednesday": a day asked about is no deed's.
    const left = dates.filter((d) => d.index + d.text.length <= m.index && !ASKED.test(text.slice(head.length, d.index)));
    // "… and suggest wednesday at five": a day offered is what is said, no deed's day.
    const right = dates.filter((d) => d.index >= m.index + m[0].length && !OFFERED.test(text.slice(m.index + m[0].length, d.index)));
    return left.length > 0 && right.length > 0 && taggedWords(`we ${text.slice(m.index + m[0].length)}`)[1]?.pos === 'VERB';
  });
  if (!join) return [clause];
  return [text.slice(0, join.index), `${head}${text.slice(join.index + join[0].length)}`];
}
