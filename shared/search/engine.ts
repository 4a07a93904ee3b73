// The search engine: one MiniSearch index per user (BM25+ ranking), whose documents are the
// transcript segments of the user's recordings plus their titles, notes and summaries (split
// into paragraphs), so every hit points at a moment or a passage. The query language is small:
// words (all must match, in any form: "hiring" finds "hire" and "hired"; words of 5+ letters
// tolerate a typo), "exact phrases" and prefixes (budg*). Each word is indexed as written (for
// phrases, prefixes and typos) and as its Porter2 stem (for forms), as the recording's own chat
// (wink-nlp stems) already reads questions. Highlights are character ranges of the words that
// matched, computed on the text returned, with the same tokenizer the index used.
import MiniSearch, { type Options, type Query, type SearchResult } from 'minisearch';
import { eng } from 'stopword';
// @ts-expect-error -- wink-porter2-stemmer ships no type declarations: one function, string to string.
import porter2 from 'wink-porter2-stemmer';

export type HitField = 'transcript' | 'title' | 'notes' | 'summary';

/** One indexed passage: a transcript segment, or a title, note or summary paragraph. */
export interface SearchDoc {
  /** `<recording id>:<field>:<index>`. */
  readonly id: string;
  readonly recording_id: number;
  readonly field: HitField;
  /** The segment's position in the transcript, or the paragraph's in its field. */
  readonly segment_index: number;
  readonly speaker: string;
  readonly start_time: number | null;
  readonly end_time: number | null;
  readonly text: string;
}

export interface ParsedQuery {
  readonly words: readonly { readonly term: string; readonly prefix: boolean }[];
  readonly phrases: readonly (readonly string[])[];
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
/** Words this long or longer match with one edit (a typo); shorter ones must be exact. */
const FUZZY_MIN_LENGTH = 5;

function normalize(term: string): string {
  return term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/’/g, "'");
}

const stemOf = porter2 as (word: string) => string;
/** Stems already worked out: a library repeats a few thousand words millions of times. */
const stems = new Map<string, string>();
const STEMS_KEPT = 100_000;

/** A normalised word's stem: "hiring", "hires" and "hired" → "hire". */
function stem(term: string): string {
  let found = stems.get(term);
  if (found === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    stems.set(term, (found = stemOf(term)));
  }
  return found;
}

/** What the index holds for a word: as written, and its stem when that differs. */
function indexTerms(term: string): string | string[] {
  const written = normalize(term);
  const stemmed = stem(written);
  return stemmed === written ? written : [written, stemmed];
}

function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Words of the text with their character ranges, normalised. */
function tokensWithOffsets(text: string): { term: string; start: number; end: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ term: normalize(m[0]), start: m.index, end: m.index + m[0].length }));
}

export const INDEX_OPTIONS: Options<SearchDoc> = {
  fields: ['text', 'speaker_terms'],
  storeFields: ['recording_id', 'field', 'segment_index', 'speaker', 'start_time', 'end_time', 'text'],
  tokenize,
  processTerm: indexTerms,
  extractField: (doc: SearchDoc, name: string): unknown => (name === 'speaker_terms' ? doc.speaker : doc[name as keyof SearchDoc]),
  // Queries are built from terms parseQuery already normalised (and stemmed where wanted).
  searchOptions: { boost: { text: 1, speaker_terms: 0.3 }, processTerm: (term: string) => term },
};

export function createIndex(): MiniSearch<SearchDoc> {
  return new MiniSearch<SearchDoc>(INDEX_OPTIONS);
}

/** Splits `"phrases"`, `prefix*` and plain words; an unclosed quote counts as closed at the end. */
export function parseQuery(q: string): ParsedQuery {
  const phrases: string[][] = [];
  const words: { term: string; prefix: boolean }[] = [];
  const parts = q.split('"');
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      const terms = tokenize(part).map(normalize);
      if (terms.length > 1) phrases.push(terms);
      else if (terms.length === 1) words.push({ term: terms[0]!, prefix: false });
      return;
    }
    for (const m of part.matchAll(/([\p{L}\p{N}'’]+)(\*?)/gu)) {
      for (const term of tokenize(m[1]!).map(normalize)) words.push({ term, prefix: m[2] === '*' });
    }
  });
  return { words, phrases };
}

const STOP_WORDS = new Set(eng.map(normalize));

/**
 * A question's words worth finding: any-word search (chat) would otherwise rank and mark every
 * passage holding "the" or "we". Stop words are dropped unless nothing else is left.
 */
function contentWords(parsed: ParsedQuery): ParsedQuery {
  const words = parsed.words.filter((w) => w.prefix || !STOP_WORDS.has(w.term));
  return words.length > 0 || parsed.phrases.length > 0 ? { ...parsed, words } : parsed;
}

/** A word as typed (prefix or typo allowed), or any word of its stem (an exact form ranks higher). */
function wordQuery(w: ParsedQuery['words'][number]): Query {
  const typed = { queries: [w.term], prefix: w.prefix, fuzzy: !w.prefix && w.term.length >= FUZZY_MIN_LENGTH ? 1 : false };
  const stemmed = stem(w.term);
  if (w.prefix || stemmed === w.term) return typed;
  return { combineWith: 'OR', queries: [typed, { queries: [stemmed], prefix: false, fuzzy: false }] };
}

