// Questions for what a summary's "Action items" hold ("What are the action items?", "Any next
// steps?", "Who is doing what?"; "What are the deadlines?": the items with a due date) or for
// its decisions ("What was decided?", "What did we agree on?") name no word that was said, so
// BM25 finds nothing for them. Such a question is one whose content words all ask for tasks or
// decisions, or point at the recording (whole-recording.ts's words). It gets the passages in
// which someone took on or was given a task, by the rules the embedded summariser uses for its
// action items, or that state a decision, in the order they were said; asked of a speaker
// (retrieval.ts), that speaker's. A question that names something else too ("What did we decide
// about the roof?") gets those of them that say it (askedAbout), and is left to BM25 when none
// does, as is one for which no such passage was found: its words may be the recording's own. One
// that asks for the overview in so many words ("Recap what got decided") still gets the overview.
import { EVERYONE, findActionItems, knownNames, type ActionItem } from '../text/action-items.ts';
import { decisionsIn } from '../text/decisions.ts';
import { FAR_BACK, findDates } from '../text/spoken-dates.ts';
import { normaliseSpokenTimes } from '../text/spoken-times.ts';
import type { Segment } from '../providers/types.ts';
import { contentStems } from '../text/textrank.ts';
import { asksOverview, isMeta } from './whole-recording.ts';

export type Asked = 'tasks' | 'deadlines' | 'decisions';

