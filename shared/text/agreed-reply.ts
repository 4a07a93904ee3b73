// The reply that takes on an item asked of someone, said right after by that one: "priya, can you
// update the runbook?" … "sure, by wednesday"; "kiran, you raise the change request today" …
// "done by end of day". The day it gives is when the item is due, if the asking said none, and
// the reply stands for the item (an event it gives is the item's: "Deadline: update the runbook").
import type { Segment } from '../providers/types.ts';
import type { Said } from './dates-said.ts';
import { AGREES } from './requests.ts';
import { findDates, type DateReference, type SpokenDate } from './spoken-dates.ts';

export interface AgreedReply {
  readonly segment: number;
  readonly due: SpokenDate;
}

/** A clause of the reply's own: another subject, or "and" joining more. */
const OWN_CLAUSE = /\b(?:and|i|i'll|i'm|we|we'll|you|he|she|they)\b/i;

/** The reply to the item asked in segment `at` of `owner`, when the next segment is theirs, agrees and says when, and nothing more; undefined else. */
export function agreedReply(segments: readonly Segment[], at: number, owner: string, reference: DateReference | undefined, earlier: () => readonly Said[]): AgreedReply | undefined {
  const next = segments[at + 1];
  const sentence = String(next?.sentence ?? '');
  // "sure and i'll email the parents tomorrow": a task of its own, and its day.
  if (!reference || !next || String(next.speaker ?? '').trim() !== owner || !AGREES.test(sentence) || OWN_CLAUSE.test(sentence)) return undefined;
  const due = findDates(sentence, reference, earlier()).find((d) => !d.period);
  return due && { segment: at + 1, due };
}
