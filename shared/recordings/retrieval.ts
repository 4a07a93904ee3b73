// Finding the transcript segments that answer a question: BM25 (wink-bm25-text-search) over
// the segments, each segment one document described by its wink-nlp stems without stop words.
// Questions and segments are normalised alike first (lower case, digits as number words, the
// way the embedded ASR writes them), so "3 pm" finds "three p m". A question whose words occur
// nowhere in the recording finds nothing: the caller then says so instead of guessing.
// @ts-expect-error -- wink-bm25-text-search ships no type declarations; the part used is typed below.
import winkBm25 from 'wink-bm25-text-search';
import { FAR_BACK, findDates } from '../text/spoken-dates.ts';
import { contentStems } from '../text/textrank.ts';
import { findLocation } from '../text/places.ts';
import { taggedWords } from '../text/pos.ts';
import { OFFERS_ANOTHER } from '../text/spoken-times.ts';
import type { ChatSource, Segment } from '../providers/types.ts';
import { withAbbreviationsSpelled } from './acronyms.ts';
import { askedAbout, askedFor, askedSegments } from './task-questions.ts';
import { asksBeyondTheSpeakers, namedSpeakers, overviewSegments, speakerSegments, wholeQuestion, wordsOf } from './whole-recording.ts';

interface Bm25Engine {
  defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean;
  definePrepTasks(tasks: ReadonlyArray<(input: string) => unknown>): number;
  addDoc(doc: Record<string, string>, id: string | number): number;
  consolidate(precision?: number): boolean;
  search(text: string, limit?: number): Array<[string, number]>;
}
const newEngine = winkBm25 as () => Bm25Engine;

