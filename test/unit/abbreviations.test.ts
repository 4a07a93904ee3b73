// A question that names in capitals what the recording says in words. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import type { Segment } from '#shared/providers/types.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';
import { withAbbreviationsSpelled } from '#shared/recordings/acronyms.ts';

const turns = (...said: string[]): Segment[] => said.map((sentence, i) => ({ speaker: i % 2 ? 'Ade' : 'Bea', sentence, start_time: i * 6, end_time: i * 6 + 5 }));
const said = turns(
  'right first the numbers for the quarter look fine',
  'the quarterly business review is on the ninth of march in the boardroom',
  'we still need a venue for the summer party',
  'the parent teacher association will fund two coaches',
  'and the bank of england rate decision lands on thursday',
  'thanks everyone',
);
const asked = (question: string) => answerSources(said, question).map((s) => s.segment_index);

describe('an abbreviation in a question', () => {
  it('finds the words the recording says for it', () => {
    expect(asked('When is the QBR?')[0]).toBe(1);
    expect(asked('What is the PTA paying for?')[0]).toBe(3);
    expect(asked('When does the BOE decide?')[0]).toBe(4);
  });

  it('is left as it is when the recording says it as a word, or nothing spells it', () => {
    expect(withAbbreviationsSpelled('Any news on the CEO?', said.map((s) => s.sentence))).toBe('Any news on the CEO?');
    expect(withAbbreviationsSpelled('When is the QBR?', ['the qbr is on friday', 'quarterly business review'])).toBe('When is the QBR?');
    expect(withAbbreviationsSpelled('When is the QBR?', said.map((s) => s.sentence))).toBe('When is the QBR (quarterly business review)?');
  });
});