/** The MiniSearch query: every word and every phrase word must match (AND), or any (OR, for chat). */
function toQuery(parsed: ParsedQuery, combineWith: 'AND' | 'OR'): Query | null {
  const queries: Query[] = [
    ...parsed.words.map(wordQuery),
    ...parsed.phrases.flatMap((p) => p.map((term) => ({ queries: [term], prefix: false, fuzzy: false }))),
  ];
  if (queries.length === 0) return null;
  return { combineWith, queries };
}

/** Where each phrase occurs in the text, as token index runs. */
function phraseRuns(tokens: readonly { term: string }[], phrase: readonly string[]): number[] {
  const starts: number[] = [];
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    if (phrase.every((t, j) => tokens[i + j]!.term === t)) starts.push(i);
  }
  return starts;
}

/**
 * The character ranges to highlight, or null when a phrase of the query is not in the text
 * (its words matched apart: not a phrase hit). `matched` are the index terms the result matched.
 */
function highlight(text: string, parsed: ParsedQuery, matched: readonly string[]): [number, number][] | null {
  const tokens = tokensWithOffsets(text);
  const marked = new Set<number>();
  for (const phrase of parsed.phrases) {
    const runs = phraseRuns(tokens, phrase);
    if (runs.length === 0) return null;
    for (const start of runs) for (let j = 0; j < phrase.length; j++) marked.add(start + j);
  }
  // A word is marked in any form of what matched (its stem may be what the index matched).
  const phraseTerms = new Set(parsed.phrases.flat());
  const wordTerms = new Set([...matched, ...parsed.words.map((w) => w.term)].filter((t) => !phraseTerms.has(t)));
  tokens.forEach((t, i) => {
    if (!phraseTerms.has(t.term) && (wordTerms.has(t.term) || wordTerms.has(stem(t.term)))) marked.add(i);
  });
  return [...marked].sort((a, b) => a - b).map((i) => [tokens[i]!.start, tokens[i]!.end]);
}

export interface EngineHit {
  readonly doc: SearchDoc;
  readonly score: number;
  readonly highlights: readonly [number, number][];
}

/** Every passage matching the query, best first; phrases are checked word by word in the text. */
export function runQuery(index: MiniSearch<SearchDoc>, q: string, options: { combineWith: 'AND' | 'OR'; filter?: (doc: SearchDoc) => boolean }): EngineHit[] {
  const parsed = options.combineWith === 'OR' ? contentWords(parseQuery(q)) : parseQuery(q);
  const query = toQuery(parsed, options.combineWith);
  if (!query) return [];
  const found: SearchResult[] = index.search(query, options.filter ? { filter: (r) => options.filter!(r as unknown as SearchDoc) } : {});
  const results = options.combineWith === 'OR' ? withoutNearMisses(found, parsed) : found;
  const hits: EngineHit[] = [];
  for (const r of results) {
    const doc = { ...(r as unknown as SearchDoc), id: String(r.id) };
    // A transcript passage of a query without phrases is a hit whatever its highlights: they are
    // found only when read (a page's worth), not for each of a common word's many thousands.
    if (parsed.phrases.length === 0 && doc.field === 'transcript') {
      hits.push(lazyHit(doc, r.score, () => highlight(doc.text, parsed, r.terms) ?? []));
      continue;
    }
    const ranges = highlight(doc.text, parsed, r.terms);
    if (ranges === null || (ranges.length === 0 && doc.field !== 'transcript')) continue;
    hits.push({ doc, score: r.score, highlights: ranges });
  }
  return hits;
}

/**
 * Any-word results (the chat's) without a typo's near misses: "price" also finds "prizes" one
 * letter off, which says nothing about prices. When every word that tolerates a typo was found as
 * typed (or in another form), a result that matched none of the words as typed is dropped; while
 * one was found only through a typo ("bugdet"), every result stays.
 */
function withoutNearMisses(results: SearchResult[], parsed: ParsedQuery): SearchResult[] {
  const asTyped = (word: ParsedQuery['words'][number]) => [word.term, stem(word.term)];
  const exact = new Set([...parsed.words.filter((w) => !w.prefix).flatMap(asTyped), ...parsed.phrases.flat()]);
  const prefixes = parsed.words.filter((w) => w.prefix).map((w) => w.term);
  const matchedAsTyped = (r: SearchResult) => r.terms.some((term) => exact.has(term) || prefixes.some((p) => term.startsWith(p)));
  const tolerant = parsed.words.filter((w) => !w.prefix && w.term.length >= FUZZY_MIN_LENGTH).map(asTyped);
  const typoOnly = tolerant.some((forms) => !results.some((r) => forms.some((term) => r.terms.includes(term))));
  return typoOnly ? results : results.filter(matchedAsTyped);
}

function lazyHit(doc: SearchDoc, score: number, find: () => [number, number][]): EngineHit {
  let ranges: [number, number][] | undefined;
  return {
    doc,
    score,
    get highlights() {
      return (ranges ??= find());
    },
  };
}
