// Questions about the recording as a whole ("Summarise this call", "What was discussed?", "Who
// spoke?") name no word that was said in it, so BM25 finds nothing for them and the model
// would answer from no passage. Such a question is one whose content words, if any, all point
// at the recording, its summary or its speakers, or one that asks for the summary or the topics
// in so many words while its other words name nothing (no noun, name, adjective or number by
// wink-nlp's tagger: "Which topics came up?"). It gets the passages a summary would start
// from instead: the most central segments by TextRank, best first; a question about who
// spoke gets each speaker's most central segment. A question that names anything else (a
// topic, a person, a thing) is left to BM25, and still finds nothing when the recording never
// mentions it. A question that names a speaker keeps to that speaker's segments (retrieval.ts),
// even when the name is also a word: "Who pays the bill?" asked of a speaker named Bill looks
// in Bill's passages only.
import { NAMING, taggedWords } from '../text/pos.ts';
import { contentStems, textRank } from '../text/textrank.ts';
import type { Segment } from '../providers/types.ts';
import { escapeRegExp } from '../text/escape.ts';

/** Words that ask for an overview whatever else was said: the summary, the topics, what happened. */
const OVERVIEW = new Set(
  contentStems(
    'summary summarize summarise summarizing summarising sum recap overview gist outline rundown synopsis digest takeaways highlights ' +
      'points topics subjects themes discussed discussion covered happened',
  ),
);
/** Words that name the recording itself: what one is on or in. */
const SETTING = new Set(contentStems('recording recorded meeting call conversation session chat audio transcript episode interview'));
/** Words about the answer's form or the telling, which may also be words of the recording ("the main door", "let us talk"). */
const FORM = new Set(
  contentStems(
    'main key important issues going talk talked say said mention mentioned tell give describe explain ' +
      'quick quickly short shortly brief briefly overall general whole entire full detailed everything please',
  ),
);
/** Words that point at who took part. */
const SPEAKERS = new Set(
  contentStems('speaker speakers spoke speaking speak participants participated people person attended attendees voices present take took part join joined'),
);
const META = [OVERVIEW, SETTING, FORM, SPEAKERS];
export const isMeta = (term: string) => META.some((words) => words.has(term));
/** Whether a stem asks for the summary or the topics. */
export const asksOverview = (term: string) => OVERVIEW.has(term);

/** Where and why ask for a fact a passage states ("when" is retrieval.ts's WHEN_QUESTION, asked first). */
const WHERE_OR_WHY = /^\W*(?:where|why)\b/i;
const ASKS_WHO = /\bwho(?:m)?\b/i;
/** "What is this about?", "What did we talk about?": nothing after "about" is the whole. */
const ABOUT_WHAT = /\babout\W*$/i;

/**
 * overview: the most central segments; speakers: each speaker's; overview-unless-found: BM25
 * first (the words may be the recording's own), the overview when it finds nothing.
 */
export type WholeQuestion = 'overview' | 'speakers' | 'overview-unless-found' | undefined;

/** The stems (as `stemsOf` makes them) of the question's words that name something. */
function namingStems(question: string, stemsOf: (text: string) => string[]): Set<string> {
  return new Set(taggedWords(question).flatMap((word) => (NAMING.has(word.pos) ? stemsOf(word.text) : [])));
}

/**
 * A question that asks for the summary or the topics in so many words keeps doing so when its
 * other words only tell how things went ("Which topics came up?", "Recap what got decided"),
 * not when one of them names something ("Summarise the discussion on pricing").
 */
function overviewDespite(question: string, terms: readonly string[], stemsOf: (text: string) => string[]): WholeQuestion {
  if (!ABOUT_WHAT.test(question) && !terms.some((t) => OVERVIEW.has(t))) return undefined;
  const naming = namingStems(question, stemsOf);
  return terms.some((t) => !isMeta(t) && naming.has(t)) ? undefined : 'overview';
}

