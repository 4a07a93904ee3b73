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

/** The text's word tokens (punctuation and spaces left out), each with its tag and offset. */
export function taggedWords(text: string): TaggedWord[] {
  tagger ??= winkNLP(model, ['pos']);
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
