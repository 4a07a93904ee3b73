import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATE,
  downloadFor,
  isTranscriptFormat,
  renderSegment,
  renderTranscript,
  srtTimestamp,
  validateTemplate,
} from '#shared/domain/transcript/index.ts';
import type { Segment } from '#shared/providers/types.ts';

// media-captions ships its types as extensionless ESM re-exports, which NodeNext resolution
// cannot follow, so the few functions used here are typed locally.
interface Cue {
  readonly id: string;
  readonly startTime: number;
  readonly endTime: number;
  readonly text: string;
}
interface MediaCaptions {
  parseText(text: string, options: { type: 'srt' | 'vtt'; strict: boolean }): Promise<{ cues: Cue[]; errors: unknown[] }>;
  tokenizeVTTCue(cue: Cue): unknown[];
}
const { parseText, tokenizeVTTCue } = (await import('media-captions')) as unknown as MediaCaptions;

const seg = (speaker: string, sentence: string, start_time: number, end_time: number): Segment => ({ speaker, sentence, start_time, end_time });

const sample: Segment[] = [
  seg('Ann <host> & co', 'Héllo wörld, 你好 — café ☕ <b>not bold</b>', 0.0004, 2.5),
  seg('SPEAKER_01', 'Line one\nline two', 2.5, 5.9999),
  seg('Bob', 'An hour and more in.', 3725.5, 3731.25),
  seg('Bob', 'Zero length cue', 4000, 4000),
  seg('Bob', 'Backwards cue', 4010, 4009),
];

describe('timestamps', () => {
  it.each([
    [0, '00:00:00,000'],
    [0.0004, '00:00:00,000'],
    [0.0005, '00:00:00,001'],
    [1.2345, '00:00:01,235'],
    [59.9996, '00:01:00,000'],
    [3725.5, '01:02:05,500'],
    [360000, '100:00:00,000'],
    [-3, '00:00:00,000'],
    [Number.NaN, '00:00:00,000'],
  ])('%s s → %s', (seconds, expected) => {
    expect(srtTimestamp(seconds)).toBe(expected);
  });
});

describe('templates', () => {
  const s = seg('Maria', 'we ship on friday', 65.25, 3661.5);
  it.each([
    [DEFAULT_TEMPLATE, '[Maria]: we ship on friday'],
    ['{{index}}. {{speaker|upper}}: {{text}}', '3. MARIA: we ship on friday'],
    ['[{{start_time}} - {{end_time}}] {{speaker}}', '[00:01:05 - 01:01:01] Maria'],
    ['{{start_time|srt}} --> {{end_time | srt}}', '00:01:05,250 --> 01:01:01,500'],
    ['{{ text | upper }}', 'WE SHIP ON FRIDAY'],
    ['{{start_time|srt|upper}}', '00:01:05,250'],
    ['{{speakr}}: {{text}}', '{{speakr}}: we ship on friday'],
    ['{{text|lower}}', '{{text|lower}}'],
    ['no placeholders', 'no placeholders'],
  ])('%j', (template, expected) => {
    expect(renderSegment(template, s, 3)).toBe(expected);
  });

  it.each([
    [DEFAULT_TEMPLATE, []],
    ['{{index}} {{start_time|srt}} {{end_time|srt}} {{speaker|upper}} {{text}}', []],
    ['{{speakr}}', ['unknown_placeholder']],
    ['{{text|lower}}', ['unknown_filter']],
    ['{{nope|bad}}', ['unknown_placeholder', 'unknown_filter']],
    ['{{text|srt}}', ['filter_not_applicable']],
    ['{{ }}', ['empty_placeholder']],
    ['[{{speaker}}]: {{text', ['unclosed_placeholder']],
  ])('validateTemplate(%j)', (template, codes) => {
    const issues = validateTemplate(template);
    expect(issues.map((i) => i.code)).toEqual(codes);
    for (const issue of issues) expect(issue.message).toBeTruthy();
  });
});

