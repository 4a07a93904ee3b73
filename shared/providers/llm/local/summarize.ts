// The embedded summary: key lines by TextRank, rule-based action items with owner and due
// date, and the dates mentioned (each with the sentence that says it), as Markdown.
// Extractive and deterministic; no model, no I/O.
import type { Segment, SummaryRequest, Word } from '../../types.ts';
import { findActionItems, knownNames, type ActionItem } from '../../../text/action-items.ts';
import { dateReference, DatesSaid, findDates, formatDateParts, type SpokenDate } from '../../../text/spoken-dates.ts';
import { dayNumber, type Said } from '../../../text/dates-said.ts';
import { decisionsIn } from '../../../text/decisions.ts';
import { sentencesOf } from '../../../text/pauses.ts';
import { contentStems, textRank, topInOrder } from '../../../text/textrank.ts';
import { focusWeight, readFocus, type Focus, type Section } from './steer.ts';

interface Line {
  readonly speaker: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The segment's timed words, which show where an unpunctuated line's sentences end. */
  readonly words?: readonly Word[];
}

// Greetings, closings and filler do not make a line worth quoting.
const SMALL_TALK =
  /\b(?:good (?:morning|afternoon|evening|night)|hi|hello|hey|welcome(?: back)?|thanks?|thank you(?: (?:all|everyone|everybody|so much|very much|guys))?|(?:good)?bye|see you(?: (?:all|later|soon|tomorrow|next week|then|on \w+))?|have a (?:good|great|nice|lovely) (?:day|weekend|evening|one)|take care|cheers|everyone|everybody|folks|guys|okay|ok|yeah|yes|um+|uh+|hmm+|alright|sure|great|let's (?:get )?start(?:ed)?|for (?:coming|joining|your time)|(?:that )?sounds (?:good|great|fine)|(?:talk|speak)(?: to you)? soon|no problem|perfect|absolutely|of course|happy to (?:chat|help)|makes sense)\b/gi;
const MIN_STEMS = 3;
const MAX_SIMILARITY = 0.5;
const MAX_LINE = 300;
const MAX_DATES = 20;
/** How many lines apart a day said without its time and with it are taken for one thing. */
const SAME_THING_LINES = 3;
const MAX_DECISIONS = 20;
const MAX_ITEMS = 30;

function clean(segments: unknown): Line[] {
  if (!Array.isArray(segments)) return [];
  const lines: Line[] = [];
  for (const s of segments as Array<Partial<Segment> | null | undefined>) {
    const text = typeof s?.sentence === 'string' ? s.sentence.replace(/\s+/g, ' ').trim() : '';
    if (!text) continue;
    const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
    const start = num(s?.start_time);
    const speaker = typeof s?.speaker === 'string' && s.speaker.trim() ? s.speaker.trim() : 'Speaker';
    lines.push({ speaker, text, start, end: Math.max(start, num(s?.end_time)), ...(Array.isArray(s?.words) ? { words: s.words } : {}) });
  }
  return lines;
}

function clock(seconds: number): string {
  const total = Math.floor(seconds);
  const two = (n: number): string => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const ms = `${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  return h > 0 ? `${h}:${ms}` : ms;
}

const shorten = (text: string, max = MAX_LINE): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const sentenceCase = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const bold = (text: string): string => `**${text.replace(/\*/g, '\\*')}**`;

function keyLines(lines: readonly Line[], focus: Focus): Line[] {
  const candidates: Array<{ line: Line; stems: string[] }> = [];
  for (const line of lines) {
    const stems = contentStems(line.text.replace(SMALL_TALK, ' '));
    if (stems.length >= MIN_STEMS) candidates.push({ line, stems });
  }
  const k = Math.min(8, Math.max(5, Math.ceil(candidates.length / 150)));
  // The prompt's topic and asks lift the lines about them.
  const scores = textRank(candidates.map((c) => c.stems)).map((score, i) => score * focusWeight(focus, candidates[i]!.line.text, candidates[i]!.stems));
  // Best first, skipping near-repeats of a line already chosen; then back in time order.
  const chosen: number[] = [];
  for (const i of topInOrder(scores, scores.length).sort((a, b) => scores[b]! - scores[a]! || a - b)) {
    if (chosen.length >= k) break;
    if (chosen.every((j) => jaccard(candidates[i]!.stems, candidates[j]!.stems) < MAX_SIMILARITY)) chosen.push(i);
  }
  return chosen.sort((a, b) => a - b).map((i) => candidates[i]!.line);
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  const set = new Set(a);
  const shared = b.filter((x) => set.has(x)).length;
  return shared / (a.length + b.length - shared || 1);
}

interface Mention {
  readonly date: SpokenDate;
  readonly line: Line;
}

type Reference = NonNullable<ReturnType<typeof dateReference>>;

// "see you next week" is a closing, not a date; a bare "today" is the meeting itself.
const datesIn = (text: string, reference: Reference, earlier: readonly Said[]) => findDates(text.replace(SMALL_TALK, ' '), reference, earlier);

/**
 * The line quoted for a date: the sentence of it that says the date (sentence ends from its
 * punctuation, or from its pauses when it has none), with the sentences before it in the line
 * that it needs ("the menu launches on the first of march. tasting is the thursday before"), else the whole line.
 */
function quoteFor(line: Line, date: SpokenDate, reference: Reference, earlier: readonly Said[]): Line {
  const sentences = sentencesOf({ sentence: line.text, words: line.words });
  if (sentences.length < 2) return line;
  const alone = sentences.map((sentence) => datesIn(sentence, reference, earlier));
  const said = alone.findIndex((dates) => dates.some((d) => d.iso === date.iso));
  if (said >= 0) return { ...line, text: sentences[said]! };
  // The sentence that says the same words as another day alone: read again with those before it, nearest first.
  const at = alone.findIndex((dates) => dates.some((d) => d.text === date.text));
  for (let from = at - 1; at > 0 && from >= 0; from -= 1) {
    const text = sentences.slice(from, at + 1).join(' ');
    if (datesIn(text, reference, earlier).some((d) => d.iso === date.iso)) return { ...line, text };
  }
  return line;
}

/**
 * "the inspection is next wednesday" … "they said between nine and eleven": a time's quote opens
 * with the day's, said a few lines before by the same speaker, which says what the time is of;
 * not a day whose own line gave it a time ("sound check is the friday before, from four to six"
 * … "a run-through the day before at eleven" is another thing that day).
 */
function withDaySaid<T extends Mention & { at: number }>(timed: T, all: Iterable<T>): T {
  if (!timed.date.iso.includes('T')) return timed;
  const mentions = [...all];
  for (const m of mentions) {
    const timedThere = mentions.some((o) => o.at === m.at && o !== timed && o.date.iso.startsWith(`${m.date.iso}T`));
    const dayFirst = !m.date.iso.includes('T') && !timedThere && timed.date.iso.startsWith(m.date.iso) && m.at < timed.at && timed.at - m.at <= SAME_THING_LINES;
    if (dayFirst && m.line.speaker === timed.line.speaker) return { ...timed, line: { ...timed.line, text: `${m.line.text} … ${timed.line.text}`, start: m.line.start } };
  }
  return timed;
}

function keyDates(lines: readonly Line[], reference: ReturnType<typeof dateReference>): Mention[] {
  if (!reference) return [];
  const wall = new Date(reference.instant.getTime() + reference.offsetMinutes * 60_000).toISOString().slice(0, 10);
  const byWhen = new Map<string, Mention & { at: number }>();
  const said = new DatesSaid();
  for (const [at, line] of lines.entries()) {
    const dates = datesIn(line.text, reference, said.earlier);
    for (const date of dates) {
      if (date.iso !== wall && !byWhen.has(date.iso)) byWhen.set(date.iso, { date, line: quoteFor(line, date, reference, said.earlier), at });
    }
    said.add(dates);
  }
  // A day said once with its time and once without, a few lines apart, is the timed mention; far apart, two things that day.
  const timed = [...byWhen.values()].filter((m) => m.date.iso.includes('T'));
  const repeated = (m: { date: SpokenDate; at: number }) => timed.some((t) => t.date.iso.startsWith(m.date.iso) && Math.abs(t.at - m.at) <= SAME_THING_LINES);
  const mentions = [...byWhen.values()].filter((m) => m.date.iso.includes('T') || !repeated(m)).map((m) => withDaySaid(m, byWhen.values()));
  return mentions.sort((a, b) => (a.date.iso < b.date.iso ? -1 : a.date.iso > b.date.iso ? 1 : 0)).slice(0, MAX_DATES);
}

/**
 * The sentences that state a decision (decisions.ts), each with its line's speaker and time, in
 * the order said; a bare verdict with the proposal it settles ("Motion carried: i move that we …").
 */
function decisionLines(lines: readonly Line[]): Line[] {
  const sentences = lines.flatMap((line) => sentencesOf({ sentence: line.text, words: line.words }).map((text) => ({ ...line, text })));
  return decisionsIn(sentences.map((s) => s.text))
    .slice(0, MAX_DECISIONS)
    .map(({ at, settles }) => (settles === undefined ? sentences[at]! : { ...sentences[at]!, text: `${sentences[at]!.text.replace(/[\s.!]+$/, '')}: ${sentences[settles]!.text}` }));
}

/** The label of a date, with its end when it has one: a time span ("11:00–15:00"), or, unless `due`, a span of days (a task is due by the first). */
function dateLabel(date: SpokenDate, due = false): string {
  const { start, end } = date;
  const sameDay = end !== undefined && dayNumber(end) === dayNumber(start);
  // "from the nineteenth to the third": a span of days.
  if (end && !due && !sameDay && end.hour === undefined && start.hour === undefined && !date.period) return `${date.label} – ${formatDateParts(end)}`;
  if (!end || end.hour === undefined || start.hour === undefined) return date.label;
  return sameDay ? `${date.label}–${String(end.hour).padStart(2, '0')}:${String(end.minute ?? 0).padStart(2, '0')}` : `${date.label} – ${formatDateParts(end)}`;
}

function itemLine(item: ActionItem): string {
  return `- [ ] ${bold(item.owner)}: ${shorten(item.task, 200)}${item.due ? ` (due ${dateLabel(item.due, true)})` : ''}`;
}

/** The summary Markdown for a transcript, steered by the prompt (steer.ts); never throws on empty or malformed segments. */
export function summarizeLocally(request: SummaryRequest): string {
  const lines = clean(request?.segments);
  if (lines.length === 0) {
    return '## Summary\n\n_The transcript is empty, so there is nothing to summarise._\n';
  }
  const focus = readFocus(request?.prompt);
  const speakers = [...new Set(lines.map((l) => l.speaker))];
  const duration = Math.max(...lines.map((l) => l.end));
  const reference = dateReference(request?.context?.meetingDate, request?.context?.timeZone);
  const head = ['## Summary', '', `_${clock(duration)} of conversation, ${speakers.length} ${speakers.length === 1 ? 'speaker' : 'speakers'}: ${speakers.slice(0, 8).join(', ')}${speakers.length > 8 ? ', …' : ''}._`, ''];
  const asSegments: Segment[] = lines.map((l) => ({ speaker: l.speaker, sentence: l.text, start_time: l.start, end_time: l.end, words: l.words }));
  const sections: Record<Section, () => string[]> = {
    key: () => {
      const key = keyLines(lines, focus);
      // First, the key lines are the summary itself; after what the prompt asked for, a section.
      const title = focus.order[0] === 'key' ? [] : ['## Key points', ''];
      if (key.length === 0) return [...title, '_No line stood out: the conversation is mostly short remarks._'];
      return [...title, ...key.map((line) => `- [${clock(line.start)}] ${bold(line.speaker)}: ${shorten(sentenceCase(line.text))}`)];
    },
    decisions: () => {
      const said = decisionLines(lines);
      if (said.length === 0) return ['## Decisions', '', '_None found._'];
      return ['## Decisions', '', ...said.map((line) => `- ${shorten(sentenceCase(line.text), 200)} (${line.speaker}, ${clock(line.start)})`)];
    },
    actions: () => {
      const items = findActionItems(asSegments, reference, knownNames(asSegments, request?.context?.participants)).slice(0, MAX_ITEMS);
      return ['## Action items', '', ...(items.length === 0 ? ['_None found._'] : items.map(itemLine))];
    },
    dates: () => {
      const dates = keyDates(lines, reference);
      if (dates.length === 0) return focus.order[0] === 'dates' ? ['## Key dates', '', '_None found._'] : [];
      return ['## Key dates', '', ...dates.map(({ date, line }) => `- ${bold(dateLabel(date))}: ${shorten(line.text, 160)} (${line.speaker}, ${clock(line.start)})`)];
    },
  };
  const body = focus.order.map((section) => sections[section]()).filter((part) => part.length > 0).flatMap((part) => [...part, '']);
  return [...head, ...body, '_Extractive summary by the offline engine: lines are quoted from the transcript, chosen as the prompt asks where it names action items, decisions, dates or a topic._', ''].join('\n');
}
