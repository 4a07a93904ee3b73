// The pure parts of the offline diariser: clustering, label numbering, the VAD and windowing,
// turns from windows, and words → speaker-split segments.
import { describe, expect, it } from 'vitest';
import { byFirstAppearance, cosine, meanDirection, speakerLabel } from '#shared/providers/asr/local/cluster.ts';
import { clusterWindows, type VoiceWindow } from '#shared/providers/asr/local/diarize.ts';
import { FeatureSums, HOP_SECONDS, speechRegions, splitWindows } from '#shared/providers/asr/local/features.ts';
import { groupIntoSegments, speakerFor, type SpeakerTurn } from '#shared/providers/asr/local/segments.ts';
import type { Word } from '#shared/providers/types.ts';

/** A deterministic pseudo-random generator (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(42);
const around = (centre: readonly number[], spread = 0.3) => centre.map((c) => c + (random() - 0.5) * 2 * spread);
// Two directions 120° apart (as after centring on a recording's mean).
const A = [2, -1, -1, 0];
const B = [-1, 2, -1, 0];

describe('cluster helpers', () => {
  it('numbers labels by first appearance', () => {
    expect(byFirstAppearance([7, 7, 3, 9, 3, 7])).toEqual([0, 0, 1, 2, 1, 0]);
    expect(speakerLabel(0)).toBe('SPEAKER_00');
    expect(speakerLabel(12)).toBe('SPEAKER_12');
  });

  it('meanDirection is a unit vector along the average direction', () => {
    const m = meanDirection([[2, 0], [0, 3]]);
    expect(Math.hypot(...m)).toBeCloseTo(1);
    expect(cosine(m, [1, 1])).toBeCloseTo(1);
  });
});

describe('energy VAD and windows', () => {
  const hops = (pattern: [seconds: number, meanSquare: number][]) => Float32Array.from(pattern.flatMap(([s, ms]) => Array.from({ length: Math.round(s / HOP_SECONDS) }, () => ms)));

  it('finds speech regions, closing short gaps and dropping short blips', () => {
    const { regions } = speechRegions(hops([[1, 1e-7], [2, 0.01], [0.2, 1e-7], [1, 0.01], [1, 1e-7], [0.1, 0.01], [1, 1e-7]]));
    expect(regions).toHaveLength(1);
    expect(regions[0]!.start).toBeCloseTo(1, 1);
    expect(regions[0]!.end).toBeCloseTo(4.2, 1);
    expect(speechRegions(new Float32Array(0)).regions).toEqual([]);
  });

  it('splits regions into equal windows of at most 2 s', () => {
    const windows = splitWindows([{ start: 0, end: 5 }, { start: 6, end: 7 }]);
    expect(windows.map((w) => [w.start, w.end])).toEqual([[0, 5 / 3], [5 / 3, 10 / 3], [10 / 3, 5], [6, 7]]);
  });
});

describe('clusterWindows', () => {
  const sums = (mean: number) => {
    const s = new FeatureSums();
    for (let i = 0; i < 400; i++) s.add(Array.from({ length: 13 }, (_, d) => mean + d + (i % 2 ? 1 : -1)));
    return s;
  };
  const window = (start: number, centre: readonly number[], mean: number): VoiceWindow => ({ start, end: start + 2, vector: [...around(centre, 0.2), ...new Array<number>(22).fill(0)], sums: sums(mean) });
  const windows = [window(0, A, 0), window(2, A, 0), window(5, B, 10), window(8, A, 0), window(10, B, 10)];

  it('labels by first appearance, joins same-label neighbours into turns, one unit embedding per label', () => {
    const result = clusterWindows(windows);
    expect(result.turns).toEqual([
      { start: 0, end: 4, label: 'SPEAKER_00' },
      { start: 5, end: 7, label: 'SPEAKER_01' },
      { start: 8, end: 10, label: 'SPEAKER_00' },
      { start: 10, end: 12, label: 'SPEAKER_01' },
    ]);
    expect(Object.keys(result.embeddings)).toEqual(['SPEAKER_00', 'SPEAKER_01']);
    for (const e of Object.values(result.embeddings)) {
      expect(e).toHaveLength(26);
      expect(Math.hypot(...e)).toBeCloseTo(1, 4);
    }
    expect(cosine(result.embeddings.SPEAKER_00!, A)).toBeGreaterThan(0.9);
  });

  it('joins clusters whose frame distributions are the same voice, honours the bounds', () => {
    const sameVoice = windows.map((w) => ({ ...w, sums: sums(0) }));
    expect(Object.keys(clusterWindows(sameVoice).embeddings)).toEqual(['SPEAKER_00']);
    expect(Object.keys(clusterWindows(sameVoice, { minSpeakers: 2 }).embeddings)).toHaveLength(2);
    expect(Object.keys(clusterWindows(windows, { maxSpeakers: 1 }).embeddings)).toEqual(['SPEAKER_00']);
    expect(clusterWindows([])).toEqual({ turns: [], embeddings: {} });
  });
});

describe('words → speaker-split segments', () => {
  const w = (word: string, start: number, end: number): Word => ({ word, start, end, confidence: 1 });
  const turns: SpeakerTurn[] = [
    { start: 0, end: 2, label: 'SPEAKER_00' },
    { start: 2.5, end: 5, label: 'SPEAKER_01' },
  ];

  it('takes the turn overlapping most, else the nearest, else the fallback', () => {
    expect(speakerFor(0.5, 0.9, turns)).toBe('SPEAKER_00');
    expect(speakerFor(1.8, 2.9, turns)).toBe('SPEAKER_01'); // 0.2 s vs 0.4 s of overlap
    expect(speakerFor(2.1, 2.2, turns)).toBe('SPEAKER_00'); // gap: 0.1 s from the first, 0.3 s from the second
    expect(speakerFor(9, 10, turns)).toBe('SPEAKER_01');
    expect(speakerFor(0, 1, [], 'SPEAKER_07')).toBe('SPEAKER_07');
  });

  it('splits a segment where the label changes, even without a pause', () => {
    const words = [w('hello', 0.1, 0.5), w('there', 0.6, 1.9), w('hi', 2.2, 2.8), w('back', 2.9, 3.3)];
    const segments = groupIntoSegments([{ words }], { turns });
    expect(segments.map((s) => [s.speaker, s.sentence])).toEqual([
      ['SPEAKER_00', 'hello there'],
      ['SPEAKER_01', 'hi back'],
    ]);
    expect(segments[1]!.start_time).toBe(2.2);
    // Without turns: one speaker, one segment.
    expect(groupIntoSegments([{ words }]).map((s) => s.speaker)).toEqual(['SPEAKER_00']);
  });
});
