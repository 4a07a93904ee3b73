// Parts of speech by wink-nlp's tagger (Universal POS tags: NOUN, PROPN, VERB, ADJ, …), with
// where each word starts in the text. The tagger is made on first use: the engine textrank.ts
// shares runs no pipeline, and most requests never need one.
import winkNLP, { type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export interface TaggedWord {
  readonly text: string;
  /** Where the word starts in the text given. */
  readonly start: number;
  readonly pos: string;
}

/** Parts of speech that name something: a thing, a name, a quality, a number. */
export const NAMING = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

let tagger: ReturnType<typeof winkNLP> | undefined;
/**
 * The first id the tagger gives a word its lexicon lacks: ids past the lexicon go to new words
 * in the order they are met, so a nonsense word read first of all takes the first of them.
 */
let firstUnknownId = Number.POSITIVE_INFINITY;

function makeTagger(): ReturnType<typeof winkNLP> {
  const made = winkNLP(model, ['pos']);
  firstUnknownId = made.readDoc('qxzvqjkw').tokens().out(made.its.uniqueId)[0] as number;
  return made;
}

const knownWords = new Map<string, boolean>();

/**
 * Whether the tagger's English lexicon holds the word (in lower case, as the lexicon does), or
 * the singular of a plural it lacks ("notifications"): a word it does not know is most often a
 * name ("maria", "kofi"). Looked up once a word, for up to 10,000 words.
 */
export function inLexicon(word: string): boolean {
  const lower = word.toLowerCase();
  let known = knownWords.get(lower);
  if (known === undefined) {
    known = lexiconHas(lower) || singularsOf(lower).some(lexiconHas);
    if (knownWords.size < 10_000) knownWords.set(lower, known);
  }
  return known;
}

function lexiconHas(lower: string): boolean {
  tagger ??= makeTagger();
  return (tagger.readDoc(lower).tokens().out(tagger.its.uniqueId)[0] as number) < firstUnknownId;
}

/** The singulars a plural the lexicon may lack could have: "notifications" → "notification", "parties" → "party". */
function singularsOf(lower: string): string[] {
  if (lower.length < 5 || !lower.endsWith('s') || lower.endsWith('ss')) return [];
  return lower.endsWith('ies') ? [`${lower.slice(0, -3)}y`] : [lower.slice(0, -1), ...(lower.endsWith('es') ? [lower.slice(0, -2)] : [])];
}

/** The text's word tokens (punctuation and spaces left out), each with its tag and offset. */
export function taggedWords(text: string): TaggedWord[] {
  tagger ??= makeTagger();
  const { its } = tagger;
  const words: TaggedWord[] = [];
  let offset = 0;
  tagger
    .readDoc(text)
    .tokens()
    .each((token: ItemToken) => {
      const value = token.out();
      const at = text.indexOf(value, offset);
      const start = at >= 0 ? at : offset;
      offset = start + value.length;
      if (token.out(its.type) === 'word') words.push({ text: value, start, pos: token.out(its.pos) });
    });
  return words;
}

/** "run-through", "follow-up": the tagger's pieces of a word joined by hyphens, one word again, tagged as its first piece. */
export const joinedAtHyphens = (text: string, words: readonly TaggedWord[]): TaggedWord[] =>
  words.reduce<TaggedWord[]>((joined, w) => {
    const last = joined.at(-1);
    if (last && text[w.start - 1] === '-' && last.start + last.text.length === w.start - 1) joined[joined.length - 1] = { ...last, text: `${last.text}-${w.text}` };
    else joined.push(w);
    return joined;
  }, []);
