// Calendar events without a model: explicit future appointments ("let's meet next tuesday at
// three p m in room four …") and deadlines ("the deadline for X is december fifth", "… by
// friday") found sentence by sentence in the transcript (where a machine transcript has no
// punctuation, its sentences end where the speaker paused before a new clause: pauses.ts).
// Dates are resolved by spoken-dates against the meeting date, wall-clock times in the
// recording's time zone (its IANA name; without one, the meeting date's own offset). A day
// without a time becomes 09:00 there (Speakr's default), or the working hour of the part of
// the day said with it (morning 09:00, afternoon 14:00, evening 18:00, tonight 19:00), or a
// meal's hour when a meal is what it is (lunch 12:00, dinner 19:00), or an evening's ("open
// evening" 18:00, "quiz night" 19:00); the end
// is the spoken end, or the start and a length said with it ("for an hour and a half",
// "should take about six hours", "a two hour workshop"), or start + 1 h. A date said in a clause about the past (unless it is
// marked as ahead: "next tuesday", "tomorrow"), a negated, conditional or recurring clause
// proposes nothing; repeated mentions of one event merge (event-merge.ts). The summary is not read: locally it is made from the same
// transcript and would only repeat its dates. Deterministic; no I/O.
import { thingBefore, withReferentHere, withSubject, type SaidBefore } from '../../../text/referents.ts';
import { answerTurnedDown, asMoved, lengthKept, movedTo, namedAgain } from './event-moved.ts';
import { answeredOr, answeredWithTime, askedAgain, askedWhen, fullerName, thingTalkedAbout, type AskedWhen } from './event-asked.ts';
import type { EventsRequest, FoundEvent, Segment } from '../../types.ts';
import { instantOf, isoInZone } from '../../../domain/time-zones.ts';
import { dateReference, DatesSaid, findDates, withoutDate, type DateParts, type DateReference, type SpokenDate } from '../../../text/spoken-dates.ts';
import { EVENING_HOURS, EVENING_THING } from '../../../text/thing-hours.ts';
import { normaliseSpokenTimes } from '../../../text/spoken-times.ts';
import { NOON } from '../../../text/calendar.ts';
import { ORDINAL_WORD } from '../../../text/ordinal-day.ts';
import { dayNumber } from '../../../text/dates-said.ts';
import { END_OF_WEEK } from '../../../text/end-of-period.ts';
import { sentencesOf } from '../../../text/pauses.ts';
import { saysSameTime } from '../../../text/same-time.ts';
import { mergeMentions, type Mention } from './event-merge.ts';
import { chosenOptions, offeredWithOthers } from './event-options.ts';
import { NEXT_TO } from '../../../text/day-next-to.ts';
import { beforePlaceAtEnd, findLocation, withoutPlace } from '../../../text/places.ts';
import { lengthSaid, withoutLength } from '../../../text/length-said.ts';
import { deadlineOfThingAhead, onlyKind, saysMore, titleOf, withoutItself } from './event-title.ts';
import { findActionItems, knownNames, type ActionItem } from '../../../text/action-items.ts';
import { itemsBySegment, titledByTask } from './event-tasks.ts';
import { endSaidAfter, withEndsSaid } from './event-end.ts';

export { findLocation } from '../../../text/places.ts';

const HOUR_MS = 3_600_000;
const DEFAULT_HOUR = 9;
/** The hour a meal is had at, or an evening held, for one named as the event without its time ("lunch with the investors on friday" → 12:00, "the open evening" → 18:00). */
const HOURS_OF_THINGS: Readonly<Record<string, number>> = { breakfast: 8, brunch: 11, lunch: 12, dinner: 19, supper: 19, evening: 18, night: 19 };
/** The hour from which a thing's own hour is the evening's. */
const EVENING = 18;
const MAX_EVENTS = 50;

