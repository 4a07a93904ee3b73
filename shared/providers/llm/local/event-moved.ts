// Another day or time offered for the thing just planned moves it there ("let's rehearse on
// wednesday evening at the studio" … "i can't do wednesday" … "okay thursday then"), keeping its
// place unless another is said, its time when "same time" is said, and its length when it has a
// time; so does a day asked about on its own after a day was turned down ("… no good for me. thursday?").
// A day offered "as well" ("how about sunday too?") is a day more for it, which keeps its first. Deterministic; no I/O.
import type { Mention } from './event-merge.ts';
import type { EventKind } from './event-title.ts';
import { wallClockIn } from '../../../domain/time-zones.ts';
import { WEEKDAY } from '../../../text/calendar.ts';
import { ORDINAL_WORD } from '../../../text/ordinal-day.ts';
import { saysSameTime } from '../../../text/same-time.ts';
import { sentenceAt } from '../../../text/sentence-end.ts';
import { OFFERS_ANOTHER } from '../../../text/spoken-times.ts';
import type { DatesSaid } from '../../../text/dates-said.ts';
import type { DateReference, SpokenDate } from '../../../text/spoken-dates.ts';

type Found = { kind: EventKind; title: string } | undefined;

/** The thing moved: its title, its place (unless another is said), and when it was. */
export interface Moved {
  readonly found: Found;
  readonly location: string;
  readonly start: number;
  readonly end?: number;
  readonly timed: boolean;
}

