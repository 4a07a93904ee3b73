// One event per thing planned, however often it is mentioned. Mentions of the same kind merge
// when they start at the same instant, or fall on the same day and one of them gives no time
// (the time comes from the one that does), unless each names a thing of its own and they are
// said apart ("the cutover on saturday the sixth" … "i'll check it finished on saturday morning"),
// or one is said to be on "that day" ("the open day is on saturday" … "let's do lunch at twelve that
// day"). A mention that proposes nothing itself ("tuesday
// at three in room four then") never makes an event, but adds its place or end to the event
// it repeats. The merged event keeps the first proposal's title unless a later one says more (or
// names the thing someone's arrival said with it starts), the first place and spoken end said, and
// the sentences that mention it; a thing arriving or booked that day ("the van is booked from eight")
// gives its time to the thing named near it ("distribution is the following saturday").
import { onlyKind, saysMore, type EventKind } from './event-title.ts';

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
  /** Said on "that day", the day of a thing said before ("let's do lunch at twelve that day"): a thing of its own, not a part of that one. */
  readonly onThatDay?: boolean;
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
  /** The segments its mentions were said in. */
  segments: number[];
  /** Proposed on "that day" (Mention's). */
  onThatDay?: boolean;
}

/** Whether two titles name two things: each names one of its own, and neither holds the other ("Tasting", "Cake tasting"). */
function otherThings(a: string, b: string): boolean {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return !onlyKind(a) && !onlyKind(b) && !x.includes(y) && !y.includes(x);
}

/** A meal named alone ("Lunch") beside a thing that has a name of its own. */
const mealBeside = (meal: string, other: string): boolean => /^(?:lunch|dinner|breakfast)$/i.test(meal) && !onlyKind(other);

const sameName = (a: string, b: string): boolean => a.toLowerCase().includes(b.toLowerCase()) || b.toLowerCase().includes(a.toLowerCase());

/** How many segments apart a day and its time may be said of one thing under two names ("the wedding is on …", "the ceremony starts at two"). */
const NEAR = 1;
const saidNear = (event: Merged, mention: Mention): boolean => event.segments.some((s) => Math.abs(s - (mention.segment ?? Number.NaN)) <= NEAR);

function sameEvent(event: Merged, mention: Mention): boolean {
  if (mention.kind !== undefined && mention.kind !== event.kind) return false;
  if (mention.day !== event.day) return false;
  if (event.timed && mention.timed) return event.start === mention.start;
  // "the cutover on saturday the sixth" … ten lines on, "i'll check it finished on saturday morning": two things named far apart are two events.
  if (mention.kind !== undefined && otherThings(event.title, mention.title) && !saidNear(event, mention)) return false;
  if (mention.kind !== undefined && (mention.onThatDay || event.onThatDay) && !sameName(event.title, mention.title)) return false;
  // "friday is the company move" … "lunch at one": a meal said with its time is no time of the thing named that day.
  if (mention.kind !== undefined && (mealBeside(event.title, mention.title) || mealBeside(mention.title, event.title))) return false;
  // A supporting mention without a time cannot tell which event of the day it repeats.
  return mention.kind !== undefined || mention.timed;
}

/** A title event-visit.ts gives someone's getting here ("Assessor arrives"). */
const ARRIVAL = /\sarrives$/;

/** Whether the event is a thing said to be booked ("the van is booked from eight", "the plumber is booked for nine"): for another thing, when one is named that day. */
const booked = (event: Merged): boolean =>
  new RegExp(`\\b${event.title.replace(/[^\p{L}\s-]/gu, '')}\\s+(?:is|are|has\\s+been|have\\s+been|was|were)\\s+(?:booked|reserved|hired)\\b`, 'iu').test(event.sentences[0] ?? '');

function absorb(event: Merged, mention: Mention): void {
  if (!event.timed && mention.timed) {
    Object.assign(event, { start: mention.start, timed: true, end: mention.end });
  } else if (event.end === undefined && mention.end !== undefined && mention.start === event.start) event.end = mention.end;
  if (!event.location && mention.location) event.location = mention.location;
  if (mention.kind !== undefined && !saysMore(event.title) && saysMore(mention.title)) event.title = mention.title;
  // "the audit is on thursday, the assessor arrives at half eight": an arrival said with the thing of that day starts it, and the thing names it.
  // "distribution is the following saturday. the van is booked from eight": what is booked for the thing of that day starts it, and the thing names it.
  else if (mention.kind !== undefined && (ARRIVAL.test(event.title) || booked(event)) && !ARRIVAL.test(mention.title) && !onlyKind(mention.title) && saidNear(event, mention)) event.title = mention.title;
  if (!event.sentences.includes(mention.sentence)) event.sentences.push(mention.sentence);
  if (mention.segment !== undefined) event.segments.push(mention.segment);
}

/** Proposals in the order first said, each with what its repetitions add. */
export function mergeMentions(mentions: readonly Mention[]): Merged[] {
  const events: Merged[] = [];
  const proposals = mentions.filter((m) => m.kind !== undefined);
  // Timed proposals first, so a day said without a time joins the timed event of that day.
  for (const mention of [...proposals.filter((m) => m.timed), ...proposals.filter((m) => !m.timed)]) {
    const event = events.find((e) => sameEvent(e, mention));
    if (event) absorb(event, mention);
    else events.push({ kind: mention.kind!, title: mention.title, start: mention.start, end: mention.end, day: mention.day, timed: mention.timed, location: mention.location, sentences: [mention.sentence], segments: mention.segment === undefined ? [] : [mention.segment], ...(mention.onThatDay ? { onThatDay: true } : {}) });
  }
  for (const mention of mentions.filter((m) => m.kind === undefined)) {
    const event = events.find((e) => sameEvent(e, mention));
    if (event) absorb(event, mention);
  }
  const said = (e: Merged) => mentions.findIndex((m) => e.sentences.includes(m.sentence));
  return events.sort((a, b) => said(a) - said(b));
}
