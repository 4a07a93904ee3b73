// Calendar events without a model: explicit future appointments ("let's meet next tuesday at
// three p m in room four …") and deadlines ("the deadline for X is december fifth", "… by
// friday") found sentence by sentence in the transcript, dates resolved by spoken-dates against
// the meeting date. A day without a time becomes 09:00 in the meeting date's offset (Speakr's
// default); the end is the spoken end or start + 1 h. Past, negated and stop-listed mentions
// are dropped, one event per start instant. The summary is not read: locally it is made from
// the same transcript and would only repeat its dates. Deterministic; no I/O.
import type { EventsRequest, FoundEvent, Segment } from '../../types.ts';
import { dateReference, findDates, normaliseSpokenTimes, type DateParts, type DateReference, type SpokenDate } from '../../../text/spoken-dates.ts';

const HOUR_MS = 3_600_000;
const DEFAULT_HOUR = 9;
const MAX_TITLE = 200;
const MAX_EVENTS = 50;

const APPOINTMENTS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:call|phone call|calls)\b/i, 'Call'],
  [/\binterviews?\b/i, 'Interview'],
  [/\bdemo\b/i, 'Demo'],
  [/\bpresentation\b/i, 'Presentation'],
  [/\bworkshop\b/i, 'Workshop'],
  [/\blunch\b/i, 'Lunch'],
  [/\bdinner\b/i, 'Dinner'],
  [/\bappointment\b/i, 'Appointment'],
  [/\b(?:meet|meeting|meetings|sync|catch up|get together|stand-?up|session|conference|review meeting)\b/i, 'Meeting'],
];
const DEADLINE = /\b(?:deadline|due)\b/i;
const DEADLINE_LEAD = /\b(?:by|before|no later than|until|till)\s+(?:the\s+)?$/i;
// Said about the past, called off or hypothetical: not an appointment to keep.
const NOT_PLANNED = /\b(?:met|had|was|were|did|went|last\s+(?:week|month|year|time|night|\w+day)|ago|yesterday|earlier|cancel(?:l?ed)?|postponed|can't|cannot|couldn't|won't|wouldn't|not|no longer|never)\b/i;
const DATE_LEAD = /\s*(?:\b(?:by|on|before|until|till|at|for|from|no later than|next|this|around|sometime)\s+)*$/i;
// A calendar day must be said: "the year" or "next week" alone is no appointment.
const EXPLICIT_DAY =
  /\d|\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|noon|midnight)\b/i;
