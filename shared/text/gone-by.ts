// "the boiler stopped working again over the weekend", "it broke down on saturday", "we met on
// tuesday": a weekday or a weekend said in a clause that tells what happened is one gone by,
// though chrono reads it forward, so no day ahead. A clause that says what will be ("… and we
// finish on friday", "he's coming back next tuesday"), a day marked as ahead ("this coming
// friday"), or a verb read as a state ("the office is closed on monday") is read as said.
import { taggedWords } from './pos.ts';

/** A weekday or the weekend said alone ("on tuesday", "over the weekend", "saturday morning"), no word marking which. */
const DAY_ALONE = /^(?:(?:on|at|over|by)\s+)?(?:the\s+)?(?:weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?:\s+(?:morning|afternoon|evening|night))?$/i;
/** Verbs in the past that tell what happened (not "was", "were": "we were hoping to meet on friday" plans; not "booked", "got", "decided": "i booked a table on friday" may be for then). */
const HAPPENED = /^(?:met|went|came|happened|stopped|broke|started|began|ended|finished|crashed|failed|arrived|died|fell|leaked|burst|flooded|collapsed|spoke|talked|discussed|saw|heard|read|had|visited|called|rang|emailed|sent|delivered|fixed|noticed)$/i;
/** A past form read as a state or said of what will be: "is closed", "will be delivered", "gets fixed". */
const AS_STATE = /\b(?:is|are|be|being|'s|'re|get|gets|getting)\s+(?:\w+\s+)?$/i;
/** What will be: the clause plans, or marks the day as ahead. */
const AHEAD = /\b(?:will|'ll|going\s+to|gonna|next|coming|upcoming|tomorrow|should|shall|can|could|would|need|needs|must)\b/i;
/** Where a clause ends. */
const CLAUSE_END = /[,;.!?]|\b(?:and|but|so|then|because|while|until|when|once)\b/gi;

/** Whether the day `said` (its text in lower case), between `before` and `after` in a sentence, is one gone by that the clause tells of: the verb nearest before it (or, with none, after it) tells what happened. */
export function goneBy(said: string, before: string, after: string): boolean {
  // "i sent the invite for friday": the day it is for.
  if (!DAY_ALONE.test(said) || /\bfor\s+(?:the\s+)?$/i.test(before)) return false;
  const starts = [...before.matchAll(CLAUSE_END)].at(-1);
  const opening = starts ? before.slice(starts.index + starts[0].length) : before;
  const closing = after.slice(0, after.search(CLAUSE_END) >= 0 ? after.search(CLAUSE_END) : after.length);
  if (AHEAD.test(`${opening} ${said} ${closing}`)) return false;
  // "stopped working", "went camping": a word in -ing is what was done, the verb before it tells when.
  const verbs = (text: string) => taggedWords(text).filter((w) => ['VERB', 'AUX'].includes(w.pos) && !/ing$/i.test(w.text));
  const last = verbs(opening).at(-1);
  const [verb, text] = last ? [last, opening] : [verbs(closing)[0], closing];
  return !!verb && HAPPENED.test(verb.text) && !AS_STATE.test(text.slice(0, verb.start));
}
