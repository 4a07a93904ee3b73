// Whether what is left of a clause says a task: "book the minibus", "register"; not "go", not
// "after closing" (a commitment the recogniser garbled to its when alone), not "take" ("i'll take
// next week").
import { taggedWords } from './pos.ts';
import type { SpokenDate } from './spoken-dates.ts';

/** Verbs that say nothing done without their object: "i'll take next week" is no task. */
const LIGHT_VERB = /^(?:take|do|have|get|make|give|put|go|be|see|keep)$/i;

/** "we'll go from there", "we'll see how it goes", "play it by ear": how the talk goes on, nothing to do. */
const HOW_TO_GO_ON_WORDS = String.raw`(?:(?:go|take\s+it|pick\s+it\s+up|carry\s+on|move\s+on|continue)\s+from\s+there|see\s+(?:how\s+it\s+goes|how\s+we\s+go|what\s+happens)|play\s+it\s+by\s+ear|take\s+it\s+as\s+it\s+comes|cross\s+that\s+bridge(?:\s+when\s+we\s+come\s+to\s+it)?)`;
const HOW_TO_GO_ON = new RegExp(`^${HOW_TO_GO_ON_WORDS}$`, 'i');
/** The same said after what is to be done: "send what you have by friday[ and we'll go from there]". */
export const THEN_HOW_TO_GO_ON = new RegExp(String.raw`,?\s+(?:and|then)\s+(?:we|i)(?:'ll|\s+will|\s+can)\s+${HOW_TO_GO_ON_WORDS}\s*(?=[.!]?\s*$)`, 'i');

/**
 * Two words or more, or one verb of six letters or more that is a task alone ("attend", "register"; not "go", "help"; not
 * "after closing", left of "we'll the the sunday after closing" as the recogniser wrote it: when, not what), or, when it is
 * due, one verb that needs no object ("please pay by friday").
 */
export function saysEnough(task: string, due: SpokenDate | undefined): boolean {
  if (HOW_TO_GO_ON.test(task)) return false;
  const alone = task.length >= 6 && !/^(?:after|before|until|till|by|on|at)\s/i.test(task) && (/\s/.test(task) || taggedWords(task)[0]?.pos === 'VERB');
  return alone || (!!due && !LIGHT_VERB.test(task) && taggedWords(`we ${task}`)[1]?.pos === 'VERB');
}