// Said about the past, or called off: not an appointment to keep. A bare weekday resolves
// forward ("we met on tuesday" → the coming one), so a clause about the past proposes nothing,
// unless its date marks itself as ahead: "the review was moved to next tuesday" is planned.
const PAST = /\b(?:met|had|was|were|did|went|last\s+(?:week|month|year|time|night|\w+day\b(?!\s+(?:in|of)\b))|ago|yesterday|earlier)\b/i;
const CALLED_OFF = /\b(?:cancel(?:l?ed)?|postponed|can't|cannot|couldn't|won't|wouldn't|(?:doesn't|isn't|aren't|not)(?!\s+(?:(?:start|begin|open|happen|due)\s+)?(?:until|till)\b)|no longer|never|no(?!\s+(?:later|sooner|earlier|more|less|problem|worries|doubt|rush)\b)(?=\s+\w))\b/i;
/** "not yet we need the last ones by …", "no, the deadline is …": an answer to what was asked, not a negation of what follows ("no meeting on friday" is one). */
const ANSWER = /^\s*(?:(?:no|nope)[,.!]|not yet\b[,.!]?|not really\b[,.!]?)\s+(?=\S)/i;
const AHEAD = /\b(?:next|tomorrow|tonight|coming|upcoming)\b/i;
/** How far before a date a word marking it as ahead may stand ("the coming friday"). */
const AHEAD_LEAD = 12;
// A condition ("if the client calls on friday …") or a habit ("every monday") is no single appointment.
const CONDITIONAL = /^\s*(?:if|unless|in case|whether|when(?:ever)?)\b/i;
/** "ask", "check", "see" before an "if" or "whether" clause: what follows is asked, not a condition. */
const ASKED_IF = /\b(?:ask|asks|asked|asking|see|check|checking|find\s+out|wonder(?:ing)?)\s+$/i;
const RECURRING = /\b(?:every|each)\s+(?:day|week|month|morning|afternoon|evening|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|\b(?:daily|weekly|monthly)\b/i;
// A clause ends at a comma, semicolon or colon, or before a conjunction that starts a new one.
const CLAUSE_BREAK = /[,;:]\s*|\s+(?=(?:but|though|although|instead|whereas|because|unless|if)\b)/gi;
// When the sentence turns to a proposal ("… but tuesday works"), a negation stays in its own clause.
const CONTRAST = /\b(?:but|instead|rather|how about|what about|let's|let us|works|shall we)\b/i;
// A calendar day must be said: "the year" or "next week" alone is no appointment, "the end of the week" is its Friday,
// "in ten days" or "within two weeks" the day they end.
const EXPLICIT_DAY = new RegExp(
  `\\d|\\b(?:${END_OF_WEEK}|end\\s+of\\s+(?:the\\s+|this\\s+|next\\s+)?month|today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|noon|midnight|${ORDINAL_WORD}|${NEXT_TO}|(?:in|within)\\s+(?:a|one|two|three|four|five|six|seven|eight|nine|ten)\\s+days?|within\\s+(?:a|one|two|three|four)\\s+weeks?)\\b`,
  'i',
);

/** The clause of `text` that holds the span [from, to). */
export function clauseAt(text: string, from: number, to: number): string {
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(CLAUSE_BREAK)) {
    const at = m.index;
    if (at + m[0].length <= from) start = at + m[0].length;
    else if (at >= to) {
      end = at;
      break;
    }
  }
  return text.slice(start, end);
}

/** Where the clause of `text` that holds [from, to) starts. */
function clauseStart(text: string, from: number, to: number): number {
  return text.indexOf(clauseAt(text, from, to));
}

/** "what if it rains?", "and if the crane's late?": a condition asked of (its question mark left out as a recogniser writes it, when it opens the line). */
const IF_ASKED = /\b(?:what\s+(?:if|happens\s+if|about\s+if)|and\s+if)\b[^?]*\?\s*$|^\s*(?:(?:so|and|but|ok|okay)\s+)?(?:what\s+(?:if|happens\s+if|about\s+if)|and\s+if)\b[^.!?]*$/i;
/** "then we push the pour to friday", "in that case, …": what would happen were the condition asked of met. */
const IF_SO = /^\s*(?:(?:well|ok|okay|yeah|yes|oh)[,\s]+)?(?:then|in that case|if so|if it does|if that happens)\b/i;

/** Whether `sentence` says what would happen under the condition the sentence just before asked of. */
const underCondition = (sentence: string, before: string | undefined): boolean => IF_SO.test(sentence) && !!before && IF_ASKED.test(before);

/** "… we'll", "… i'm going to", "… please": a subject and its verb, or a request, which in an unpunctuated transcript starts the main clause after a condition. */
const MAIN_CLAUSE = /\s(?=(?:we|i|you|they)(?:'re|'ll|'ve|'m|\s+(?:are|will|can|should|need|must|have|plan|want|hope)\b)|please\s)/gi;

/**
 * "if the survey is fine we're aiming to exchange by the eighth": a condition the recogniser ran
 * into its main clause, which proposes what it says; the clause from there when the date
 * (at `at` in it) is in the main clause, else the clause as it is.
 */
function afterCondition(clause: string, at: number): string {
  if (!CONDITIONAL.test(clause)) return clause;
  const main = [...clause.matchAll(MAIN_CLAUSE)].find((m) => m.index > 0)?.index;
  return main !== undefined && main < at ? clause.slice(main) : clause;
}

/** Whether the date at [from, to) is proposed: not past, negated, conditional or recurring in its clause. */
export function proposes(sentence: string, from: number, to: number): boolean {
  const start = clauseStart(sentence, from, to);
  // "i'll ask if wednesday works instead": a question put to someone, offering the day; no condition.
  const askedIf = ASKED_IF.test(sentence.slice(0, start));
  const clause = (askedIf ? clauseAt(sentence, from, to).replace(CONDITIONAL, '') : afterCondition(clauseAt(sentence, from, to), from - start)).replace(ANSWER, '');
  const ahead = AHEAD.test(sentence.slice(Math.max(0, from - AHEAD_LEAD), to));
  const notPlanned = (text: string) => CALLED_OFF.test(text) || (!ahead && PAST.test(text));
  if (notPlanned(clause) || CONDITIONAL.test(clause) || RECURRING.test(clause)) return false;
  // One clause negated and no turn to a proposal: the negation covers the sentence ("on friday at 3, i can't"),
  // unless that clause says a day of its own ("the train leaves on thursday, so anything not merged by wednesday waits").
  const others = sentence.replace(ANSWER, '').split(CLAUSE_BREAK).filter((c) => c && !EXPLICIT_DAY.test(c));
  return CONTRAST.test(sentence) || !others.some(notPlanned);
}

/** The sentence without its date mentions (and their "by", "on" …) and the place it names. */
function withoutMentions(normalised: string, dates: readonly SpokenDate[]): string {
  let out = normalised;
  for (const date of [...dates].sort((a, b) => b.index - a.index)) {
    out = withoutDate(out, date.index, date.text.length);
  }
  return withoutPlace(out).replace(/\s+/g, ' ').trim();
}

const at = (parts: DateParts, reference: DateReference, defaultHour: number): number =>
  instantOf({ ...parts, hour: parts.hour ?? defaultHour, minute: parts.hour === undefined ? 0 : parts.minute }, reference.timeZone);

type Found = ReturnType<typeof titleOf>;

/** The meal or the part of the day an appointment's name ends in ("Team dinner", "Lunch with the investors", "Quiz night"), as its hour. */
function thingHour(found: Found): number | undefined {
  if (found?.kind !== 'appointment') return undefined;
  const name = found.title.split(/:|\s+(?:with|for|about|of|at|in|and)\s+/i)[0]!.toLowerCase().split(/\s+/);
  return HOURS_OF_THINGS[name.at(-1)!];
}

/**
 * "presentation night first. … starting at seven", "and the wrap party?" … "… from eight": an hour said without am or pm for a thing of the
 * evening, named before, is the evening's (for a party, a gig, a dinner … an hour from seven to nine: "the working party … at eleven" stays).
 */
function ofTheEvening(date: SpokenDate, found: Found): SpokenDate {
  const hour = date.start.hour;
  const evening = (h: number) => (thingHour(found) ?? 0) >= EVENING || (found?.kind === 'appointment' && EVENING_THING.test(found.title.toLowerCase()) && h >= EVENING_HOURS.from && h <= EVENING_HOURS.to);
  if (hour === undefined || hour < 6 || hour >= NOON || !evening(hour) || /\b(?:am|a\.m\.|morning)\b/i.test(date.text)) return date;
  const end = date.end?.hour !== undefined && date.end.hour < NOON ? { end: { ...date.end, hour: date.end.hour + NOON } } : {};
  return { ...date, start: { ...date.start, hour: hour + NOON }, ...end };
}

function mentionOf(sentence: string, normalised: string, said: SpokenDate, found: Found, reference: DateReference): Mention | undefined {
  const date = ofTheEvening(said, found);
  const defaultHour = date.start.dayPartHour ?? thingHour(found) ?? DEFAULT_HOUR;
  const start = at(date.start, reference, defaultHour);
  if (!(start > reference.instant.getTime())) return undefined;
  // "starting at eight, should take about six hours": a length said with the start ends it.
  const length = lengthSaid(normalised);
  const end = date.end ? at(date.end, reference, (date.start.hour ?? defaultHour) + 1) : length ? start + length : Number.NaN;
  return {
    kind: found?.kind,
    title: found?.title ?? '',
    start,
    ...(end > start ? { end } : {}),
    day: dayNumber(date.start),
    timed: date.start.hour !== undefined,
    location: findLocation(normalised),
    sentence,
  };
}

interface Said {
  readonly text: string;
  /** The index of the segment it was said in. */
  readonly segment: number;
}

function sentencesIn(segments: readonly Partial<Segment>[]): Said[] {
  return segments.flatMap((s, segment) => (typeof s?.sentence === 'string' ? sentencesOf({ sentence: s.sentence, words: s.words }).map((text) => ({ text, segment })) : []));
}

/**
 * Where one part of a list of dated things ends: "post the job on monday[ and ]interview next week",
 * "kick off at two[ so ]meet at twelve fifteen", "… by the end of february[ so ]the programs can go
 * to print on …", and, in a transcript without commas, before "i will" or "we'll" that opens a
 * clause of its own ("the grant report is due at the end of the month[ ]i will need the receipts …"); not a
 * comma before "which", which tells of the thing before it ("the budget vote, which happens tonight at seven").
 */
const PART_BREAK = /\s*[,;](?!\s*which\b)\s*|\s+(?:and|then|but|so(?=\s+(?:we|i|you|they|let's|lets|let us|meet|come|get|bring|(?:the|our|their|your|my)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:will|can|could|should|must|need|needs|has|have|is|are))\b))\s+|(?<!\b(?:and|so|then|but|if|when|that|because|until|once)\s*)\s+(?=(?:i|we)(?:'ll|\s+will|\s+need)\s)/giu;

/**
 * The part of a sentence that says `date` when it says others too: from the last break after the
 * mention before it to the first break before the mention after it ("let us post the job on monday
 * and interview next week": the interview is next week's, not monday's). One date: the sentence.
 */
function partAbout(text: string, date: SpokenDate, all: readonly SpokenDate[]): { from: number; to: number } {
  const before = all.filter((d) => d.index + d.text.length <= date.index).at(-1);
  const after = all.find((d) => d.index >= date.index + date.text.length);
  const breaks = [...text.matchAll(PART_BREAK)].map((m) => ({ from: m.index, to: m.index + m[0].length }));
  const from = before ? (breaks.filter((b) => b.from >= before.index + before.text.length && b.to <= date.index).at(-1)?.to ?? 0) : 0;
  const to = after ? (breaks.find((b) => b.from >= date.index + date.text.length && b.to <= after.index)?.from ?? text.length) : text.length;
  return { from, to };
}

/** The dates of [from, to) of the text, as mentions of that part alone. */
const datesWithin = (dates: readonly SpokenDate[], from: number, to: number): SpokenDate[] =>
  dates.filter((d) => d.index >= from && d.index + d.text.length <= to).map((d) => ({ ...d, index: d.index - from }));

/** Words that only join a part to the one before ("and again on thursday"). */
const JOINING = /^(?:(?:and|or|then|also|again|but|so|plus)\b\s*)+/i;
/** "the programs can go to print": a thing and what it can, will or must do (a few words of it). */
const THING_WILL = /^(?:the|our|their|your|my)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:can|will|could|should|must|need to|needs to|has to|have to)\s+((?:[\p{L}'-]+\s+){0,3}[\p{L}'-]+)\s*[.!?]?$/iu;
/** An intention the sentence states ("we're aiming to …", "we plan to …", "we'll …"), which a later part goes on with. */
const INTENDS = /\b(?:aim|aiming|plan|planning|hope|hoping|intend|going to|'ll|will|let's|lets)\b/i;

/**
 * The title of a part that names nothing the titles know: the one before, when it says no more
 * than when ("the call is on monday and again on thursday"), or its end when it says it ends then
 * ("… opens on the eleventh and closes on the twenty sixth"); its own words, when it goes on with
 * an intention ("we're aiming to exchange by the eighth and complete on the twenty ninth" →
 * "Complete"); else none.
 */
function continued(rest: string, before: Found, sentence: string): Found {
  const words = rest.trim().replace(JOINING, '').trim();
  // ", at noon, at rosa's": only the marks between a day's parts are left, the same thing.
  if (!/\p{L}/u.test(words)) return before;
  // "call for papers opens on the eleventh and closes on the twenty sixth": the thing ends then, a deadline.
  const ends = /^(?:closes|shuts|ends|finishes|expires)(?=[\s.,;:!?]*$)/i.exec(words);
  if (ends && before) return { kind: 'deadline', title: `Deadline: ${before.title.replace(/^[^:]*:\s*/, '').replace(/\s+(?:opens|starts|begins|launches|goes live)$/i, '')} ${ends[0].toLowerCase()}` };
  // "the packing the day before and the move itself on the fourteenth": another thing, its verb left out.
  const thing = before && withoutItself(/^(?:the|a|an|our|your|their|my)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)$/iu.exec(words)?.[1]);
  if (thing) return { kind: 'appointment', title: thing.charAt(0).toUpperCase() + thing.slice(1) };
  // "… so the programs can go to print on march fifteenth": what the thing will do then.
  const will = before && THING_WILL.exec(words);
  if (will) return { kind: 'appointment', title: `${will[1]!.charAt(0).toUpperCase()}${will[1]!.slice(1)} to ${will[2]}` };
  if (!before || !INTENDS.test(sentence) || words.split(/\s+/).length > 4) return undefined;
  // "then i'll publish it on tuesday": what is done, not who says they will.
  const done = words.replace(/^(?:i|we)(?:'ll|'d|\s+will|\s+shall|'m going to|'re going to|\s+am going to|\s+are going to)\s+/i, '');
  return { kind: 'appointment', title: done.charAt(0).toUpperCase() + done.slice(1) };
}

/** The most words of a line that only says where ("at the library", "yes the meeting room at the library"). */
const PLACE_LINE_WORDS = 8;
/** How many segments after an event's line a line saying only where may follow. */
const PLACE_REACH = 2;

/** "we'll do a read through on monday at six" … "at the library": a short line that only says where gives the event before it its place. */
function placeSaidAfter(mentions: Mention[], sentence: string, dateless: boolean, segment: number): void {
  const last = mentions.at(-1);
  if (!dateless || !last || last.location || segment - (last.segment ?? -Infinity) > PLACE_REACH || sentence.split(/\s+/).length > PLACE_LINE_WORDS) return;
  const place = findLocation(sentence);
  if (place) mentions[mentions.length - 1] = { ...last, location: place };
}

/** "at twelve that day", "that morning at eight": the day of a thing said before. */
const ON_THAT_DAY = /\bthat\s+(?:day|morning|afternoon|evening|night)\b/i;

/** "it's set for …", "it's booked for …", "that's on …": a thing said before, set for the day said. */
const IT_SET = /^(?:(?:so|and|ok|okay|right|yes|great)[,\s]+)*(?:it|that)(?:'s|\s+is|\s+will\s+be|'ll\s+be)\s+(?:now\s+)?(?:set|booked|scheduled|planned|fixed|pencil(?:l)?ed\s+in|on|happening)\s+(?:(?:for|on)\s+)?(?:the\s+)?$/i;
/** The words a title is named by, its last the thing's: "under twelves tournament", "budget review" of "Budget review with the producers". */
const headWord = (title: string): string => title.toLowerCase().split(/\s+(?:with|for|of|about|at|on|to|in)\s+/)[0]!.split(/\s+/).slice(-3).join(' ');

/** "it's on the sixth of march" (chrono's mention takes the "on"): the same. */
const IT_IS = /^(?:(?:so|and|ok|okay|right|yes|great)[,\s]+)*(?:it|that)(?:'s|\s+is|\s+will\s+be|'ll\s+be)\s+$/i;
/** "we should hold it on …", "let's have it on …", "let's do it at two": the speaker's side putting on a thing said before, on the day said. */
const IT_HELD = /\b(?:(?:we(?:'ll|'d|\s+(?:should|could|can|will|would|might|shall|must|ought\s+to))?|let(?:'s|\s+us))\s+(?:(?:just|maybe|probably|then)\s+)?(?:hold|have|run|schedule|host|book|put)|let(?:'s|\s+us)\s+(?:just\s+)?do)\s+it(?:\s+on)?\s+(?:(?:on|for|at|in)\s+)?(?:the\s+)?$/i;
/** A sentence that says it is a meeting or a call ("the next meeting is on friday"), not a day set for the thing talked about. */
const SAYS_MEETING = /\b(?:meeting|meet|call|sync|catch[- ]up|session|stand-?up)\b/i;
/** How many sentences back (this one included) "they" may look for what it stands for. */
const LINES_KEPT = 4;

/** "the sale itself is on saturday", said after "the spring book sale": the name said before. */
const withFullerName = (found: Found, heard: readonly string[]): Found =>
  found?.kind === 'appointment' ? { ...found, title: fullerName(found.title, heard) ?? found.title } : found;

/** Every proposed date of every sentence, each as a mention. */
function mentionsIn(sentences: readonly Said[], reference: DateReference, names: readonly string[], tasks: ReadonlyMap<number, ActionItem[]>): Mention[] {
  const mentions: Mention[] = [];
  const said = new DatesSaid();
  let asked: AskedWhen | undefined;
  const before: SaidBefore[] = [];
  const heard: string[] = [];
  for (const { text: sentence, segment } of sentences) {
    // "the volunteers' breakfast": a plural's apostrophe, as the recogniser writes it ("volunteers breakfast"), so the name reads whole.
    const normalised = normaliseSpokenTimes(answeredWithTime(sentence, asked, segment)).replace(/(?<=\p{L}s)'(?=\s)/gu, '');
    asked = askedWhen(normalised, segment) ?? askedAgain(normalised, asked, segment) ?? asked;
    before.push({ text: normalised, speaker: '' });
    if (before.length > LINES_KEPT) before.shift();
    const all = findDates(normalised, reference, said.earlier);
    said.add(all);
    placeSaidAfter(mentions, normalised, all.length === 0, segment);
    if (endSaidAfter(mentions, normalised, all, segment, reference.timeZone)) {
      heard.push(normalised);
      continue;
    }
    // A month without a day ("in march") is no day to put in a calendar.
    const dates = withEndsSaid(all.filter((d) => (EXPLICIT_DAY.test(d.text) || d.start.hour !== undefined) && !d.period), normalised);
    // A part that names nothing of its own is another day of the one before ("the call is on monday and again on thursday").
    let named: Found;
    let lastPart = -1;
    let moved: ReturnType<typeof movedTo>;
    // The words before "let's", where what "it" in the proposal stands for may be said.
    const proposed = normalised.search(/\blet(?:'s|s| us)\s/i);
    const saidBeforeLets = proposed > 0 ? normalised.slice(0, proposed) : '';
    for (const date of dates) {
      const { from, to } = partAbout(normalised, date, all);
      const part = normalised.slice(from, to);
      const own = { ...date, index: date.index - from };
      // "they have to go out by …": what "they" stands for, said before.
      const rest = withSubject(withoutMentions(part, datesWithin(dates, from, to)), before.slice(0, -1));
      // Two dates in one part are of one thing ("saturday's match … we kick off at two").
      const samePart = from === lastPart;
      lastPart = from;
      // "a two hour workshop", "meet for half an hour": how long says nothing of what.
      const [titled, after] = [withoutLength(part.slice(0, own.index)), withoutLength(part.slice(own.index + own.text.length))];
      // "the party is at the pub on friday": the place said between the thing and its day is neither.
      named = titleOf(`${titled}${own.text}${after}`, withoutLength(rest), beforePlaceAtEnd(titled) ?? titled, names, after) ?? (samePart ? named : continued(rest, named, normalised));
      const ownTitle = deadlineOfThingAhead(titledByTask(named, tasks.get(segment) ?? [], date, part), normalised.slice(0, date.index));
      named = answeredOr(ownTitle, asked, segment, normalised);
      // "we need one more rehearsal" … "how about wednesday evening?": the thing needed, not the thing before it moved.
      const byAnswer = !ownTitle && !!named && asked?.needsOffer === true && !answerTurnedDown(mentions, named.title, normalised, segment, before.at(-2)?.text);
      // "same time next week": the meeting again.
      if (!named && saysSameTime(date.text)) named = { kind: 'appointment', title: 'Meeting' };
      // "then we'll go with the walk" … "it's set for sunday the thirteenth of june", "we should hold it on …": what "it" stands for.
      // "let's have it on friday": the thing before, though "let's have it" alone would read as a meeting.
      // "and the retrospective, let's hold it …": the thing named first in the part itself.
      const namedHere = !!named && part.toLowerCase().includes(named.title.toLowerCase());
      if ((!named && (IT_SET.test(part.slice(0, own.index)) || (IT_IS.test(part.slice(0, own.index)) && /^on\s/i.test(own.text)))) || (IT_HELD.test(part.slice(0, own.index)) && !namedHere)) {
        const thing = thingBefore(before.slice(0, -1));
        if (thing) named = { kind: 'appointment', title: thing };
      }
      // "let's pencil in the fourteenth at eleven", said of "a final round with the cto" just before.
      const talkedAbout = named?.title === 'Meeting' && !SAYS_MEETING.test(normalised) ? thingTalkedAbout(before.slice(0, -1).map((b) => b.text)) : undefined;
      if (talkedAbout) named = { kind: 'appointment', title: talkedAbout };
      // "we still need to decide on the band" … "let's talk about it next tuesday": "Meeting: talk about the band", said first in its own line or in the line before.
      if (named?.title.startsWith('Meeting: ')) named = { ...named, title: `Meeting: ${withReferentHere(named.title.slice('Meeting: '.length), saidBeforeLets, before.slice(0, -1))}` };
      if (!proposes(normalised, date.index, date.index + date.text.length) || underCondition(normalised, heard.at(-1))) continue;
      // "let's do friday instead": a title that says no more than "Meeting" gives way to the thing moved.
      // "could we push it to the twenty sixth instead?", said of the thing planned, named again.
      // "can we move the budget review to the second?" … "fine, the second at ten thirty then": named shorter, the same thing.
      const again = namedAgain(named, mentions.findLast((m) => m.kind === 'appointment')?.title);
      const movedNow = !byAnswer && (!named || !saysMore(named.title) || again) ? movedTo(mentions, normalised, date, segment, before.at(-2)?.text) : undefined;
      moved = movedNow ?? moved;
      named = movedNow?.found ?? named ?? moved?.found;
      // "the under twelves tournament. it's on the sixth": the day a later "the sunday after the tournament" is counted from.
      if (named?.kind === 'appointment' && !onlyKind(named.title)) said.name(date, headWord(named.title));
      const mention = mentionOf(sentence, part, asMoved({ own, date, said }, movedNow, normalised, reference), withFullerName(named, heard), reference);
      const offered = { ...(offeredWithOthers(normalised, date, dates) ? { offered: true } : {}), ...(ON_THAT_DAY.test(part) && date.start.hour !== undefined ? { onThatDay: true } : {}) };
      if (mention) mentions.push({ ...mention, ...lengthKept(mention, movedNow), segment, location: mention.location || (moved?.location ?? ''), ...offered });
    }
    // "when is the lease renewal due?" … "it has to be signed by the end of the month. i'll email it to you tomorrow": answered once.
    if (asked && segment > asked.segment && dates.length > 0) asked = undefined;
    heard.push(normalised);
  }
  return mentions;
}

export function extractEventsLocally(request: EventsRequest): FoundEvent[] {
  const reference = dateReference(request?.context?.meetingDate, request?.context?.timeZone);
  if (!reference) return [];
  const segments: readonly Partial<Segment>[] = Array.isArray(request.segments) ? request.segments : [];
  const names = knownNames(segments as readonly Segment[], request.context.participants);
  const tasks = itemsBySegment(findActionItems(segments as readonly Segment[], reference, names));
  return mergeMentions(chosenOptions(mentionsIn(sentencesIn(segments), reference, names, tasks)))
    .slice(0, MAX_EVENTS)
    .map((e) => ({
      title: e.title,
      start_datetime: isoInZone(e.start, reference.timeZone),
      end_datetime: isoInZone(e.end ?? e.start + HOUR_MS, reference.timeZone),
      description: e.sentences.join('\n'),
      location: e.location,
    }));
}
