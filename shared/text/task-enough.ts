// Whether what is left of a clause says a task: "book the minibus", "register"; not "go", not
// "after closing" (a commitment the recogniser garbled to its when alone), not "take" ("i'll take
// next week").
import { taggedWords } from './pos.ts';
import type { SpokenDate } from './spoken-dates.ts';

/** Verbs that say nothing done without their object: "i'll take next week" is no task. */
const LIGHT_VERB = /^(?:take|do|have|get|make|give|put|go|be|see|keep)$/i;

/**
 * Two words or more, or one verb of six letters or more that is a task alone ("attend", "register"; not "go", "help"; not
 * "after closing", left of "we'll the the sunday after closing" as the recogniser wrote it: when, not what), or, when it is
 * due, one verb that needs no object ("please pay by friday").
 */
export function saysEnough(task: string, due: SpokenDate | undefined): boolean {
  const alone = task.length >= 6 && !/^(?:after|before|until|till|by|on|at)\s/i.test(task) && (/\s/.test(task) || taggedWords(task)[0]?.pos === 'VERB');
  return alone || (!!due && !LIGHT_VERB.test(task) && taggedWords(`we ${task}`)[1]?.pos === 'VERB');
}
