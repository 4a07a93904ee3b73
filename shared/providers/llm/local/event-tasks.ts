// An event said as someone's task takes its title from the task as the action items read it
// (action-items.ts): the reply that took a request on stands for it ("i can take that i'll have
// it done by thursday" → "Deadline: add the internal endpoints to the monitoring"), and what the
// group will do at a time is a meeting for it ("we'll do a follow up review on the eighth at
// three" → "Meeting: do a follow up review").
import type { ActionItem } from '../../../text/action-items.ts';
import type { SpokenDate } from '../../../text/spoken-dates.ts';
import { saysMore, type EventKind } from './event-title.ts';

type Found = { kind: EventKind; title: string } | undefined;

const MAX_TITLE = 200;
/** The group's own plan: "we'll …", "we will …", "we're going to …". */
const GROUP_WILL = /\bwe(?:'ll|\s+will|\s+shall|'re\s+going\s+to|\s+are\s+going\s+to)\s/i;

const sameDay = (a: SpokenDate, b: SpokenDate): boolean => a.start.year === b.start.year && a.start.month === b.start.month && a.start.day === b.start.day;
const capped = (title: string): string => (title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1).trimEnd()}…` : title);

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
  if (found?.kind === 'deadline') return item.task.includes(' ') || !saysMore(found.title) ? { kind: 'deadline', title: capped(`Deadline: ${item.task}`) } : found;
  if (!found && date.start.hour !== undefined && GROUP_WILL.test(part)) return { kind: 'appointment', title: capped(`Meeting: ${item.task}`) };
  return found;
}
