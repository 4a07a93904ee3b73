// "the boiler stopped working again over the weekend", "it broke down on saturday", "we met on
// tuesday", "i shared the deck on monday": a weekday or a weekend said in a clause that tells what
// happened is one gone by, though chrono reads it forward, so no day ahead. A verb that arranges a
// thing sets its day ("i booked a table on friday", "we scheduled a call on monday"). A clause that says what will be ("… and we
// finish on friday", "he's coming back next tuesday"), a day marked as ahead ("this coming
// friday"), or a verb read as a state ("the office is closed on monday") is read as said.
import { WEEKDAY } from './calendar.ts';
import { taggedWords } from './pos.ts';

/** A weekday or the weekend said alone ("on tuesday", "over the weekend", "saturday morning"), no word marking which. */
const DAY_ALONE = new RegExp(`^(?:(?:on|at|over|by)\\s+)?(?:the\\s+)?(?:weekend|${WEEKDAY})(?:\\s+(?:morning|afternoon|evening|night))?$`, 'i');
/** Past forms, not in -ed, that tell what happened (not "was", "were": "we were hoping to meet on friday" plans; not "got": "i got a slot on friday" is for then). */
const HAPPENED = /^(?:met|went|came|broke|began|spoke|saw|heard|read|had|rang|sent|fell|burst|said|told|gave|took|made|found|wrote|bought|sold|paid|lost|won|forgot|left|brought|thought|felt|did|ran|drove|flew|sat|stood|kept|held)$/i;
/** A verb in -ed (not "-eed": "need"), the past of one that tells what happened. */
const REGULAR_PAST = /^[a-z]{3,}[^e]ed$|^[a-z]{2,}ied$/i;
/** What was done that sets a day for what is arranged ("i booked a table on friday", "we scheduled a call on monday"): the day is the thing's, still to come. */
const ARRANGED = /^(?:booked|scheduled|arranged|planned|organi[sz]ed|fixed|moved|pushed|pencil+ed|confirmed|agreed|decided|promised|offered|invited|reserved|ordered|requested|asked|proposed|suggested|slotted|timed|expected|hoped|wanted|needed|shifted|rescheduled|postponed|cancel+ed|changed)$/i;
/** A past form read as a state or said of what will be, or done by now: "is closed", "will be delivered", "gets fixed", "we've booked". */
const AS_STATE = /\b(?:is|are|be|being|been|'s|'re|get|gets|getting|have|has|'ve)\s+(?:\w+\s+)?$/i;
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
  // "my laptop keeps freezing since the update on tuesday": since then, so before now.
  if (/\bsince\b/i.test(opening)) return true;
  // No word that could be a past form: no need to tag (findDates reads every line, often more than once).
  const words = `${opening} ${closing}`.split(/[^\p{L}']+/u);
  if (!words.some((w) => HAPPENED.test(w) || REGULAR_PAST.test(w))) return false;
  // "stopped working", "went camping": a word in -ing is what was done, the verb before it tells when.
  const verbs = (text: string) => taggedWords(text).filter((w) => ['VERB', 'AUX'].includes(w.pos) && !/ing$/i.test(w.text));
  const last = verbs(opening).at(-1);
  const [verb, text] = last ? [last, opening] : [verbs(closing)[0], closing];
  const happened = !!verb && (HAPPENED.test(verb.text) || (REGULAR_PAST.test(verb.text) && !ARRANGED.test(verb.text)));
  return happened && !AS_STATE.test(text.slice(0, verb.start));
}
