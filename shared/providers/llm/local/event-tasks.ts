// An event said as someone's task takes its title from the task as the action items read it
// (action-items.ts): the reply that took a request on stands for it ("i can take that i'll have
// it done by thursday" → "Deadline: add the internal endpoints to the monitoring"), and what the
// group will do at a time is a meeting for it ("we'll do a follow up review on the eighth at
// three" → "Meeting: do a follow up review").
import type { ActionItem } from '../../../text/action-items.ts';
import { dayNumber } from '../../../text/dates-said.ts';
import type { SpokenDate } from '../../../text/spoken-dates.ts';
import { cappedTitle, saysMore, type EventKind } from './event-title.ts';

type Found = { kind: EventKind; title: string } | undefined;

/** The group's own plan: "we'll …", "we will …", "we're going to …". */
const GROUP_WILL = /\bwe(?:'ll|\s+will|\s+shall|'re\s+going\s+to|\s+are\s+going\s+to)\s/i;

/** A word in a title that stands for a thing said elsewhere ("Publish it"). */
const POINTS_BACK = /\b(?:it|them|this|that|these|those)\b/i;
/** Words of a task that stand for someone or something said elsewhere ("call you first thing"), which make it no better a title. */
const POINTS_AT = /\b(?:you|me|us|him|her|them|it|this|that|these|those)\b/i;
const firstWord = (text: string): string => text.split(/\s+/)[0]!.toLowerCase();
const sameDay = (a: SpokenDate, b: SpokenDate): boolean => dayNumber(a.start) === dayNumber(b.start);

/** The items each segment gives or takes on, by segment index. */
export function itemsBySegment(items: readonly ActionItem[]): Map<number, ActionItem[]> {
  const by = new Map<number, ActionItem[]>();
  for (const item of items) {
    for (const at of [item.segment, ...(item.replies ?? [])]) by.set(at, [...(by.get(at) ?? []), item]);
  }
  return by;
}

/** The title the sentence's own words gave, or one from the task due on the date, as above. */
export function titledByTask(found: Found, items: readonly ActionItem[], date: SpokenDate, part: string): Found {
  const item = items.find((i) => i.due && sameDay(i.due, date));
  if (!item) return found;
  // A task of one word ("please pay by friday") says less than "Deadline: subs" does.
  if (found?.kind === 'deadline') return item.task.includes(' ') || !saysMore(found.title) ? { kind: 'deadline', title: cappedTitle(`Deadline: ${item.task}`) } : found;
  if (!found && date.start.hour !== undefined && GROUP_WILL.test(part)) return { kind: 'appointment', title: cappedTitle(`Meeting: ${item.task}`) };
  // "Publish it" or "Call" from the sentence, "publish the ad" or "call the rec center" as the task reads it: the task says at least as much.
  const saysLess = POINTS_BACK.test(found?.title ?? '') || (!saysMore(found?.title ?? '') && !POINTS_AT.test(item.task));
  if (found?.kind === 'appointment' && saysLess && firstWord(found.title) === firstWord(item.task) && item.task.length > found.title.length) {
    return { kind: 'appointment', title: cappedTitle(item.task.charAt(0).toUpperCase() + item.task.slice(1)) };
  }
  return found;
}