/** BM25 refuses to consolidate fewer documents than this. */
const BM25_MIN_DOCUMENTS = 3;
/** Hits scoring below this share of the best hit are noise (a single common word in common). */
const RELATIVE_CUT_OFF = 0.25;
/** "When …?" questions: a hit that names a day or a time counts this much more. */
const WHEN_BOOST = 2;
/** A passage that itself asks ("who's bringing the pa", "is that in person?") answers less than one that says: it counts this much. */
const QUESTION_WEIGHT = 0.6;
const ASKS = /\?\s*$|^\s*(?:(?:so|and|but|okay|ok|right)[,\s]+)?(?:who|what|when|where|why|how|which|who's|what's|where's|is|are|do|does|did|can|could|shall|should|will|would)\b/i;
/** "Where …?" questions: a hit that names a place counts this much more. */
const WHERE_BOOST = 2;
const WHERE_QUESTION = /^\s*(?:where|at which place|what (?:place|venue|address|location))\b|\b(?:what|which) (?:place|venue|address|location)\b/i;
const WHEN_QUESTION = /^\s*(?:when|by when|until when|how soon|what (?:time|day|date)|which (?:day|date))\b|\b(?:what|which) (?:time|day|date)\b/i;
/** "How much …?", "What does it cost?": a hit that names an amount of money counts more, as a "when" hit naming a day does. */
const HOW_MUCH_QUESTION = /^\s*how much\b|\b(?:cost|costs|price|fee|charge|charges)\b/i;
const AMOUNT = /[£$€]\s?\d|\b(?:pounds?|quid|dollars?|bucks|euros?|pence|cents?|free of charge)\b/i;
const namesAnAmount = (text: string): boolean => AMOUNT.test(text);
// Past mentions findDates leaves out (it keeps what is still ahead, for calendar events).
const PAST_MENTION = /\b(?:yesterday|ago|last (?:week|month|year|night|(?:mon|tues|wednes|thurs|fri|satur|sun)day))\b/i;

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINALS: Readonly<Record<string, string>> = { one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth' };

function numberWords(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${numberWords(n % 100)}` : ''}`;
  return String(n).split('').map((d) => ONES[Number(d)]).join(' ');
}

function ordinalWords(n: number): string {
  const words = numberWords(n).split(' ');
  const last = words.pop()!;
  return [...words, ORDINALS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`)].join(' ');
}

/** Text as the embedded ASR writes it: lower case, "3:30 pm" → "three thirty p m", "5th" → "fifth". */
export function normaliseLikeTranscript(text: string): string {
  return (typeof text === 'string' ? text : '')
    .toLowerCase()
    .replace(/(\d+)(?:st|nd|rd|th)\b/g, (_, d: string) => ` ${ordinalWords(Number(d))} `)
    .replace(/(\d{1,2}):(\d\d)(?:\s*([ap])\.?\s?m\b\.?)?/g, (_, h: string, m: string, ap?: string) =>
      ` ${numberWords(Number(h))} ${m === '00' ? "o'clock" : numberWords(Number(m))}${ap ? ` ${ap} m` : ''} `)
    .replace(/(\d+)\s*([ap])\.?\s?m\b\.?/g, (_, d: string, ap: string) => ` ${numberWords(Number(d))} ${ap} m `)
    .replace(/\d+/g, (d) => ` ${d.length > 6 ? d : numberWords(Number(d))} `)
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The prepared tokens of a text: wink-nlp tokens, lower case, stop words out, stems. */
/**
 * Words wink-nlp counts as stop words that a question asks by: whether someone is there ("when
 * is sam off?"), and nouns and verbs of their own ("who was on call?", "what's the amount?",
 * "which side …", "when do we move?"; "this call", "the call" is the recording itself).
 */
const KEPT_WORDS = /\b(?:off|away|out|back|free|busy|(?<!\b(?:the|this|that|our|a|today's)\s)calls?|move|moves|show|shows|side|sides|front|name|names|amount|full|empty|top)\b/g;

/** Letters said one by one, as the recogniser writes an abbreviation ("the m o t", "the p t a"): one word, as a question writes it ("MOT"). */
const SPELLED = /(?<![\p{L}'])\p{L}(?:\s\p{L}(?![\p{L}']))+/gu;

function searchTerms(text: string): string[] {
  const normalised = normaliseLikeTranscript(text).replace(SPELLED, (letters) => letters.replace(/\s/g, ''));
  return [...contentStems(normalised), ...(normalised.match(KEPT_WORDS) ?? []).map((word) => word.replace(/(?<=^(?:call|move|show|side|name))s$/, ''))];
}

function toSource(segments: readonly Segment[], index: number): ChatSource {
  const s = segments[index]!;
  return { segment_index: index, speaker: s.speaker, start_time: s.start_time, end_time: s.end_time, text: s.sentence };
}

/** [segment index, score] pairs. */
type Scored = Array<[number, number]>;

/** Every hit, so the "when" boost can lift one BM25 alone ranks low. */
function bm25Scores(segments: readonly Segment[], question: string, limit: number): Scored {
  const engine = newEngine();
  engine.defineConfig({ fldWeights: { text: 1 }, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
  engine.definePrepTasks([searchTerms]);
  segments.forEach((segment, index) => engine.addDoc({ text: String(segment.sentence ?? '') }, index));
  engine.consolidate();
  return engine.search(question, limit).map(([id, score]) => [Number(id), score]);
}

/** Too few segments for BM25: how many of the question's terms each segment shares. */
function overlapScores(segments: readonly Segment[], question: string): Scored {
  const wanted = new Set(searchTerms(question));
  return segments
    .map((segment, index): [number, number] => [index, searchTerms(String(segment.sentence ?? '')).filter((t) => wanted.has(t)).length])
    .filter(([, score]) => score > 0);
}

function namesATime(text: string): boolean {
  return PAST_MENTION.test(text) || findDates(text, FAR_BACK).length > 0;
}

const namesAPlace = (text: string): boolean => findLocation(text) !== '';
/** A day or a time, not a month or a year ("this month" answers no "when"). */
const namesADay = (text: string): boolean => findDates(text, FAR_BACK).some((d) => !d.period);
/** How many segments after the best passage of a "when" question an answer naming the time may come ("he wants a call" … "he suggested thursday at four"). */
const ANSWER_REACH = 3;

/** The first segment within reach after `best` that names what `names` looks for, unless one of `picked` is it. */
function saidAfter(segments: readonly Segment[], best: number, names: (text: string) => boolean, picked: readonly number[]): number | undefined {
  if (names(String(segments[best]?.sentence ?? ''))) return undefined;
  for (let i = best + 1; i <= best + ANSWER_REACH && i < segments.length; i += 1) {
    if (names(String(segments[i]!.sentence ?? ''))) return picked.includes(i) ? undefined : i;
  }
  return undefined;
}

/** "make it ten thirty", "let's do friday instead", "then we push the test to wednesday", "okay thursday then": another time offered for what was just said. */
const MOVES = new RegExp(`\\b(?:instead|rather|${OFFERS_ANOTHER}|then\\s*[.!]?\\s*$)`, 'i');

/** Whether every thing `text` names (its nouns, days and times aside; read in lower case, so a capital opening the sentence names no one) is one `known` names too: it speaks of nothing else. */
function namesNothingElse(text: string, known: ReadonlySet<string>): boolean {
  const things = taggedWords(text.toLowerCase()).filter((w) => (w.pos === 'NOUN' || w.pos === 'PROPN') && !namesADay(w.text));
  return things.every((w) => searchTerms(w.text).every((stem) => known.has(stem)));
}

/**
 * When the best passage of a "when" question names its day or time, the first of the next few
 * that offers another for the same thing ("the soil delivery is on thursday at nine" … "okay make
 * it ten thirty"), so the answer shows where the talk ended and not only where it began.
 */
function movedAfter(segments: readonly Segment[], best: number, question: string): number | undefined {
  const bestSaid = String(segments[best]?.sentence ?? '');
  if (!namesADay(bestSaid)) return undefined;
  const known = new Set(searchTerms(`${question} ${bestSaid}`));
  for (let i = best + 1; i <= best + ANSWER_REACH && i < segments.length; i += 1) {
    const said = String(segments[i]!.sentence ?? '');
    if (MOVES.test(said) && namesADay(said) && namesNothingElse(said, known)) return i;
  }
  return undefined;
}

/** A reply that answers nothing: "no idea yet", "not sure", "good question". */
const NO_ANSWER = /^\s*(?:(?:um|er|hmm|well)[,\s]+)?(?:no idea|not sure|i'?m not sure|i don'?t know|dunno|no clue|good question|who knows)\b/i;

/** When a passage asks ("how much is the trip"), the answer another speaker gives right after it ("twelve pounds, you can pay online"). */
function replyTo(segments: readonly Segment[], asked: number): number | undefined {
  if (!ASKS.test(String(segments[asked]?.sentence ?? ''))) return undefined;
  const reply = segments[asked + 1];
  const said = String(reply?.sentence ?? '');
  return !reply || reply.speaker === segments[asked]!.speaker || ASKS.test(said) || NO_ANSWER.test(said) ? undefined : asked + 1;
}

/**
 * The segments that best answer `question`, best first (at most `k`), each with its index in
 * the transcript; [] when no segment shares a content word with the question. For a "when"
 * question, a passage in which chrono-node finds a date or time expression ranks higher, and
 * when the best names none, the first of the next few that does follows it ("where" likewise,
 * with places); a passage that asks is followed by another speaker's reply to it.
 */
export function retrieve(segments: readonly Segment[], asked: string, k = 5): ChatSource[] {
  if (!Array.isArray(segments) || segments.length === 0 || k < 1) return [];
  // "When is GA?": the words the recording says for it are searched too.
  const question = withAbbreviationsSpelled(asked, segments.map((s) => String(s?.sentence ?? '')));
  if (searchTerms(question).length === 0) return WHEN_QUESTION.test(question) ? whenInPlainWords(segments, question, k) : [];
  const scored = segments.length < BM25_MIN_DOCUMENTS ? overlapScores(segments, question) : bm25Scores(segments, question, segments.length);
  const boost = WHEN_QUESTION.test(question)
    ? { names: namesATime, by: WHEN_BOOST, answers: namesADay }
    : WHERE_QUESTION.test(question)
      ? { names: namesAPlace, by: WHERE_BOOST, answers: namesAPlace }
      : HOW_MUCH_QUESTION.test(question)
        ? { names: namesAnAmount, by: WHEN_BOOST, answers: namesAnAmount }
        : undefined;
  const ranked = withReplyScores(segments, scored, question)
    .filter(([, score]) => score > 0)
    .map(([index, score]): [number, number] => [index, boost?.names(String(segments[index]!.sentence ?? '')) ? score * boost.by : score])
    .map(([index, score]): [number, number] => [index, ASKS.test(String(segments[index]!.sentence ?? '')) ? score * QUESTION_WEIGHT : score])
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  // "How much does it cost?" where no passage says "cost": the amounts said are the answer.
  if (ranked.length === 0 && boost?.names === namesAnAmount) return segments.flatMap((s, index) => (namesAnAmount(String(s?.sentence ?? '')) ? [toSource(segments, index)] : [])).slice(0, k);
  const best = ranked[0]?.[1] ?? 0;
  const picked = ranked.filter(([, score]) => score >= best * RELATIVE_CUT_OFF).map(([index]) => index);
  const next = boost && picked.length > 0 ? saidAfter(segments, picked[0]!, boost.answers, picked) ?? (boost.answers === namesADay ? movedAfter(segments, picked[0]!, question) : undefined) : undefined;
  const ordered = next === undefined ? picked : [picked[0]!, next, ...picked.slice(1).filter((index) => index !== next)];
  return withReplies(segments, ordered.slice(0, k)).slice(0, k).map((index) => toSource(segments, index));
}

/** How much more a reply counts when the passage it answers asks as the question does ("when would it be available from"). */
const SAME_KIND = 1.5;

/**
 * Each passage that asks lends its score to another speaker's reply right after it ("when would
 * it be available from" → "from the first of february"), all the more when it asks as the
 * question does (both "when …", or both "where …").
 */
function withReplyScores(segments: readonly Segment[], scored: Scored, question: string): Scored {
  const kind = [WHEN_QUESTION, WHERE_QUESTION].find((pattern) => pattern.test(question));
  const scores = new Map(scored);
  for (const [index, score] of scored) {
    const reply = score > 0 ? replyTo(segments, index) : undefined;
    if (reply === undefined) continue;
    const lent = score * (kind?.test(String(segments[index]!.sentence ?? '')) ? SAME_KIND : 1);
    scores.set(reply, Math.max(scores.get(reply) ?? 0, lent));
  }
  return [...scores];
}

/** The sources, each that asks followed by the reply to it in the whole transcript (at most `k`). */
const repliedTo = (segments: readonly Segment[], sources: readonly ChatSource[], k: number): ChatSource[] =>
  withReplies(segments, sources.map((s) => s.segment_index)).slice(0, k).map((index) => toSource(segments, index));

/** Each passage that asks followed by another speaker's reply right after it, unless the reply is among them already. */
function withReplies(segments: readonly Segment[], picked: readonly number[]): number[] {
  return picked.flatMap((index) => {
    const reply = replyTo(segments, index);
    return reply === undefined || picked.includes(reply) ? [index] : [index, reply];
  });
}

/** Contractions spelled out, so "we're on at nine" says "we", "are" and "on". */
const spelledOut = (text: string): string[] =>
  text.toLowerCase().replace(/['’]re\b/g, ' are').replace(/['’]s\b/g, ' is').replace(/['’]ll\b/g, ' will').replace(/['’]m\b/g, ' am').split(/[^\p{L}]+/u).filter(Boolean);
/** What a "when" question asks with, not about: the question words and the verbs that carry the tense. */
const ASKING = new Set(['when', 'what', 'which', 'time', 'day', 'date', 'by', 'until', 'how', 'soon', 'is', 'are', 'was', 'were', 'am', 'be', 'do', 'does', 'did', 'will', 'shall', 'can', 'should', 'would']);

/**
 * "When are we on?": a question of stop words alone, which BM25 cannot search. The passages that
 * name a day or a time and say every word the question asks about ("and we're on at nine"), in
 * the order said.
 */
function whenInPlainWords(segments: readonly Segment[], question: string, k: number): ChatSource[] {
  const wanted = spelledOut(question).filter((word) => !ASKING.has(word));
  if (wanted.length === 0) return [];
  const says = (text: string) => {
    const words = new Set(spelledOut(text));
    return wanted.every((word) => words.has(word)) && namesADay(text);
  };
  return segments.flatMap((s, index) => (says(String(s?.sentence ?? '')) ? [toSource(segments, index)] : [])).slice(0, k);
}

/** The passages of `indices` alone, as `pick` ranks them within those, with their indices in the whole transcript. */
function within(segments: readonly Segment[], indices: readonly number[], pick: (subset: Segment[]) => ChatSource[]): ChatSource[] {
  return pick(indices.map((i) => segments[i]!)).map((source) => ({ ...source, segment_index: indices[source.segment_index]! }));
}

/** Whether a text (a word of the question, an owner's name) says a word of these names. */
const saysName = (nameStems: ReadonlySet<string>) => (text: string) => [...searchTerms(text), ...wordsOf(text)].some((stem) => nameStems.has(stem));

/** The question without the words of the names. */
const withoutNames = (question: string, nameStems: ReadonlySet<string>): string => question.split(/\s+/).filter((word) => !saysName(nameStems)(word)).join(' ');

/** The passages to answer from, and whether each is one of the things asked for (the tasks, the decisions). */
export interface AnswerPlan {
  readonly sources: ChatSource[];
  readonly listing: boolean;
}

const passages = (sources: ChatSource[]): AnswerPlan => ({ sources, listing: false });
/** The most passages a list answer gives: each is one of the things asked for, so it gives every one, up to a page's worth. */
const MAX_LISTED = 20;
const listed = (segments: readonly Segment[], indices: readonly number[], k: number): AnswerPlan => ({
  sources: indices.slice(0, Math.max(k, MAX_LISTED)).map((index) => toSource(segments, index)),
  listing: true,
});

/** "What did we decide about the roof?": the decisions (or tasks, or deadlines) that say something of the roof, in the order said; undefined when none does. */
function aboutATopic(segments: readonly Segment[], question: string, k: number): AnswerPlan | undefined {
  const about = askedAbout(question, searchTerms);
  const among = about ? askedSegments(segments, about.asked) : [];
  const found = among.length > 0 ? within(segments, among, (subset) => retrieve(subset, about!.topic, k)) : [];
  return found.length > 0 ? { sources: found.sort((a, b) => a.segment_index - b.segment_index), listing: true } : undefined;
}

/** A question naming speakers: their tasks or decisions when it asks for them (./task-questions.ts), what they said about the rest of it, or their most central passages when it asks nothing more. */
function fromSpeakers(segments: readonly Segment[], question: string, terms: readonly string[], k: number): AnswerPlan | undefined {
  const { speakers, nameStems } = namedSpeakers(segments.map((s) => s.speaker), question, terms, searchTerms);
  if (speakers.size === 0) return undefined;
  const theirs = segments.flatMap((s, i) => (speakers.has(s.speaker || '') ? [i] : []));
  // "What are Tom's action items?", "What will Tom do?": the tasks Tom owns, said by anyone.
  const asked = askedFor(withoutNames(question, nameStems), searchTerms);
  const answering = asked ? askedSegments(segments, asked, saysName(nameStems)) : [];
  if (answering.length > 0) return listed(segments, answering, k);
  // "What should Mark bring?" … "do i need to bring anything": another speaker's reply to a question of theirs answers it.
  if (asksBeyondTheSpeakers(terms, nameStems)) return passages(repliedTo(segments, within(segments, theirs, (subset) => retrieve(subset, question, k)), k));
  return passages(within(segments, theirs, (subset) => overviewSegments(subset, k, searchTerms).map((i) => toSource(subset, i))));
}

export interface SpeakerQuery {
  /** What to search for: the question, less the speakers' names when it asks about more than them. */
  readonly query: string;
  /** The speakers among `names` the question names, by a word of the name; undefined when none. */
  readonly speakers?: string[];
  /**
   * The transcript segments that answer a question for the tasks, deadlines or decisions
   * (./task-questions.ts), of those the named speakers own or stated; undefined for any other question.
   */
  readonly answering?: (segments: readonly Segment[]) => number[];
}

/** "my", "me", "What do I have to do?", "What have I promised?": the asker's own ("Can I see …" is not). */
const FIRST_PERSON = /\b(?:my|mine|me)\b|\b(?:do|did|should|must|will|shall)\s+i\b|\bi\s+(?:have|need|must|should|will|agreed|promised|said|say|owe)\b/i;

/** Whether the question asks about the asker's own part ("What are my action items?"). */
export const asksForOwn = (question: string): boolean => FIRST_PERSON.test(question);

/** The question naming `self`, the asker's voice (given when the question asks for the asker's own): "What are my action items? (Tom Price)". */
export const askedBy = (question: string, self: string | undefined): string => (self ? `${question} (${self})` : question);

/**
 * For a search over many recordings (the library chat): which of these speaker names the
 * question names, what is left to look for, and whether it asks for the tasks or decisions.
 * `self`, the asker's name when a voice carries it, is named by a question asking for the
 * asker's own ("What are my action items?" is what `self` owns).
 */
export function speakerQuery(names: readonly string[], message: string, self?: string): SpeakerQuery {
  const question = askedBy(message, self);
  const terms = searchTerms(question);
  const { speakers, nameStems } = namedSpeakers(names, question, terms, searchTerms);
  const asked = askedFor(speakers.size === 0 ? question : withoutNames(question, nameStems), searchTerms);
  const whose = speakers.size === 0 ? undefined : saysName(nameStems);
  const answering = asked && ((segments: readonly Segment[]) => askedSegments(segments, asked, whose, false));
  if (speakers.size === 0) return { query: question, ...(answering ? { answering } : {}) };
  // "What did Maria say about the tomatoes?": her name would match every passage of hers.
  const query = asksBeyondTheSpeakers(terms, nameStems) ? withoutNames(question, nameStems) : question;
  return { query, speakers: [...speakers], ...(answering ? { answering } : {}) };
}

/**
 * The passages to answer `question` from (at most `k`): a question naming speakers keeps to
 * their passages; one asking for the tasks or the decisions (./task-questions.ts) gets the
 * passages that give or state them, in the order said, every one up to MAX_LISTED; BM25's when it names something to look for; else,
 * for a question about the recording as a whole (./whole-recording.ts), its most central
 * segments, or each speaker's when it asks who spoke.
 */
export function answerPlan(segments: readonly Segment[], question: string, k = 5): AnswerPlan {
  if (!Array.isArray(segments) || segments.length === 0 || k < 1) return passages([]);
  const spoken = fromSpeakers(segments, question, searchTerms(question), k);
  if (spoken) return spoken;
  const asked = askedFor(question, searchTerms);
  const answering = asked ? askedSegments(segments, asked) : [];
  if (answering.length > 0) return listed(segments, answering, k);
  const about = asked ? undefined : aboutATopic(segments, question, k);
  if (about) return about;
  // "When …?" asks for a time a passage states, never for the whole.
  if (WHEN_QUESTION.test(question)) return passages(retrieve(segments, question, k));
  const whole = wholeQuestion(question, searchTerms);
  if (whole === undefined) return passages(retrieve(segments, question, k));
  if (whole === 'overview-unless-found') {
    const found = retrieve(segments, question, k);
    if (found.length > 0) return passages(found);
  }
  const picked = whole === 'speakers' ? speakerSegments(segments, k, searchTerms) : overviewSegments(segments, k, searchTerms);
  return passages(picked.map((index) => toSource(segments, index)));
}

/** The passages of answerPlan alone. */
export const answerSources = (segments: readonly Segment[], question: string, k = 5): ChatSource[] => answerPlan(segments, question, k).sources;
