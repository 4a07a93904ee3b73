import { describe, expect, it } from 'vitest';
import { parseTranscribeResult, speakerName } from '#shared/providers/asr/aws-transcribe-result.ts';
import { transcribeLanguage } from '#shared/providers/asr/aws-transcribe.ts';
import { ProviderError } from '#shared/providers/types.ts';

const word = (id: number, start: string, end: string, content: string, speaker: string, confidence = '1.0') => ({
  id, start_time: start, speaker_label: speaker, end_time: end, alternatives: [{ confidence, content }], type: 'pronunciation',
});
const mark = (id: number, content: string, speaker: string) => ({ id, speaker_label: speaker, alternatives: [{ confidence: '0.0', content }], type: 'punctuation' });
const label = (start: string, end: string, speaker: string) => ({ start_time: start, speaker_label: speaker, end_time: end });

/** The AWS documentation's "Example diarization output (batch)", with its times as strings. */
const documented = {
  jobName: 'my-first-transcription-job',
  accountId: '111122223333',
  status: 'COMPLETED',
  results: {
    transcripts: [{ transcript: "I've been on hold for an hour. Sorry about that." }],
    speaker_labels: {
      channel_label: 'ch_0',
      speakers: 2,
      segments: [
        {
          start_time: '4.87', speaker_label: 'spk_0', end_time: '6.88',
          items: [label('4.87', '5.02', 'spk_0'), label('5.02', '5.17', 'spk_0'), label('5.17', '5.29', 'spk_0'), label('5.29', '5.64', 'spk_0'), label('5.64', '5.84', 'spk_0'), label('6.11', '6.26', 'spk_0'), label('6.26', '6.88', 'spk_0')],
        },
        { start_time: '8.49', speaker_label: 'spk_1', end_time: '9.24', items: [label('8.49', '8.88', 'spk_1'), label('8.88', '9.05', 'spk_1'), label('9.05', '9.24', 'spk_1')] },
      ],
    },
    items: [
      word(0, '4.87', '5.02', "I've", 'spk_0'),
      word(1, '5.02', '5.17', 'been', 'spk_0'),
      word(2, '5.17', '5.29', 'on', 'spk_0'),
      word(3, '5.29', '5.64', 'hold', 'spk_0'),
      word(4, '5.64', '5.84', 'for', 'spk_0'),
      word(5, '6.11', '6.26', 'an', 'spk_0', '0.999'),
      word(6, '6.26', '6.88', 'hour', 'spk_0', '0.859'),
      mark(7, '.', 'spk_0'),
      word(8, '8.49', '8.88', 'Sorry', 'spk_1', '0.995'),
      word(9, '8.88', '9.05', 'about', 'spk_1'),
      word(10, '9.05', '9.24', 'that', 'spk_1'),
      mark(11, '.', 'spk_1'),
    ],
    audio_segments: [
      { id: 0, transcript: "I've been on hold for an hour.", start_time: '4.87', end_time: '6.88', speaker_label: 'spk_0', items: [0, 1, 2, 3, 4, 5, 6, 7] },
      { id: 1, transcript: 'Sorry about that.', start_time: '8.49', end_time: '9.24', speaker_label: 'spk_1', items: [8, 9, 10, 11] },
    ],
  },
};

describe('Amazon Transcribe result → segments', () => {
  it('turns the documented diarised output into one segment per speaker turn, with words', () => {
    const out = parseTranscribeResult(documented);
    expect(out.segments.map((s) => [s.speaker, s.sentence, s.start_time, s.end_time])).toEqual([
      ['SPEAKER_00', "I've been on hold for an hour.", 4.87, 6.88],
      ['SPEAKER_01', 'Sorry about that.', 8.49, 9.24],
    ]);
    expect(out.segments[0]!.words).toHaveLength(7);
    expect(out.segments[0]!.words![0]).toEqual({ word: "I've", start: 4.87, end: 5.02, confidence: 1 });
    expect(out.segments[0]!.words![6]).toEqual({ word: 'hour.', start: 6.26, end: 6.88, confidence: 0.859 });
    expect(out.segments[1]!.words!.map((w) => w.word)).toEqual(['Sorry', 'about', 'that.']);
    expect(out.segments[1]!.words![0]!.confidence).toBe(0.995);
    expect(out.durationSeconds).toBe(9.24);
    // The job's settings name the language when it was given; this output does not.
    expect(out.language).toBeUndefined();
  });

  it('takes labels from speaker_labels when the items do not carry them (older outputs)', () => {
    const items = documented.results.items.map(({ speaker_label: _, ...rest }) => rest);
    const out = parseTranscribeResult({ ...documented, results: { ...documented.results, items } });
    expect(out.segments.map((s) => s.speaker)).toEqual(['SPEAKER_00', 'SPEAKER_01']);
  });

  it('starts a new segment after a pause of over a second, even for the same speaker', () => {
    const out = parseTranscribeResult({
      results: { items: [word(0, '0.5', '0.9', 'Hello', 'spk_0'), mark(1, ',', 'spk_0'), word(2, '1.0', '1.4', 'there', 'spk_0'), word(3, '2.5', '2.9', 'Next', 'spk_0'), mark(4, '?', 'spk_0')] },
    });
    expect(out.segments.map((s) => s.sentence)).toEqual(['Hello, there', 'Next?']);
  });

  it('labels everything SPEAKER_00 without speaker labels, and reads the identified language', () => {
    const out = parseTranscribeResult({
      jobName: 'j', accountId: '1', status: 'COMPLETED',
      results: {
        language_code: 'de-DE',
        language_identification: [{ code: 'de-DE', score: '0.9' }],
        transcripts: [{ transcript: 'Guten Morgen.' }],
        items: [
          { start_time: '0.1', end_time: '0.4', alternatives: [{ confidence: '0.91', content: 'Guten' }], type: 'pronunciation' },
          { start_time: '0.45', end_time: '0.9', alternatives: [{ confidence: '0.88', content: 'Morgen' }], type: 'pronunciation' },
          { alternatives: [{ confidence: '0.0', content: '.' }], type: 'punctuation' },
        ],
      },
    });
    expect(out).toMatchObject({ language: 'de', durationSeconds: 0.9, segments: [{ speaker: 'SPEAKER_00', sentence: 'Guten Morgen.', start_time: 0.1, end_time: 0.9 }] });
  });

  it('gives no segments for silence and refuses what is not a result', () => {
    expect(parseTranscribeResult({ results: { transcripts: [{ transcript: '' }], items: [] } })).toEqual({ segments: [], durationSeconds: 0 });
    expect(() => parseTranscribeResult({ error: 'nope' })).toThrow(ProviderError);
  });

  it('names speakers and maps languages the way Transcribe wants them', () => {
    expect([speakerName('spk_0'), speakerName('spk_12'), speakerName(undefined)]).toEqual(['SPEAKER_00', 'SPEAKER_12', 'SPEAKER_00']);
    expect([transcribeLanguage('en'), transcribeLanguage('de'), transcribeLanguage('fr'), transcribeLanguage('en-GB'), transcribeLanguage('pt')]).toEqual(['en-US', 'de-DE', 'fr-FR', 'en-GB', 'pt-BR']);
    expect([transcribeLanguage(undefined), transcribeLanguage('xx')]).toEqual([undefined, undefined]);
  });
});
