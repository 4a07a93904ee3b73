import { describe, expect, it } from 'vitest';
import { FRAME_SECONDS } from '#shared/providers/asr/local/chunks.ts';
import { parseWavHeader, wavHeader } from '#shared/providers/asr/local/decode.ts';
import { controlFile, isFiller, parseCtm } from '#shared/providers/asr/local/pocketsphinx.ts';
import { planBatches, planUtterances } from '#shared/providers/asr/local/utterances.ts';
import { groupIntoSegments } from '#shared/providers/asr/local/segments.ts';
import type { Word } from '#shared/providers/types.ts';

// Real `pocketsphinx_batch -ctm` output (Debian 0.8+5prealpha): times from the utterance start.
const CTM = `u1 1 0.20 0.16 and 0.272
u1 1 0.37 0.25 mr 0.857
u1 1 0.63 0.34 john 0.920
u2 1 1.00 0.11 he 0.999
u2 1 1.12 0.21 was(2) 1.0001
u2 1 1.34 0.50 not 4.05e-04
`;

const w = (word: string, start: number, end: number, confidence = 0.9): Word => ({ word, start, end, confidence });

describe('pocketsphinx CTM parser', () => {
  it('times words from the recording start, strips word(2) and clamps the confidence', () => {
    const utterances = parseCtm(CTM, new Map([['u1', 0], ['u2', 7.5]]));
    expect(utterances.map((u) => u.words.map((x) => x.word).join(' '))).toEqual(['and mr john', 'he was not']);
    expect(utterances[0]!.words[0]).toEqual({ word: 'and', start: 0.2, end: 0.36, confidence: 0.272 });
    expect(utterances[1]!.words[1]).toEqual({ word: 'was', start: 8.62, end: 8.83, confidence: 1 });
    expect(utterances[1]!.words[2]!.confidence).toBe(0.0004);
  });

  it.each([
    ['empty output', '', []],
    ['utterances whose ids were not asked for are dropped', CTM, ['and mr john']],
    ['fillers are dropped', 'u1 1 0 0.1 <sil> 1\nu1 1 0.1 0.2 [NOISE] 0.4\nu1 1 0.3 0.2 hi 0.9\n', ['hi']],
    ['CRLF line ends and a missing confidence', 'u1 1 0.1 0.2 hi\r\nu1 1 0.3 0.2 there 0.5\r\n', ['hi there']],
    ["apostrophes and o'clock", "u1 1 0.1 0.2 ten 1\nu1 1 0.3 0.5 o'clock(2) 1\n", ["ten o'clock"]],
  ])('%s', (_name, text, expected) => {
    expect(parseCtm(text, new Map([['u1', 0]])).map((u) => u.words.map((x) => x.word).join(' '))).toEqual(expected);
  });

  it('writes the control file in frames (100 per second)', () => {
    expect(controlFile('audio', [{ id: 'u0', start: 0.02, end: 7.4 }, { id: 'u1', start: 7.6, end: 11.18 }])).toBe('audio 2 740 u0\naudio 760 1118 u1\n');
  });

  it.each([
    ['<s>', true], ['</s>', true], ['<sil>', true], ['[NOISE]', true], ['[SPEECH]', true], ['++NOISE++', true], ['+SPN+', true],
    ['hello', false], ["o'clock", false], ['a.', false],
  ])('isFiller(%s) = %s', (token, expected) => {
    expect(isFiller(token)).toBe(expected);
  });
});

describe('grouping words into segments', () => {
  it('splits at utterance boundaries and at pauses of 0.5 s or more', () => {
    const segments = groupIntoSegments([
      { words: [w('one', 0, 0.3), w('two', 0.35, 0.6), w('three', 1.1, 1.4), w('four', 1.85, 2)] },
      { words: [w('five', 2.05, 2.3)] },
    ]);
    expect(segments.map((s) => s.sentence)).toEqual(['one two', 'three four', 'five']);
    expect(segments[0]).toMatchObject({ speaker: 'SPEAKER_00', start_time: 0, end_time: 0.6 });
    expect(segments[0]!.words).toHaveLength(2);
  });

  it('orders utterances by time (chunks finish out of order)', () => {
    const segments = groupIntoSegments([{ words: [w('later', 40, 41)] }, { words: [] }, { words: [w('earlier', 1, 2)] }]);
    expect(segments.map((s) => s.sentence)).toEqual(['earlier', 'later']);
  });

  it.each([
    ['word cap', { maxWords: 3 }, 7, [3, 3, 1]],
    ['seconds cap', { maxSeconds: 1.2 }, 7, [3, 3, 1]],
    ['no cap reached', {}, 7, [7]],
  ])('caps sentence length (%s)', (_name, options, count, sizes) => {
    const words = Array.from({ length: count }, (_, i) => w(`w${i}`, i * 0.4, i * 0.4 + 0.3));
    const segments = groupIntoSegments([{ words }], options);
    expect(segments.map((s) => s.words!.length)).toEqual(sizes);
    for (const s of segments) expect(s.start_time).toBeLessThan(s.end_time);
  });

  it('uses the given speaker label and returns nothing for no words', () => {
    expect(groupIntoSegments([{ words: [w('hi', 0, 1)] }], { speaker: 'SPEAKER_03' })[0]!.speaker).toBe('SPEAKER_03');
    expect(groupIntoSegments([])).toEqual([]);
  });
});

