// Where a sentence ends in text: at . ! or ? and a space, except after "p.m.", "Dr." and the like,
// or at a line break; and the sentence around a place in the text.

export const SENTENCE_END = /(?<=[.!?])(?<!\b(?:[ap]\.m|mr|mrs|ms|dr|st|e\.g|i\.e|vs)\.)\s+|\n+/i;

/** The sentence of `text` that holds `index`: "before we start." says nothing of the day in the sentence after it. */
export function sentenceAt(text: string, index: number): string {
  let from = 0;
  for (const end of text.matchAll(new RegExp(SENTENCE_END.source, 'gi'))) {
    if (end.index >= index) return text.slice(from, end.index);
    from = end.index + end[0].length;
  }
  return text.slice(from);
}