/** Whether the question asks about the recording as a whole, and how; undefined when it names something to look for. */
export function wholeQuestion(question: string, stemsOf: (text: string) => string[]): WholeQuestion {
  // The most central passages need not hold the fact asked for.
  if (WHERE_OR_WHY.test(question)) return undefined;
  const terms = stemsOf(question);
  const asksWho = ASKS_WHO.test(question);
  if (!terms.every(isMeta)) return asksWho ? undefined : overviewDespite(question, terms, stemsOf);
  if (terms.some((t) => SPEAKERS.has(t)) || (asksWho && terms.every((t) => SETTING.has(t)))) return 'speakers';
  // "Who has the key?" asks for something said.
  if (asksWho) return undefined;
  if (terms.length === 0 || ABOUT_WHAT.test(question) || terms.some((t) => OVERVIEW.has(t))) return 'overview';
  return 'overview-unless-found';
}

/** TextRank score per segment, over the same stems BM25 reads. */
function centrality(segments: readonly Segment[], stemsOf: (text: string) => string[]): number[] {
  return textRank(segments.map((s) => stemsOf(String(s.sentence ?? ''))));
}

/** Indices of the `k` most central segments with words, best first (as the model reads sources). */
export function overviewSegments(segments: readonly Segment[], k: number, stemsOf: (text: string) => string[]): number[] {
  const scores = centrality(segments, stemsOf);
  return scores
    .map((score, index) => ({ score, index }))
    .filter(({ index }) => String(segments[index]!.sentence ?? '').trim())
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, k))
    .map(({ index }) => index);
}

/** Each speaker's most central segment (the first `k` speakers to speak), in the order they first spoke. */
export function speakerSegments(segments: readonly Segment[], k: number, stemsOf: (text: string) => string[]): number[] {
  const scores = centrality(segments, stemsOf);
  // Insertion order of the map is the order in which the speakers first said something.
  const best = new Map<string, number>();
  segments.forEach((segment, i) => {
    if (!String(segment.sentence ?? '').trim()) return;
    const speaker = segment.speaker || '';
    const held = best.get(speaker);
    if (held === undefined || scores[i]! > scores[held]!) best.set(speaker, i);
  });
  return [...best.values()].slice(0, Math.max(0, k));
}


/** The lower-case words of a text: what a name that is also a common word ("Will", "May") is known by, its stems being none. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}-]+/gu) ?? [];

/**
 * The speakers (of `labels`, as transcripts name them) a question names, and the stems of their
 * names: a label written out in full ("SPEAKER_01"), or any word of a given name ("Maria" for
 * "Maria Lopez"). A name whose words are all common ones ("Will") is named only as written, in
 * its case ("What will Tom do?" does not name Will), and known by its words.
 */
export function namedSpeakers(labels: Iterable<string>, question: string, terms: readonly string[], stemsOf: (text: string) => string[]): { speakers: Set<string>; nameStems: Set<string> } {
  const speakers = new Set<string>();
  const nameStems = new Set<string>();
  const asked = new Set(terms);
  for (const label of new Set([...labels].filter(Boolean))) {
    const stems = stemsOf(label);
    const common = stems.length === 0;
    const written = new RegExp(`(?:^|[^\\p{L}\\p{N}_])${escapeRegExp(label)}(?![\\p{L}\\p{N}_])`, common ? 'u' : 'iu').test(question);
    if (!written && !stems.some((s) => !SPEAKERS.has(s) && asked.has(s))) continue;
    speakers.add(label);
    for (const s of common ? wordsOf(label) : stems) nameStems.add(s);
  }
  return { speakers, nameStems };
}

/** Whether terms left once the speakers' names are set aside ask for anything beyond what they said. */
export const asksBeyondTheSpeakers = (terms: readonly string[], nameStems: ReadonlySet<string>) => terms.some((t) => !nameStems.has(t) && !isMeta(t));