/** Words that ask for the tasks taken on or given, and when they are due. */
const TASKS = new Set(
  contentStems(
    'action actions todo todos to-do to-dos task tasks step steps follow-up follow-ups followup followups assignment assignments assigned ' +
      'deliverable deliverables commitment commitments owner owners responsible',
  ),
);
/** Words that ask for when the tasks are due ("due" is a stop word: it is read in the question itself). */
const DEADLINES = new Set(contentStems('deadline deadlines'));
/** The word for a deadline, in a question that asks for them or a passage that names one ("the report is due on …"). */
const DEADLINE_WORD = /\b(?:deadlines?|due)\b/i;
/** Words that ask for what was decided. */
const DECISIONS = new Set(contentStems('decision decisions decide decided agree agreed agreement agreements conclusion conclusions outcome outcomes resolution resolutions settled'));
/** Words that go with them without asking for them alone ("List the action items", "List the topics"). */
const WITH_THEM = new Set(contentStems('item items list'));
/** Asking for the tasks without a word for them: "What needs to be done?", "Who is doing what?", "What will we do?". */
const IN_OTHER_WORDS =
  /\b(?:what (?:needs|has|have|is) to (?:be done|happen)|who(?:'s| is| will be)? doing what|who (?:does|will do|should do|has to do) what|what (?:do|does|will|should|must|shall)\s+(?:\S+\s+)?(?:(?:have|has|need|needs|got|going) to\s+)?do)\b/i;
/** The other words of those phrasings. */
const PHRASING = new Set(contentStems('need needs done doing do does happen'));

/** Whether the question asks for the tasks or the decisions, and names nothing else the recording could hold. */
export function askedFor(question: string, stemsOf: (text: string) => string[]): Asked | undefined {
  const terms = stemsOf(question);
  const phrased = IN_OTHER_WORDS.test(question);
  const allowed = (t: string) => isMeta(t) || TASKS.has(t) || DEADLINES.has(t) || DECISIONS.has(t) || WITH_THEM.has(t) || (phrased && PHRASING.has(t));
  if (!terms.every(allowed)) return undefined;
  if (DEADLINE_WORD.test(question)) return 'deadlines';
  if (phrased || terms.some((t) => TASKS.has(t) && !isMeta(t))) return 'tasks';
  return terms.some((t) => DECISIONS.has(t)) && !terms.some(asksOverview) ? 'decisions' : undefined;
}

/**
 * A question for the tasks, deadlines or decisions about something ("What did we decide about
 * the roof?", "What's the deadline for the menu choices?"): what it asks for, and the words of
 * the something, to look for among them.
 */
export function askedAbout(question: string, stemsOf: (text: string) => string[]): { asked: Asked; topic: string } | undefined {
  const asking = (t: string) => TASKS.has(t) || DEADLINES.has(t) || DECISIONS.has(t);
  const plain = (t: string) => isMeta(t) || asking(t) || WITH_THEM.has(t);
  const words = question.split(/\s+/);
  const topic = words.filter((w) => stemsOf(w).some((t) => !plain(t))).join(' ');
  const terms = stemsOf(question);
  if (!topic || !terms.some(asking)) return undefined;
  const asked: Asked = DEADLINE_WORD.test(question) ? 'deadlines' : terms.some((t) => DECISIONS.has(t)) ? 'decisions' : 'tasks';
  return { asked, topic };
}

/** "by the fourteenth", "before friday", "no later than the end of …": a date something is due by. */
const DUE_BY = /\b(?:by|before|no later than)\s+(?:the\s+)?(?:end\s+of\s+)?$/i;
const OBLIGED = /\b(?:needs?|must|has to|have to|got to|should|wants?|expects?|requires?|aim|aiming|plan|planning|supposed to)\b/i;

/**
 * A deadline said, whoever owns the work: in so many words ("the submission deadline is the
 * fifteenth"), or as what must be done by a date ("everything needs to be merged by the fourteenth").
 */
function namesADeadline(text: string): boolean {
  const dates = findDates(text, FAR_BACK);
  if (dates.length === 0) return false;
  if (DEADLINE_WORD.test(text)) return true;
  const said = normaliseSpokenTimes(text);
  return OBLIGED.test(text) && dates.some((d) => DUE_BY.test(said.slice(0, d.index)));
}

const saysADate = (segment: Segment): boolean => findDates(String(segment.sentence ?? ''), FAR_BACK).length > 0;

const saying = (segments: readonly Segment[], test: (text: string) => boolean): number[] => segments.flatMap((s, i) => (test(String(s.sentence ?? '')) ? [i] : []));

/** The segments of the items asked for: each one's own and the replies that took it on (for the deadlines, those that say when). */
function itemSegments(items: readonly ActionItem[], asked: Asked, segments: readonly Segment[]): number[] {
  const replies = (item: ActionItem) => (item.replies ?? []).filter((r) => asked === 'tasks' || saysADate(segments[r]!));
  return items.filter((item) => asked === 'tasks' || item.due).flatMap((item) => [item.segment, ...replies(item)]);
}

/**
 * Indices of the segments that answer, in the order said: those that give a task; for the
 * deadlines, those giving a task with a due date or naming a deadline with its date, else those naming a date ("the release is
 * planned for the fifteenth of december"); those that state a decision. With `whose`: only the
 * tasks it owns (by the owner's name) or the whole group's, or the decisions it stated (by the speaker's). Without
 * `datesInstead`, no passage merely naming a date stands in for the deadlines (across a library,
 * other recordings may have tasks due).
 */
export function askedSegments(segments: readonly Segment[], asked: Asked, whose?: (name: string) => boolean, datesInstead = true): number[] {
  if (asked === 'decisions') {
    const decided = decisionsIn(segments.map((s) => String(s.sentence ?? ''))).filter(({ at }) => !whose || whose(segments[at]!.speaker || ''));
    // A bare verdict ("motion carried") comes with the proposal it settles.
    return [...new Set(decided.flatMap(({ at, settles }) => (settles === undefined ? [at] : [settles, at])))].sort((a, b) => a - b);
  }
  // Any reference will do: it only tells whether an item names when it is due.
  const items = findActionItems(segments, asked === 'deadlines' ? FAR_BACK : undefined, knownNames(segments)).filter((item) => !whose || item.owner === EVERYONE || whose(item.owner));
  const stated = asked === 'deadlines' && !whose ? saying(segments, namesADeadline) : [];
  const given = [...new Set([...stated, ...itemSegments(items, asked, segments)])].sort((a, b) => a - b);
  return given.length > 0 || asked === 'tasks' || whose || !datesInstead ? given : segments.flatMap((s, i) => (saysADate(s) ? [i] : []));
}
