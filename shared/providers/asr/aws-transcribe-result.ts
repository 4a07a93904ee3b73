// Amazon Transcribe's batch result JSON (the object a job writes to <OutputKey><job name>.json)
// as our segments. Pure. The documented shape: `results.items[]`, each a `pronunciation` (a
// word, with start_time / end_time as STRINGS of seconds and `alternatives[0].{content,
// confidence}`) or a `punctuation` (no times); with speaker labels on, each word carries
// `speaker_label` (spk_0…) and `results.speaker_labels.segments[].items[]` repeat the labels by
// start time (older outputs have them only there). With language identification on,
// `results.language_code` names the language found.
import { ProviderError, type Segment, type Word } from '../types.ts';
import { confidence, joinWords, languageCode } from './labels.ts';

export interface TranscribeOutput {
  readonly segments: Segment[];
  /** ISO 639-1, when the result names its language. */
  readonly language?: string;
  /** The end of the last thing heard: the result carries no audio duration of its own. */
  readonly durationSeconds: number;
}

/** A pause longer than this between two words starts a new segment. */
const PAUSE_SECONDS = 1;

type Item = { start_time?: unknown; end_time?: unknown; type?: unknown; speaker_label?: unknown; alternatives?: unknown };

const time = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) / 1000 : undefined;
};

const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const object = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** spk_0 → SPEAKER_00, spk_12 → SPEAKER_12; no label (speaker labels off) → SPEAKER_00. */
export function speakerName(label: unknown): string {
  const n = typeof label === 'string' ? /^spk_(\d+)$/.exec(label.trim())?.[1] : undefined;
  return `SPEAKER_${(n ?? '0').padStart(2, '0')}`;
}

export function parseTranscribeResult(body: unknown): TranscribeOutput {
  const results = object(object(body).results);
  if (!Array.isArray(results.items)) throw new ProviderError('Amazon Transcribe returned a result this service cannot read', false);

  // Labels by word start time, for outputs whose items do not carry them.
  const labelAt = new Map<number, string>();
  for (const segment of array(object(results.speaker_labels).segments)) {
    for (const item of array(object(segment).items)) {
      const { start_time, speaker_label } = object(item);
      const start = time(start_time);
      if (start !== undefined && typeof speaker_label === 'string') labelAt.set(start, speaker_label);
    }
  }

  const spoken: { word: Word; speaker: string }[] = [];
  let end = 0;
  for (const raw of results.items as Item[]) {
    const item = object(raw) as Item;
    const best = object(array(item.alternatives)[0]);
    const content = typeof best.content === 'string' ? best.content.trim() : '';
    if (!content) continue;
    const last = spoken.at(-1);
    if (item.type === 'punctuation') {
      // Punctuation has no time of its own: it belongs to the word before it.
      if (last) last.word = { ...last.word, word: last.word.word + content };
      continue;
    }
    const start = time(item.start_time);
    const stop = time(item.end_time);
    if (start === undefined || stop === undefined) continue;
    const label = typeof item.speaker_label === 'string' ? item.speaker_label : labelAt.get(start);
    spoken.push({ word: { word: content, start, end: Math.max(start, stop), confidence: confidence(time(best.confidence)) }, speaker: speakerName(label) });
    end = Math.max(end, stop);
  }

  const segments: Segment[] = [];
  let words: Word[] = [];
  let speaker = '';
  const close = () => {
    if (words.length === 0) return;
    segments.push({ speaker, sentence: joinWords(words), start_time: words[0]!.start, end_time: words.at(-1)!.end, words });
    words = [];
  };
  for (const { word, speaker: who } of spoken) {
    const previous = words.at(-1);
    if (previous && (who !== speaker || word.start - previous.end > PAUSE_SECONDS)) close();
    speaker = who;
    words.push(word);
  }
  close();

  for (const segment of [...array(results.audio_segments), ...array(object(results.speaker_labels).segments)]) {
    end = Math.max(end, time(object(segment).end_time) ?? 0);
  }
  const language = languageCode(results.language_code);
  return { segments, durationSeconds: end, ...(language && { language }) };
}