/** "okay thursday then", "let's do friday instead": another day for the thing just planned. */
const THEN_AFTER = /^\s*(?:then|instead)\b(?!\s+again\b)/i;
const INSTEAD = /\binstead\b/i;
const DAY_SAID = new RegExp(`\\b(?:${WEEKDAY}|today|tomorrow|tonight|\\d{1,2}(?:st|nd|rd|th)|${ORDINAL_WORD})\\b`, 'i');
/** "somewhere else", "a different room": the place is no longer the one said before. */
const OTHER_PLACE = /\b(?:somewhere else|elsewhere|(?:a\s+)?(?:different|another|new|other)\s+(?:place|venue|room|spot|location)|(?:not|no longer)\s+(?:at|in)\s+the)\b/i;
/** "could we make it at 6", "push it to 4:30", "can we move the review to the second?", "how about at 7": another time offered for the thing just planned ("move on to" is no move). */
const OFFERED_TIME = new RegExp(`\\b${OFFERS_ANOTHER}(?:\\s+the(?:\\s+following)?)?\\s+$`, 'i');
/** A day turned down: "wednesday's no good for me", "i can't do friday", "monday won't work". */
const TURNED_DOWN = /(?:\b(?:is|are)|'s|'re)\s+no\s+good\b|\b(?:can't|cannot|can not|couldn't)\s+(?:do|make)\b|\b(?:doesn't|does not|won't|will not)\s+work\b|\b(?:isn't|is not|not)\s+(?:good|possible|free)\b|\b(?:i'm|i am|we're|we are)\s+(?:busy|away)\b/i;
/** Words that may open a day asked about on its own ("okay, thursday?"). */
const OPENER = /^(?:(?:ok(?:ay)?|so|well|maybe|perhaps|or|hmm)\W+)*$/i;

/** "… thursday?": a day asked about on its own, which offers it when a day was turned down in the line or the one before ("wednesday's no good for me"). */
function dayAskedAlone(normalised: string, date: SpokenDate): boolean {
  const sentence = sentenceAt(normalised, date.index);
  const at = sentence.indexOf(date.text);
  return at >= 0 && OPENER.test(sentence.slice(0, at).trim()) && /^\s*\?\s*$/.test(sentence.slice(at + date.text.length));
}

/** "…, so how about …": a day offered as what follows from the one said. */
const SO_OFFERED = new RegExp(`\\bso,?\\s+${OFFERS_ANOTHER}(?:\\s+the)?\\s+$`, 'i');

/** "how about sunday as well?", "could we also do sunday?": a day more for it, not another in its stead. */
const ADDED_AFTER = /^[\s,]*(?:as\s+well|too)\s*(?:[,.;!?]|$)/i;
const ADDED_BEFORE = /\balso\b/i;

function dayAdded(normalised: string, date: SpokenDate): boolean {
  const sentence = sentenceAt(normalised, date.index);
  const at = sentence.indexOf(date.text);
  return ADDED_AFTER.test(normalised.slice(date.index + date.text.length)) || (at >= 0 && ADDED_BEFORE.test(sentence.slice(0, at)));
}

/** How many segments after the thing was planned another day may be offered for it. */
const MOVE_REACH = 4;

/**
 * The thing a day offered instead names no title of its own for ("let's rehearse on wednesday
 * evening at the studio" … "i can't do wednesday" … "okay thursday then same place at seven"):
 * the last appointment planned, which no longer stands on its old day, and its place unless
 * another is said ("somewhere else", "a different room"); so is another time offered for it ("could we make it six").
 */
export function movedTo(mentions: Mention[], normalised: string, date: SpokenDate, segment: number, previous = ''): Moved | undefined {
  // A day offered ("thursday then"), not a time in a run of them ("warm up at six then doors at seven").
  const turnedDown = TURNED_DOWN.test(`${previous}\n${normalised}`);
  // "could we also do sunday?": read as "could we do sunday?", a day more for the thing, unless a day was turned down ("i also can't make friday, how about monday?").
  const added = !turnedDown && dayAdded(normalised, date);
  const before = normalised.slice(0, date.index).replace(/\balso\s+/gi, '');
  const offered = OFFERED_TIME.test(before) || (turnedDown && dayAskedAlone(normalised, date));
  // "the exam is on the second of june, so how about the twenty ninth?": offered because of the day said, for another thing, unless that day was turned down.
  if (SO_OFFERED.test(before) && !turnedDown) return undefined;
  if (!offered && (!DAY_SAID.test(date.text) || (!THEN_AFTER.test(normalised.slice(date.index + date.text.length)) && !INSTEAD.test(normalised)))) return undefined;
  const k = mentions.findLastIndex((m) => m.kind === 'appointment' && segment - (m.segment ?? Number.NEGATIVE_INFINITY) <= MOVE_REACH);
  if (k < 0) return undefined;
  // Every mention of it on that day goes ("the clinic is saturday, nine to one" … "saturday clashes with the dog walk"), the one with a time telling when it was.
  const last = mentions[k]!;
  const gone = mentions.filter((m) => m === last || (m.kind === 'appointment' && m.title === last.title && m.day === last.day));
  if (!added) mentions.splice(0, mentions.length, ...mentions.filter((m) => !gone.includes(m)));
  const was = gone.find((m) => m.end !== undefined) ?? gone.find((m) => m.timed) ?? last;
  return { found: { kind: 'appointment', title: last.title }, location: OTHER_PLACE.test(normalised) ? '' : last.location, start: was.start, end: was.end, timed: was.timed };
}

/**
 * "we need someone to cover the desk. can you do the nineteenth?" … "i can't, i'm away. how about
 * the twentieth?": the day the need was given is turned down, so the day offered next moves it
 * rather than answering the need a second time.
 */
export function answerTurnedDown(mentions: readonly Mention[], title: string | undefined, normalised: string, segment: number, previous = ''): boolean {
  if (!title || !TURNED_DOWN.test(`${previous}\n${normalised}`)) return false;
  return mentions.some((m) => m.kind === 'appointment' && m.title === title && m.segment !== undefined && m.segment < segment && segment - m.segment <= MOVE_REACH);
}

/** Whether a thing is named again, as it was or shorter ("Budget review" of "Budget review with the producers"). */
export const namedAgain = (named: Found, last: string | undefined): boolean => !!named && !!last && ` ${last.toLowerCase()} `.includes(` ${named.title.toLowerCase()} `);

/**
 * "wednesday the tenth works instead, same time", "… same hours": the day moved to, at the time
 * the thing moved had; so is the day it is on already, said again ("can we do tuesday, same time?"
 * … "fine, tuesday then"). A thing planned for a part of the day keeps it on the day it moves to.
 */
function atSameTime(date: SpokenDate, moved: Moved | undefined, normalised: string, reference: DateReference): SpokenDate {
  if (!moved || date.start.hour !== undefined) return date;
  const { year, month, day, hour, minute } = wallClockIn(moved.start, reference.timeZone);
  // "wednesday evening" … "thursday then?": the part of the day it was planned for, unless another is said.
  if (!moved.timed) return date.start.dayPartHour === undefined ? { ...date, start: { ...date.start, dayPartHour: hour } } : date;
  const sameDay = year === date.start.year && month === date.start.month && day === date.start.day;
  return sameDay || saysSameTime(normalised) ? { ...date, start: { ...date.start, hour, minute } } : date;
}

/**
 * The day as atSameTime reads it, and the part of the day it takes from the thing moved is told to
 * the days said ("… thursday?" for a thing of the evening: times said of that day next are read in
 * its evening).
 */
export function asMoved({ own, date, said }: { own: SpokenDate; date: SpokenDate; said: DatesSaid }, moved: Moved | undefined, normalised: string, reference: DateReference): SpokenDate {
  const when = atSameTime(own, moved, normalised, reference);
  if (when.start.dayPartHour !== undefined && date.start.dayPartHour === undefined) said.partOf(date, when.start.dayPartHour);
  return when;
}

/** A thing moved to another time keeps its length ("nine to one" moved to sunday, same hours, ends at one). */
export const lengthKept = (mention: Mention, moved: Moved | undefined): Pick<Mention, 'end'> =>
  mention.timed && mention.end === undefined && moved?.timed && moved.end !== undefined ? { end: mention.start + (moved.end - moved.start) } : {};
