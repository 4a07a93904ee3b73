// Transcribing long audio in pieces: where the pieces go and how their transcripts merge.
import { describe, expect, it } from 'vitest';
import { mergeChunks, monotonic, planChunks, type ChunkTranscript } from '#shared/providers/asr/chunk-merge.ts';
import type { Segment, Word } from '#shared/providers/types.ts';

const word = (text: string, start: number, end = start + 0.5): Word => ({ word: text, start, end, confidence: 0.9 });
const seg = (words: Word[], speaker = 'SPEAKER_00'): Segment => ({
  speaker,
  sentence: words.map((w) => w.word).join(' '),
  start_time: words[0]!.start,
  end_time: words.at(-1)!.end,
  words,
});
/** A piece whose transcript has one word per second ("w<absolute second>"), in 5-word segments. */
function piece(start: number, end: number): ChunkTranscript {
  const words: Word[] = [];
  for (let t = Math.ceil(start); t < end; t++) words.push(word(`w${t}`, t - start, Math.min(t - start + 0.6, end - start)));
  const segments: Segment[] = [];
  for (let i = 0; i < words.length; i += 5) segments.push(seg(words.slice(i, i + 5)));
  return { start, end, segments };
}

function expectMonotonic(segments: readonly Segment[]) {
  let clock = 0;
  for (const s of segments) {
    expect(s.start_time).toBeGreaterThanOrEqual(clock);
    expect(s.end_time).toBeGreaterThanOrEqual(s.start_time);
    let wordClock = s.start_time;
    for (const w of s.words ?? []) {
      expect(w.start).toBeGreaterThanOrEqual(wordClock);
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      wordClock = w.end;
    }
    expect(wordClock).toBeLessThanOrEqual(s.end_time);
    clock = s.end_time;
  }
}

describe('planChunks', () => {
  it('keeps short audio whole', () => {
    expect(planChunks(100, 600, 3)).toEqual([{ index: 0, start: 0, end: 100 }]);
  });

  it('cuts into the fewest equal pieces no longer than the limit, overlapping as asked', () => {
    const spans = planChunks(2400, 600, 3);
    expect(spans).toHaveLength(5); // (2400 - 3) / (600 - 3) = 4.02 → 5
    expect(spans[0]!.start).toBe(0);
    expect(spans.at(-1)!.end).toBe(2400);
    for (const s of spans) expect(s.end - s.start).toBeLessThanOrEqual(600);
    for (let i = 1; i < spans.length; i++) expect(spans[i - 1]!.end - spans[i]!.start).toBeCloseTo(3, 2);
    expect(planChunks(2400, 600, 0)).toHaveLength(4);
  });

  it('caps the overlap at a quarter of a piece', () => {
    const spans = planChunks(100, 30, 60);
    for (let i = 1; i < spans.length; i++) expect(spans[i - 1]!.end - spans[i]!.start).toBeCloseTo(7.5, 2);
    for (const s of spans) expect(s.end - s.start).toBeLessThanOrEqual(30);
  });
});

describe('mergeChunks', () => {
  it('adds each piece’s start to every segment and word time', () => {
    const merged = mergeChunks([
      { start: 0, end: 10, segments: [seg([word('hello', 1), word('there', 2)])] },
      { start: 10, end: 20, segments: [seg([word('again', 3, 3.4)])] },
    ]);
    expect(merged.map((s) => [s.sentence, s.start_time, s.end_time])).toEqual([
      ['hello there', 1, 2.5],
      ['again', 13, 13.4],
    ]);
    expect(merged[1]!.words).toEqual([{ word: 'again', start: 13, end: 13.4, confidence: 0.9 }]);
  });

  it('keeps each word of the overlap once: the earlier piece’s before its middle, the later one’s after', () => {
    const spans = planChunks(100, 30, 4);
    const merged = mergeChunks(spans.map((s) => piece(s.start, s.end)));
    const words = merged.flatMap((s) => s.words ?? []).map((w) => w.word);
    expect(words).toEqual(Array.from({ length: 100 }, (_, t) => `w${t}`));
    expectMonotonic(merged);
    // Segments cut at the middle of an overlap get their text from the words they kept.
    for (const s of merged) expect(s.sentence).toBe(s.words!.map((w) => w.word).join(' '));
  });

  it('drops segments left empty and handles pieces with no speech', () => {
    const merged = mergeChunks([
      { start: 0, end: 10, segments: [seg([word('one', 2)]), seg([word('late', 9.5)])] },
      { start: 8, end: 20, segments: [] },
      { start: 18, end: 30, segments: [seg([word('early', 0.5)]), seg([word('two', 5)])] },
    ]);
    // cut(0|1) = 9, cut(1|2) = 19: "late" (9.5) lies in piece 1's share, "early" (18.5) too.
    expect(merged.map((s) => s.sentence)).toEqual(['one', 'two']);
    expect(merged[1]!.start_time).toBe(23);
    expect(mergeChunks([{ start: 0, end: 10, segments: [] }])).toEqual([]);
    expect(mergeChunks([])).toEqual([]);
  });

  it('places segments without words by their middle', () => {
    const plain = (sentence: string, start: number, end: number): Segment => ({ speaker: 'SPEAKER_00', sentence, start_time: start, end_time: end });
    const merged = mergeChunks([
      { start: 0, end: 30, segments: [plain('a', 0, 20), plain('b', 20, 30)] },
      { start: 26, end: 60, segments: [plain('b again', 0, 4), plain('c', 4, 34), plain(' ', 34, 34)] },
    ]);
    // cut = 28: "b" (middle 25) is the earlier piece’s, "b again" (middle 28) the later one’s; the blank one goes.
    expect(merged.map((s) => s.sentence)).toEqual(['a', 'b', 'b again', 'c']);
    expectMonotonic(merged);
  });

  it('makes overlapping and out-of-order times monotonic', () => {
    const merged = monotonic([
      seg([word('b', 5, 7)]),
      { speaker: 'SPEAKER_00', sentence: 'a', start_time: 1, end_time: 6, words: [word('a', 1, 6)] },
      { speaker: 'SPEAKER_00', sentence: 'c d', start_time: 6.5, end_time: 6, words: [word('c', 6.5, 6.8), word('d', 6.6, 6.7)] },
    ]);
    expect(merged.map((s) => s.sentence)).toEqual(['a', 'b', 'c d']);
    expectMonotonic(merged);
  });

  it('keeps the speakers of separately diarised pieces apart, renumbered in order of appearance', () => {
    const merged = mergeChunks(
      [
        { start: 0, end: 10, segments: [seg([word('x', 1)], 'SPEAKER_01'), seg([word('y', 3)], 'SPEAKER_00')] },
        { start: 10, end: 20, segments: [seg([word('z', 1)], 'SPEAKER_00')] },
      ],
      { separateSpeakers: true },
    );
    expect(merged.map((s) => s.speaker)).toEqual(['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02']);
    const same = mergeChunks([
      { start: 0, end: 10, segments: [seg([word('x', 1)])] },
      { start: 10, end: 20, segments: [seg([word('z', 1)])] },
    ]);
    expect(same.map((s) => s.speaker)).toEqual(['SPEAKER_00', 'SPEAKER_00']);
  });
});
