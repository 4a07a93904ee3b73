// Pure parts of transcribing long audio in pieces: where the pieces go, and how their
// transcripts become one — offsets added, the overlap de-duplicated at its middle, and
// timestamps made monotonic. No I/O here.
import type { Segment, Word } from '../types.ts';
import { joinWords, speakerNamer } from './labels.ts';

/** One piece of the recording, in seconds from its start. */
export interface ChunkSpan {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/**
 * Cuts `totalSeconds` into the fewest equal pieces no longer than `maxSeconds`, consecutive
 * pieces overlapping by `overlapSeconds` (at most a quarter of a piece).
 */
export function planChunks(totalSeconds: number, maxSeconds: number, overlapSeconds: number): ChunkSpan[] {
  if (!(maxSeconds > 0)) throw new RangeError('maxSeconds must be positive');
  const total = Math.max(0, totalSeconds);
  const overlap = Math.min(Math.max(0, overlapSeconds), maxSeconds / 4);
  const count = total <= maxSeconds ? 1 : Math.ceil((total - overlap) / (maxSeconds - overlap) - 1e-9);
  const step = count === 1 ? total : (total - overlap) / count;
  return Array.from({ length: count }, (_, index) => ({
    index,
    start: ms(index * step),
    end: index === count - 1 ? ms(total) : ms(index * step + step + overlap),
  }));
}

/** A piece's transcript: its span in the recording and its segments, timed from the piece's start. */
export interface ChunkTranscript {
  readonly start: number;
  readonly end: number;
  readonly segments: readonly Segment[];
}

export interface MergeOptions {
  /**
   * The pieces were diarised separately, so their labels are unrelated: keep each piece's
   * speakers apart and renumber all of them SPEAKER_nn in order of appearance.
   */
  readonly separateSpeakers?: boolean;
}

/**
 * One transcript from the pieces' transcripts. In the overlap of two pieces, words that start
 * before its middle come from the earlier piece and the rest from the later one (segments
 * without words go by their middle); segments left without text are dropped; every time is
 * moved by its piece's start and the result is ordered and monotonic.
 */
export function mergeChunks(chunks: readonly ChunkTranscript[], options: MergeOptions = {}): Segment[] {
  const ordered = [...chunks].sort((a, b) => a.start - b.start);
  const merged: Segment[] = [];
  ordered.forEach((chunk, i) => {
    const before = ordered[i - 1];
    const after = ordered[i + 1];
    const from = before ? (before.end + chunk.start) / 2 : -Infinity;
    const to = after ? (chunk.end + after.start) / 2 : Infinity;
    const segments = [...chunk.segments].sort((a, b) => a.start_time - b.start_time);
    for (const segment of segments) {
      const kept = keepBetween(shift(segment, chunk.start), from, to);
      if (kept) merged.push(options.separateSpeakers ? { ...kept, speaker: `${i}\u0000${kept.speaker}` } : kept);
    }
  });
  const result = monotonic(merged);
  if (!options.separateSpeakers) return result;
  const name = speakerNamer();
  return result.map((s) => ({ ...s, speaker: name(s.speaker) }));
}

function shift(segment: Segment, offset: number): Segment {
  return {
    ...segment,
    start_time: ms(segment.start_time + offset),
    end_time: ms(segment.end_time + offset),
    ...(segment.words && { words: segment.words.map((w) => ({ ...w, start: ms(w.start + offset), end: ms(w.end + offset) })) }),
  };
}

/** The part of `segment` this piece is responsible for ([from, to)), or undefined when none is. */
function keepBetween(segment: Segment, from: number, to: number): Segment | undefined {
  const words = segment.words;
  if (!words || words.length === 0) {
    const middle = (segment.start_time + segment.end_time) / 2;
    if (middle < from || middle >= to || !segment.sentence.trim()) return undefined;
    return { ...segment, sentence: segment.sentence.trim() };
  }
  const kept = words.filter((w) => w.start >= from && w.start < to);
  if (kept.length === 0) return undefined;
  if (kept.length === words.length) return segment.sentence.trim() ? { ...segment, sentence: segment.sentence.trim() } : withText(segment, kept);
  const first = kept[0]!;
  const last = kept.at(-1)!;
  const trimmed = withText(segment, kept);
  return trimmed && {
    ...trimmed,
    start_time: first === words[0] ? segment.start_time : first.start,
    end_time: last === words.at(-1) ? segment.end_time : last.end,
  };
}

function withText(segment: Segment, words: readonly Word[]): Segment | undefined {
  const sentence = joinWords(words);
  return sentence ? { ...segment, sentence, words } : undefined;
}

/**
 * Orders segments by start and makes every time monotonic: no segment starts before the one
 * before it ended, words run in order inside their segment, and nothing ends before it starts.
 */
export function monotonic(segments: readonly Segment[]): Segment[] {
  const ordered = [...segments].sort((a, b) => a.start_time - b.start_time);
  let clock = 0;
  return ordered.map((segment) => {
    const start = ms(Math.max(segment.start_time, clock));
    let wordClock = start;
    const words = segment.words?.map((w): Word => {
      const wordStart = ms(Math.max(w.start, wordClock));
      const wordEnd = ms(Math.max(w.end, wordStart));
      wordClock = wordEnd;
      return { ...w, start: wordStart, end: wordEnd };
    });
    const end = ms(Math.max(segment.end_time, start, wordClock));
    clock = end;
    return { ...segment, start_time: start, end_time: end, ...(words && { words }) };
  });
}

const ms = (value: number) => Math.round(value * 1000) / 1000;
