// Pure: words from the recogniser → transcript segments. A segment ends at an utterance
// boundary, at a pause, where the speaker changes, or when it gets too long to read as one
// sentence.
import type { Segment, Word } from '../../types.ts';

/** A stretch of the recording attributed to one speaker label by the diariser. */
export interface SpeakerTurn {
  readonly start: number;
  readonly end: number;
  readonly label: string;
}

export interface GroupingOptions {
  /** A silence between two words at least this long ends the segment (seconds). */
  readonly pauseSeconds?: number;
  /** Sentence-length cap in words. */
  readonly maxWords?: number;
  /** Sentence-length cap in seconds. */
  readonly maxSeconds?: number;
  /** The label when there are no turns (or no turn for a word). */
  readonly speaker?: string;
  /** Diarisation turns: each word takes the label of the turn it overlaps most, else the nearest. */
  readonly turns?: readonly SpeakerTurn[];
}

const DEFAULT_SPEAKER = 'SPEAKER_00';

/** The label of the turn overlapping [start, end] most; with no overlap, of the nearest turn. */
export function speakerFor(start: number, end: number, turns: readonly SpeakerTurn[], fallback = DEFAULT_SPEAKER): string {
  let best: SpeakerTurn | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const turn of turns) {
    const overlap = Math.min(end, turn.end) - Math.max(start, turn.start);
    // A positive overlap beats any distance (a negative overlap is minus the gap).
    if (overlap > bestScore) [best, bestScore] = [turn, overlap];
  }
  return best?.label ?? fallback;
}

/**
 * Groups utterances (each a list of timed words) into segments. Utterances are taken in time
 * order; words keep their timings. Segments never span two utterances.
 */
export function groupIntoSegments(utterances: readonly { readonly words: readonly Word[] }[], options: GroupingOptions = {}): Segment[] {
  const { pauseSeconds = 0.5, maxWords = 40, maxSeconds = 20, speaker = DEFAULT_SPEAKER, turns = [] } = options;
  const labelOf = (w: Word) => (turns.length > 0 ? speakerFor(w.start, w.end, turns, speaker) : speaker);
  const ordered = utterances.filter((u) => u.words.length > 0).sort((a, b) => a.words[0]!.start - b.words[0]!.start);
  const segments: Segment[] = [];
  const emit = (words: Word[], label: string) => {
    if (words.length === 0) return;
    segments.push({
      speaker: label,
      sentence: words.map((w) => w.word).join(' '),
      start_time: words[0]!.start,
      end_time: Math.max(...words.map((w) => w.end)),
      words,
    });
  };
  for (const utterance of ordered) {
    let current: Word[] = [];
    let currentLabel = speaker;
    for (const word of utterance.words) {
      const label = labelOf(word);
      const last = current[current.length - 1];
      const first = current[0];
      const pause = last !== undefined && word.start - last.end >= pauseSeconds;
      const tooLong = first !== undefined && (current.length >= maxWords || word.end - first.start > maxSeconds);
      if (pause || tooLong || (first !== undefined && label !== currentLabel)) {
        emit(current, currentLabel);
        current = [];
      }
      if (current.length === 0) currentLabel = label;
      current.push(word);
    }
    emit(current, currentLabel);
  }
  return segments;
}
