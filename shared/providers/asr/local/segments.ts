// Pure: words from the recogniser → transcript segments. A segment ends at an utterance
// boundary, at a pause, or when it gets too long to read as one sentence.
import type { Segment, Word } from '../../types.ts';

export interface GroupingOptions {
  /** A silence between two words at least this long ends the segment (seconds). */
  readonly pauseSeconds?: number;
  /** Sentence-length cap in words. */
  readonly maxWords?: number;
  /** Sentence-length cap in seconds. */
  readonly maxSeconds?: number;
  readonly speaker?: string;
}

export const DEFAULT_SPEAKER = 'SPEAKER_00';

/**
 * Groups utterances (each a list of timed words) into segments. Utterances are taken in time
 * order; words keep their timings. Segments never span two utterances.
 */
export function groupIntoSegments(utterances: readonly { readonly words: readonly Word[] }[], options: GroupingOptions = {}): Segment[] {
  const { pauseSeconds = 0.5, maxWords = 40, maxSeconds = 20, speaker = DEFAULT_SPEAKER } = options;
  const ordered = utterances.filter((u) => u.words.length > 0).sort((a, b) => a.words[0]!.start - b.words[0]!.start);
  const segments: Segment[] = [];
  const emit = (words: Word[]) => {
    if (words.length === 0) return;
    segments.push({
      speaker,
      sentence: words.map((w) => w.word).join(' '),
      start_time: words[0]!.start,
      end_time: Math.max(...words.map((w) => w.end)),
      words,
    });
  };
  for (const utterance of ordered) {
    let current: Word[] = [];
    for (const word of utterance.words) {
      const last = current[current.length - 1];
      const first = current[0];
      const pause = last !== undefined && word.start - last.end >= pauseSeconds;
      const tooLong = first !== undefined && (current.length >= maxWords || word.end - first.start > maxSeconds);
      if (pause || tooLong) {
        emit(current);
        current = [];
      }
      current.push(word);
    }
    emit(current);
  }
  return segments;
}
