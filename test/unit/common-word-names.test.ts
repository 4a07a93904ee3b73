// A speaker whose name is also a common word ("Will", "May"): named as written, in its case, and
// known by that word, though the search drops it as a stop word. Transcript written for this test.
import { describe, expect, it } from 'vitest';
import { answerSources, askedBy, speakerQuery } from '#shared/recordings/retrieval.ts';
import type { Segment } from '#shared/providers/types.ts';

const said: Segment[] = [
  ['Grace', 'will can you bring the trestle tables'],
  ['Will', 'sure'],
  ['Mark', 'i will sweep the hall after the sale'],
  ['May', 'i can run the raffle'],
].map(([speaker, sentence], i) => ({ speaker: speaker!, sentence: sentence!, start_time: i * 5, end_time: i * 5 + 4 }));
const asked = (question: string) => answerSources(said, question).map((s) => s.segment_index);

describe('a name that is also a common word', () => {
  it('owns its tasks when the question names it', () => {
    expect(asked("What are Will's action items?")).toEqual([0]);
    expect(asked('What will May do?')).toEqual([3]);
    expect(asked(askedBy('What do I have to do?', 'Will'))).toEqual([0]);
  });

  it('is not named by the word in lower case', () => {
    expect(asked('What will Mark do?')).toEqual([2]);
    expect(speakerQuery(['Will', 'Mark', 'May'], 'what will the hall need').speakers).toBeUndefined();
  });
});