describe('renderTranscript', () => {
  const two = [seg('A', 'hello', 0, 1.5), seg('B', 'hi there', 1.5, 3)];

  it('json keeps the canonical segments', () => {
    expect(renderTranscript(two, 'json')).toEqual({ format: 'json', segments: two });
  });

  it.each([
    ['text', undefined, '[A]: hello\n[B]: hi there'],
    ['text', '{{index}} {{speaker}} {{start_time}}: {{text}}', '1 A 00:00:00: hello\n2 B 00:00:01: hi there'],
    ['text', '', '[A]: hello\n[B]: hi there'],
    ['srt', undefined, '1\n00:00:00,000 --> 00:00:01,500\nA: hello\n\n2\n00:00:01,500 --> 00:00:03,000\nB: hi there\n'],
    ['vtt', undefined, 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\n<v A>hello\n\n2\n00:00:01.500 --> 00:00:03.000\n<v B>hi there\n'],
  ] as const)('%s with template %j', (format, template, content) => {
    expect(renderTranscript(two, format, template)).toEqual({ format, content });
  });

  it.each(['text', 'srt', 'vtt'] as const)('%s of no segments is well formed', (format) => {
    expect(renderTranscript([], format).content).toBe(format === 'vtt' ? 'WEBVTT\n' : '');
  });

  it.each([
    ['json', 'application/json', 'json'],
    ['text', 'text/plain', 'txt'],
    ['srt', 'application/x-subrip', 'srt'],
    ['vtt', 'text/vtt', 'vtt'],
  ] as const)('downloadFor(%s)', (format, contentType, extension) => {
    expect(downloadFor(format)).toEqual({ contentType, extension });
    expect(isTranscriptFormat(format)).toBe(true);
  });

  it('recognises only the four formats', () => {
    expect(isTranscriptFormat('docx')).toBe(false);
    expect(isTranscriptFormat(undefined)).toBe(false);
  });
});

describe('SRT and VTT read back by a third-party parser (media-captions, strict)', () => {
  const expectedTimes: Array<[number, number]> = [
    [0, 2.5],
    [2.5, 6],
    [3725.5, 3731.25],
    [4000, 4000.001],
    [4010, 4010.001],
  ];
  const expectedTexts = ['Héllo wörld, 你好 — café ☕ <b>not bold</b>', 'Line one line two', 'An hour and more in.', 'Zero length cue', 'Backwards cue'];

  it('parses the SRT with cue numbers, times and speaker-prefixed texts', async () => {
    const srt = renderTranscript(sample, 'srt').content;
    expect(srt).toContain('01:02:05,500 --> 01:02:11,250');
    const parsed = await parseText(srt, { type: 'srt', strict: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((c) => c.id)).toEqual(['1', '2', '3', '4', '5']);
    parsed.cues.forEach((cue, i) => {
      expect(cue.startTime).toBeCloseTo(expectedTimes[i]![0], 3);
      expect(cue.endTime).toBeCloseTo(expectedTimes[i]![1], 3);
      expect(cue.endTime).toBeGreaterThan(cue.startTime);
    });
    expect(parsed.cues.map((c) => c.text)).toEqual(expectedTexts.map((t, i) => `${sample[i]!.speaker}: ${t}`));
  });

  it('parses the VTT with escaped text and voice tags naming the speaker', async () => {
    const vtt = renderTranscript(sample, 'vtt').content;
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('<v Ann &lt;host&gt; &amp; co>');
    const parsed = await parseText(vtt, { type: 'vtt', strict: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues).toHaveLength(sample.length);
    parsed.cues.forEach((cue, i) => {
      expect(cue.startTime).toBeCloseTo(expectedTimes[i]![0], 3);
      expect(cue.endTime).toBeCloseTo(expectedTimes[i]![1], 3);
      const [node, ...rest] = tokenizeVTTCue(cue);
      expect(rest).toEqual([]);
      expect(node).toMatchObject({ type: 'v', voice: sample[i]!.speaker, children: [{ type: 'text', data: expectedTexts[i] }] });
    });
  });
});