describe('utterances by voice activity', () => {
  const frames = (seconds: number) => Math.round(seconds / FRAME_SECONDS);
  /** Silence (−100 dB) with speech (−20 dB) in the given [start, end) seconds. */
  const levels = (total: number, speech: [number, number][]) => {
    const l = new Float32Array(frames(total)).fill(-100);
    for (const [a, b] of speech) l.fill(-20, frames(a), frames(b));
    return l;
  };
  const inSilence = (t: number, speech: [number, number][]) => speech.every(([a, b]) => t <= a + 0.011 || t >= b - 0.011);

  it('joins short pauses, splits at long ones and keeps a little silence around the speech', () => {
    const speech: [number, number][] = [[1, 2], [2.3, 3], [5, 6]];
    const spans = planUtterances(levels(8, speech), { padSeconds: 0.1, leadSeconds: 0.1 });
    expect(spans).toEqual([{ start: 0.9, end: 3.1 }, { start: 4.9, end: 6.1 }]);
  });

  it('keeps more silence before the speech than after by default, for onsets below the threshold', () => {
    const spans = planUtterances(levels(8, [[1, 2], [5, 6]]));
    expect(spans).toEqual([{ start: 0.9, end: 2.02 }, { start: 4.9, end: 6.02 }]);
    // Never past the middle of the pause to the previous utterance.
    expect(planUtterances(levels(8, [[1, 2], [2.7, 3]]), { joinPauseSeconds: 0.5 })[1]!.start).toBeGreaterThanOrEqual(2.34);
  });

  it('splits a long utterance only in its pauses, the longest first, each within the cap', () => {
    // 60 s of 1.5 s words with pauses of 0.3 s, and one of 0.5 s at 30 s.
    const speech: [number, number][] = [];
    for (let t = 0.5; t < 59; ) {
      speech.push([t, t + 1.5]);
      t += 1.5 + (Math.abs(t + 1.5 - 30) < 1 ? 0.5 : 0.3);
    }
    const spans = planUtterances(levels(60, speech), { maxSeconds: 20, padSeconds: 0 });
    expect(spans.length).toBeGreaterThanOrEqual(3);
    for (const s of spans) {
      expect(s.end - s.start).toBeLessThanOrEqual(20);
      expect(inSilence(s.start, speech) && inSilence(s.end, speech)).toBe(true);
    }
  });

  it('cuts speech without any pause at its quietest frame, and drops clicks', () => {
    const l = levels(60, [[5, 55]]);
    l[frames(20)] = -40;
    expect(planUtterances(l, { maxSeconds: 30, padSeconds: 0 }).map((s) => s.start)).toContain(20);
    expect(planUtterances(levels(10, [[2, 2.04], [5, 6]]), { padSeconds: 0, leadSeconds: 0 })).toEqual([{ start: 5, end: 6 }]);
    expect(planUtterances(new Float32Array(0))).toEqual([]);
  });
});

describe('batches for the recogniser pool', () => {
  const spans = Array.from({ length: 10 }, (_, i) => ({ start: i * 10, end: i * 10 + 8 }));

  it('shares consecutive utterances between workers, in time order, and decodes nothing twice', () => {
    const batches = planBatches(spans, { workers: 2 });
    expect(batches).toHaveLength(2);
    expect(batches.flat().map((u) => u.id)).toEqual(spans.map((_, i) => `u${i}`));
    expect(batches.flat().map((u) => u.start)).toEqual(spans.map((s) => s.start));
  });

  it('makes smaller batches for long recordings', () => {
    expect(planBatches(spans, { workers: 1, maxSeconds: 20 })).toHaveLength(4);
    expect(planBatches([], { workers: 2 })).toEqual([]);
    expect(planBatches(spans.slice(0, 2), { workers: 2 }).map((b) => b.map((u) => u.id))).toEqual([['u0'], ['u1']]);
  });
});

describe('WAV header', () => {
  it('round-trips the canonical header and reads extra chunks before data', () => {
    expect(parseWavHeader(wavHeader(32_000), 44 + 32_000)).toEqual({ dataOffset: 44, dataBytes: 32_000, durationSeconds: 1 });
    const h = wavHeader(64_000);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([4, 0, 0, 0]), Buffer.from('INFO')]);
    const withList = Buffer.concat([h.subarray(0, 36), list, h.subarray(36)]);
    expect(parseWavHeader(withList, withList.length + 64_000)).toMatchObject({ dataOffset: 56, dataBytes: 64_000 });
    expect(parseWavHeader(h, 44 + 1000)).toMatchObject({ dataBytes: 1000 });
  });

  it('refuses what is not 16 kHz mono s16 WAV', () => {
    expect(() => parseWavHeader(Buffer.from('hello world, not audio'), 22)).toThrow();
    const stereo = wavHeader(10);
    stereo.writeUInt16LE(2, 22);
    expect(() => parseWavHeader(stereo, 54)).toThrow(/format/);
  });
});
