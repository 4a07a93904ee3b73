// One event per thing planned, however often it is mentioned. Mentions of the same kind merge
// when they start at the same instant, or fall on the same day and one of them gives no time
// (the time comes from the one that does). A mention that proposes nothing itself ("tuesday
// at three in room four then") never makes an event, but adds its place or end to the event
// it repeats. The merged event keeps the first proposal's title unless a later one says more,
// the first place and spoken end said, and the sentences that mention it.
import { saysMore, type EventKind } from './event-title.ts';

export interface Mention {
  /** undefined: the sentence proposes nothing, it only repeats a date. */
  readonly kind?: EventKind;
  readonly title: string;
  readonly start: number;
  /** The spoken end, when one was said. */
  readonly end?: number;
  /** The calendar day in the zone, as yyyymmdd. */
  readonly day: number;
  /** Whether a time of day was said. */
  readonly timed: boolean;
  readonly location: string;
  readonly sentence: string;
  /** The index of the segment it was said in. */
  readonly segment?: number;
  /** One of days offered to choose from ("tuesday or wednesday"): an event only once chosen (event-options.ts). */
  readonly offered?: boolean;
}

export interface Merged {
  kind: EventKind;
  title: string;
  start: number;
  end?: number;
  day: number;
  timed: boolean;
  location: string;
  sentences: string[];
}

function sameEvent(event: Merged, mention: Mention): boolean {
  if (mention.kind !== undefined && mention.kind !== event.kind) return false;
  if (mention.day !== event.day) return false;
  if (event.timed && mention.timed) return event.start === mention.start;
  // A supporting mention without a time cannot tell which event of the day it repeats.
  return mention.kind !== undefined || mention.timed;
}

function absorb(event: Merged, mention: Mention): void {
  if (!event.timed && mention.timed) {
    Object.assign(event, { start: mention.start, timed: true, end: mention.end });
  } else if (event.end === undefined && mention.end !== undefined && mention.start === event.start) event.end = mention.end;
  if (!event.location && mention.location) event.location = mention.location;
  if (mention.kind !== undefined && !saysMore(event.title) && saysMore(mention.title)) event.title = mention.title;
  if (!event.sentences.includes(mention.sentence)) event.sentences.push(mention.sentence);
}

/** Proposals in the order first said, each with what its repetitions add. */
export function mergeMentions(mentions: readonly Mention[]): Merged[] {
  const events: Merged[] = [];
  const proposals = mentions.filter((m) => m.kind !== undefined);
  // Timed proposals first, so a day said without a time joins the timed event of that day.
  for (const mention of [...proposals.filter((m) => m.timed), ...proposals.filter((m) => !m.timed)]) {
    const event = events.find((e) => sameEvent(e, mention));
    if (event) absorb(event, mention);
    else events.push({ kind: mention.kind!, title: mention.title, start: mention.start, end: mention.end, day: mention.day, timed: mention.timed, location: mention.location, sentences: [mention.sentence] });
  }
  for (const mention of mentions.filter((m) => m.kind === undefined)) {
    const event = events.find((e) => sameEvent(e, mention));
    if (event) absorb(event, mention);
  }
  const said = (e: Merged) => mentions.findIndex((m) => e.sentences.includes(m.sentence));
  return events.sort((a, b) => said(a) - said(b));
}