const COPULA = /^(?:(?:is|are|was|will be)\s+)+|(?:\s+(?:is|are|was|will be))+$/gi;
const SENTENCE_END = /(?<=[.!?])(?<!\b(?:[ap]\.m|mr|mrs|ms|dr|st|e\.g|i\.e|vs)\.)\s+|\n+/i;
const FILLER = /^(?:(?:so|and|okay|ok|right|well|also|then|good|great|yes|yeah|um+|uh+|now|but)[,\s]+)+/i;
const MODAL = /\b(?:i|we|you|he|she|they|[\p{L}]+)(?:'ll|\s+(?:will|shall|need to|needs to|must|should|have to|has to|got to|can|(?:am|is|are|'m|'re) going to))\s+(.+)$/iu;

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const NUMBER_WORD = `(?:${[...UNITS, ...TEENS, ...TENS, 'oh'].join('|')})`;
const PLACE_NOUN = '(?:conference room|meeting room|board ?room|room|office|building|floor|hall|auditorium|lobby|cafeteria|cafe|kitchen|lab|library|studio|warehouse|hq|headquarters)';
const PLACE = new RegExp(
  `\\b(?:in|at)\\s+(?:the\\s+)?((?:(?:main|big|small|large|head|new|old|north|south|east|west|front|back)\\s+)?${PLACE_NOUN}(?:\\s+(?:\\d+[a-z]?|[a-z](?![\\p{L}])|${NUMBER_WORD}(?:[\\s-]+${NUMBER_WORD})*))?)(?![\\p{L}])`,
  'iu',
);
const ONLINE = /\b(?:on|over|via|by)\s+(zoom|teams|microsoft teams|google meet|skype|webex|slack)\b/i;
const ONLINE_NAMES: Readonly<Record<string, string>> = { zoom: 'Zoom', teams: 'Microsoft Teams', 'microsoft teams': 'Microsoft Teams', 'google meet': 'Google Meet', skype: 'Skype', webex: 'Webex', slack: 'Slack' };

/** "four" → "4", "two oh five" → "205", "forty two" → "42"; digits and letters stay. */
function spokenDigits(words: string): string {
  let out = '';
  const tokens = words.toLowerCase().split(/[\s-]+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (t === 'oh') out += '0';
    else if (UNITS.includes(t)) out += String(UNITS.indexOf(t));
    else if (TEENS.includes(t)) out += String(TEENS.indexOf(t) + 10);
    else if (TENS.includes(t)) {
      const next = tokens[i + 1];
      const unit = next && UNITS.indexOf(next) > 0 ? UNITS.indexOf(next) : 0;
      if (unit) i += 1;
      out += String((TENS.indexOf(t) + 2) * 10 + unit);
    } else out += t.toUpperCase();
  }
  return out;
}

/** "in room four" → "Room 4", "at the main office" → "Main office", "on zoom" → "Zoom". */
export function findLocation(sentence: string): string {
  const online = ONLINE.exec(sentence);
  const place = PLACE.exec(sentence);
  if (place && (!online || place.index <= online.index)) {
    const [, phrase] = place;
    const m = new RegExp(`^(.*?${PLACE_NOUN})(?:\\s+(.+))?$`, 'i').exec(phrase!.replace(/\s+/g, ' ').trim())!;
    const noun = m[1]!.toLowerCase();
    const label = noun.charAt(0).toUpperCase() + noun.slice(1);
    return m[2] ? `${label} ${spokenDigits(m[2])}` : label;
  }
  return online ? ONLINE_NAMES[online[1]!.toLowerCase()]! : '';
}

const tidy = (text: string, dropArticle = false): string =>
  text
    .replace(/\s+/g, ' ')
    .replace(FILLER, '')
    .replace(/[\s,;:.!?-]+$/, '')
    .replace(COPULA, '')
    .replace(dropArticle ? /^(?:the|a|an|our|my|your|their)\s+/i : /^$/, '')
    .trim();

/** The sentence without its date mentions (and their "by", "on" …) and the location phrase. */
function withoutMentions(normalised: string, dates: readonly SpokenDate[]): string {
  let out = normalised;
  for (const date of [...dates].sort((a, b) => b.index - a.index)) {
    out = `${out.slice(0, date.index).replace(DATE_LEAD, '')} ${out.slice(date.index + date.text.length)}`;
  }
  return out.replace(PLACE, ' ').replace(ONLINE, ' ').replace(/\s+/g, ' ').trim();
}

function deadlineTopic(rest: string): string {
  const named = /\bdeadline\s+(?:for|of|on|to)\s+(.+?)(?:\s+(?:is|was|will be|falls|lands)\b|$)/i.exec(rest) ?? /^(.+?)\s+(?:is|are)?\s*due\b/i.exec(rest);
  if (named) return tidy(named[1]!, true);
  const task = /\baction items? (?:for|to) [\p{L}'-]+[,:]?\s+(.+)$/iu.exec(rest) ?? MODAL.exec(rest);
  return tidy((task ? task[1]! : rest).replace(/\bdeadline\b/i, ''), true);
}

function appointmentTitle(kind: string, rest: string): string {
  const purpose = /\b(?:to|about|regarding|re|for)\s+((?:\S+\s+)*\S+)$/i.exec(rest);
  if (purpose && purpose[1]!.split(' ').length >= 2) return `${kind}: ${tidy(purpose[1]!)}`;
  const cue = APPOINTMENTS.find(([pattern]) => pattern.test(rest))?.[0];
  const after = cue ? tidy(rest.slice(rest.search(cue)).replace(cue, '')) : '';
  if (/^(?:with|of|for)\s+\S/i.test(after)) return `${kind} ${after}`;
  return after ? `${kind}: ${after}` : kind;
}

function instantOf(parts: DateParts, offsetMinutes: number, defaultHour: number): number {
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour ?? defaultHour, parts.minute ?? 0) - offsetMinutes * 60_000;
}

/** An instant as ISO 8601 in the meeting date's offset, e.g. "2026-11-24T15:00:00+00:00". */
function isoAt(ms: number, offsetMinutes: number): string {
  const wall = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${wall}${offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

function eventFrom(sentence: string, normalised: string, date: SpokenDate, rest: string, reference: DateReference): FoundEvent | undefined {
  const start = instantOf(date.start, reference.offsetMinutes, DEFAULT_HOUR);
  if (!(start > reference.instant.getTime())) return undefined;
  const spokenEnd = date.end ? instantOf(date.end, reference.offsetMinutes, (date.start.hour ?? DEFAULT_HOUR) + 1) : Number.NaN;
  const end = spokenEnd > start ? spokenEnd : start + HOUR_MS;
  const byDate = DEADLINE_LEAD.test(normalised.slice(0, date.index));
  const kind = APPOINTMENTS.find(([pattern]) => pattern.test(rest))?.[1];
  let title: string;
  if (DEADLINE.test(normalised) || (byDate && kind !== 'Meeting')) {
    const topic = deadlineTopic(rest);
    title = topic ? `Deadline: ${topic}` : 'Deadline';
  } else if (kind) title = appointmentTitle(kind, rest);
  else return undefined;
  return {
    title: title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1).trimEnd()}…` : title,
    start_datetime: isoAt(start, reference.offsetMinutes),
    end_datetime: isoAt(end, reference.offsetMinutes),
    description: sentence,
    location: findLocation(normalised),
  };
}

function sentencesOf(request: EventsRequest): string[] {
  const segments: readonly Partial<Segment>[] = Array.isArray(request?.segments) ? request.segments : [];
  return segments.flatMap((s) =>
    (typeof s?.sentence === 'string' ? s.sentence : '')
      .split(SENTENCE_END)
      .map((t: string) => t.replace(/\s+/g, ' ').trim())
      .filter(Boolean),
  );
}

export function extractEventsLocally(request: EventsRequest): FoundEvent[] {
  const reference = dateReference(request?.context?.meetingDate);
  if (!reference) return [];
  const events: FoundEvent[] = [];
  const starts = new Set<number>();
  for (const sentence of sentencesOf(request)) {
    if (NOT_PLANNED.test(sentence)) continue;
    const normalised = normaliseSpokenTimes(sentence);
    const dates = findDates(normalised, reference).filter((d) => EXPLICIT_DAY.test(d.text));
    const rest = withoutMentions(normalised, dates);
    for (const date of dates) {
      const event = eventFrom(sentence, normalised, date, rest, reference);
      const at = event ? Date.parse(event.start_datetime) : Number.NaN;
      if (!event || starts.has(at)) continue;
      starts.add(at);
      events.push(event);
      if (events.length >= MAX_EVENTS) return events;
    }
  }
  return events;
}
