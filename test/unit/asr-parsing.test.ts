import { describe, expect, it } from 'vitest';
import { FRAME_SECONDS, planChunks } from '#shared/providers/asr/local/chunks.ts';
import { parseWavHeader, wavHeader } from '#shared/providers/asr/local/decode.ts';
import { isFiller, parsePocketsphinxOutput } from '#shared/providers/asr/local/pocketsphinx.ts';
import { groupIntoSegments } from '#shared/providers/asr/local/segments.ts';
import type { Word } from '#shared/providers/types.ts';

// Real `pocketsphinx_continuous -infile x.wav -time yes -logfn /dev/null` output (Debian
// 0.8+5prealpha), two utterances, one of them with an alternate pronunciation and a posterior > 1.
const TWO_UTTERANCES = `good morning everyone
<s> 0.000 0.150 0.999900
good 0.160 0.430 1.000100
morning 0.440 0.940 1.000100
everyone 0.950 1.610 1.000100
<sil> 1.620 1.640 0.629359
</s> 4.250 4.490 1.000000
thanks today we need to
<s> 5.080 5.140 0.999400
thanks 5.150 5.590 0.997104
[NOISE] 5.590 5.600 0.5
today 5.600 5.970 0.219002
we 5.980 6.120 0.996306
need 6.130 6.350 0.999300
to(2) 6.360 6.460 0.521172
</s> 8.450 8.540 1.000000
`;

const w = (word: string, start: number, end: number, confidence = 0.9): Word => ({ word, start, end, confidence });

describe('pocketsphinx -time yes parser', () => {
  it('splits utterances, drops fillers, strips word(2) and clamps the posterior', () => {
    const utterances = parsePocketsphinxOutput(TWO_UTTERANCES);
    expect(utterances.map((u) => u.words.map((x) => x.word).join(' '))).toEqual(['good morning everyone', 'thanks today we need to']);
    expect(utterances[0]!.words[0]).toEqual({ word: 'good', start: 0.16, end: 0.43, confidence: 1 });
    expect(utterances[1]!.words[1]!.confidence).toBe(0.219);
    expect(utterances[1]!.words.at(-1)).toEqual({ word: 'to', start: 6.36, end: 6.46, confidence: 0.5212 });
  });

  it('adds the chunk offset to every time', () => {
    const [first] = parsePocketsphinxOutput(TWO_UTTERANCES, 30);
    expect(first!.words[0]).toMatchObject({ start: 30.16, end: 30.43 });
  });

  it.each([
    ['empty output', '', []],
    ['only silence (empty hypothesis)', '\n<s> 0.000 0.410 1.000000\n</s> 0.420 0.980 1.000000\n', []],
    ['noise-only utterance between two', 'a\n<s> 0 0.1 1\na 0.1 0.3 0.8\n\n<s> 1 1.1 1\n[SPEECH] 1.1 1.5 0.4\n</s> 1.5 1.6 1\nb\n<s> 2 2.1 1\nb 2.1 2.4 0.7\n', ['a', 'b']],
    ['word lines without hypothesis lines', '<s> 0 0.1 1\nx 0.1 0.2 0.5\n</s> 0.2 0.3 1\n<s> 1 1.1 1\ny 1.1 1.2 0.5\n', ['x', 'y']],
    ['CRLF line ends', 'hi\r\n<s> 0 0.1 1\r\nhi 0.1 0.3 0.9\r\n', ['hi']],
    ['exponent and negative posteriors', 'a b\n<s> 0 0.1 1\na 0.1 0.2 4.05e-04\nb 0.2 0.3 -0.2\n', ['a b']],
    ["apostrophes and o'clock", "ten o'clock\n<s> 0 0.1 1\nten 0.1 0.3 1\no'clock(2) 0.3 0.8 1\n", ["ten o'clock"]],
  ])('%s', (_name, stdout, expected) => {
    expect(parsePocketsphinxOutput(stdout).map((u) => u.words.map((x) => x.word).join(' '))).toEqual(expected);
  });

  it('gives confidences within 0..1 and end ≥ start', () => {
    const words = parsePocketsphinxOutput('a b\n<s> 0 0.1 1\na 0.1 0.2 4.05e-04\nb 0.5 0.3 -0.2\n')[0]!.words;
    expect(words.map((x) => x.confidence)).toEqual([0.0004, 0]);
    expect(words[1]).toMatchObject({ start: 0.5, end: 0.5 });
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

describe('chunk planning at silences', () => {
  const frames = (seconds: number) => Math.round(seconds / FRAME_SECONDS);
  /** Speech (−20 dB) with 0.7 s silences (−100 dB) starting at the given seconds. */
  const levels = (total: number, silences: number[]) => {
    const l = new Float32Array(frames(total)).fill(-20);
    for (const s of silences) l.fill(-100, frames(s), frames(s + 0.7));
    return l;
  };

  it('cuts in the middle of silences, each chunk within the limit, covering everything', () => {
    const silences = Array.from({ length: 20 }, (_, i) => 4 + i * 4.5);
    const chunks = planChunks(levels(95, silences), { maxSeconds: 30, workers: 2 });
    expect(chunks.length % 2).toBe(0);
    expect(chunks[0]!.start).toBe(0);
    expect(chunks.at(-1)!.end).toBeCloseTo(95, 1);
    for (const [i, c] of chunks.entries()) {
      expect(c.end - c.start).toBeLessThanOrEqual(30);
      if (i > 0) {
        expect(c.start).toBe(chunks[i - 1]!.end);
        expect(silences.some((s) => c.start > s && c.start < s + 0.7)).toBe(true);
      }
    }
  });

  it.each([
    ['a short file stays whole for one worker', 20, 1, 1],
    ['a short file is shared between workers', 40, 2, 2],
    ['a tiny file is not split', 6, 4, 1],
  ])('%s', (_name, total, workers, count) => {
    expect(planChunks(levels(total, [3, 10, 17, 25, 33]), { workers })).toHaveLength(count);
  });

  it('hard-cuts at the quietest frame when there is no silence', () => {
    const l = new Float32Array(frames(70)).fill(-20);
    l[frames(25)] = -60;
    const chunks = planChunks(l, { maxSeconds: 30, workers: 1 });
    expect(chunks.every((c) => c.end - c.start <= 30)).toBe(true);
    expect(chunks.map((c) => c.start)).toContain(25);
  });

  it('marks silent chunks so they are skipped, and plans nothing for no audio', () => {
    const l = new Float32Array(frames(60)).fill(-100);
    l.fill(-20, frames(5), frames(8));
    l.fill(-100, frames(30), frames(31));
    const chunks = planChunks(l, { maxSeconds: 30 });
    expect(chunks.map((c) => c.speech)).toEqual([true, false]);
    expect(planChunks(new Float32Array(0))).toEqual([]);
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
