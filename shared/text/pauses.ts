// Sentence ends a machine transcript leaves out. An offline recogniser writes no punctuation, so
// "… before march i will draft the description by wednesday" reads as one clause and the first
// commitment would run on into the next. The words' timings still show where the speaker
// stopped: a pause before a new subject that commits to something ("i will", "we should",
// "let's") ends the sentence before it. A pause alone does not (speakers hesitate mid-clause:
// "i will … send you the report"), and a transcript that has punctuation is left as it is.
// A name commits as a pronoun does ("… the hiring plan | maria will draft the letters"), but a
// pause inside a noun phrase is a hesitation ("the new | intern will …"): a word and its modal
// start a clause only when the word before the pause ends a phrase (wink-nlp's tags).
import { taggedWords } from './pos.ts';
import { SENTENCE_END } from './sentence-end.ts';

interface TimedWord {
  readonly word: string;
  readonly start: number;
  readonly end: number;
}

interface TimedText {
  readonly sentence: string;
  readonly words?: readonly TimedWord[];
}

/** The shortest silence between two words, in seconds, that can end a sentence. */
const MIN_SENTENCE_PAUSE = 0.15;

const SUBJECTS = new Set(['i', 'we', 'you', 'he', 'she', 'they']);
const CONTRACTED = /^(?:i|we|you|he|she|they)(?:'ll|'m|'re|'d)$/;
const MODALS = /^(?:will|shall|would|should|must|can|could|need|needs|have|has|got|am|are|is|might|may)$/;

/** The modals a named subject commits with ("maria will", "john needs to"). */
const COMMITTING = /^(?:will|shall|should|must|can|needs|has)$/;
const NAME_LIKE = /^\p{L}[\p{L}'-]+$/u;
/** Tags of a word that binds to the word after it, so a pause after it ends no sentence (possessives are tagged PRON). */
const BINDS_TO_NEXT = new Set(['DET', 'ADJ', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'AUX', 'NUM']);
const POSSESSIVE = /^(?:my|our|your|their|his|her|its)$/;

/** Whether the words from `at` begin a clause of their own: a subject and its modal, or "let's". */
function startsClause(words: readonly string[], at: number): boolean {
  const first = words[at] ?? '';
  if (first === "let's" || CONTRACTED.test(first)) return true;
  if (first === 'let' && words[at + 1] === 'us') return true;
  if (SUBJECTS.has(first)) return MODALS.test(words[at + 1] ?? '');
  if (!NAME_LIKE.test(first) || !COMMITTING.test(words[at + 1] ?? '')) return false;
  const before = taggedWords(words.slice(0, at).join(' ')).at(-1);
  return before !== undefined && !BINDS_TO_NEXT.has(before.pos) && !POSSESSIVE.test(before.text);
}

const isTimed = (w: TimedWord | null | undefined): boolean =>
  typeof w?.word === 'string' && Number.isFinite(w.start) && Number.isFinite(w.end);

const plain = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The segment's text with ". " where the speaker paused before starting a new clause, or the
 * text unchanged when it has punctuation of its own, no timed words, or words that do not spell it.
 */
export function withPauseBreaks(segment: TimedText): string {
  const text = segment.sentence;
  const words = Array.isArray(segment.words) ? segment.words : [];
  if (/[.!?;]/.test(text) || words.length < 2 || !words.every(isTimed)) return text;
  const spoken = words.map((w) => plain(w.word));
  if (spoken.join(' ') !== plain(text)) return text;
  let out = words[0]!.word;
  for (let k = 1; k < words.length; k += 1) {
    const pause = words[k]!.start - words[k - 1]!.end;
    out += pause >= MIN_SENTENCE_PAUSE && startsClause(spoken, k) ? `. ${words[k]!.word}` : ` ${words[k]!.word}`;
  }
  return out;
}

/** The segment's sentences: by its punctuation, or by its pauses when it has none (withPauseBreaks). */
export function sentencesOf(segment: TimedText): string[] {
  return withPauseBreaks(segment)
    .split(SENTENCE_END)
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}
