// Questions for what a summary's "Action items" hold ("What are the action items?", "Any next
// steps?", "Who is doing what?", "What are the deadlines?") name no word that was said, so BM25
// finds nothing for them. Such a question is one whose content words all ask for tasks or point
// at the recording (whole-recording.ts's words). It gets the passages in which someone took on or
// was given a task, by the rules the embedded summariser uses for its action items, in the order
// they were said. A question that names anything else ("What are the tasks for the concert?") is
// left to BM25, as is one for which no task was found: the words may be the recording's own.
import { findActionItems, knownNames } from '../text/action-items.ts';
import type { Segment } from '../providers/types.ts';
import { contentStems } from '../text/textrank.ts';
import { isMeta } from './whole-recording.ts';

/** Words that ask for the tasks taken on or given, and when they are due. */
const TASKS = new Set(
  contentStems(
    'action actions todo todos to-do to-dos task tasks step steps follow-up follow-ups followup followups assignment assignments assigned ' +
      'deliverable deliverables commitment commitments owner owners responsible deadline deadlines due',
  ),
);
/** Words that go with them without asking for tasks alone ("List the action items", "List the topics"). */
const WITH_TASKS = new Set(contentStems('item items list'));
/** Asking for the tasks without a word for them: "What needs to be done?", "Who is doing what?". */
const IN_OTHER_WORDS = /\b(?:what (?:needs|has|have|is) to (?:be done|happen)|who(?:'s| is| will be)? doing what|who (?:does|will do|should do|has to do) what)\b/i;
/** The other words of those phrasings. */
const PHRASING = new Set(contentStems('need needs done doing do does happen'));

/** Whether the question asks for the tasks and names nothing else the recording could hold. */
export function asksForTasks(question: string, stemsOf: (text: string) => string[]): boolean {
  const terms = stemsOf(question);
  const phrased = IN_OTHER_WORDS.test(question);
  if (!terms.every((t) => isMeta(t) || TASKS.has(t) || WITH_TASKS.has(t) || (phrased && PHRASING.has(t)))) return false;
  return phrased || terms.some((t) => TASKS.has(t) && !isMeta(t));
}

/** Indices of the segments in which someone took on or was given a task, in the order said. */
export function actionItemSegments(segments: readonly Segment[]): number[] {
  return [...new Set(findActionItems(segments, undefined, knownNames(segments)).map((item) => item.segment))].sort((a, b) => a - b);
}
