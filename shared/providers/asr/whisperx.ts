// ASR_PROVIDER=whisperx: a self-hosted ASR webservice (whisper-asr-webservice, or its WhisperX
// fork with diarisation and voice embeddings): POST {ASR_BASE_URL}/asr?output=json&… with the
// audio as multipart `audio_file`. The service handles long audio itself, so the file is sent
// whole and the call may take long (ASR_TIMEOUT_SECONDS).
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { settings } from '../../config.ts';
import { providerFetch } from '../http.ts';
import { providerKey } from '../keys.ts';
import { ProviderError, type Segment, type TranscriptionProvider, type TranscriptionRequest, type TranscriptionResult, type Word } from '../types.ts';
import { monotonic } from './chunk-merge.ts';
import { list, readJson, record } from './answer.ts';
import { attachWords, confidence, joinWords, languageCode, seconds, speakerNamer } from './labels.ts';
import { probeDuration } from './media.ts';

const WHAT = 'the speech recognition service';

export function whisperxTranscriber(): TranscriptionProvider {
  async function transcribe(request: TranscriptionRequest): Promise<TranscriptionResult> {
    const config = settings().asr;
    if (!config.baseUrl) {
      throw new ProviderError('ASR_BASE_URL is not set: the "whisperx" transcription provider needs the root URL of the ASR webservice (for example http://whisperx:9000)', false);
    }
    request.signal?.throwIfAborted();
    const language = languageCode(request.language);
    const query = new URLSearchParams({ output: 'json', task: 'transcribe', encode: 'true', word_timestamps: 'true' });
    if (language) query.set('language', language);
    const diarize = String(config.diarize);
    query.set('diarize', diarize);
    query.set('enable_diarization', diarize);
    if (config.diarize) {
      if (request.minSpeakers !== undefined) query.set('min_speakers', String(request.minSpeakers));
      if (request.maxSpeakers !== undefined) query.set('max_speakers', String(request.maxSpeakers));
      query.set('return_speaker_embeddings', 'true');
    }
    if (request.prompt) query.set('initial_prompt', request.prompt);

    const form = new FormData();
    form.append('audio_file', await openAsBlob(request.audioPath, { type: request.mimeType }), basename(request.audioPath));
    const key = await providerKey('asr');
    const response = await providerFetch(
      `${config.baseUrl.replace(/\/+$/, '')}/asr?${query}`,
      { method: 'POST', headers: { accept: 'application/json', ...(key && { authorization: `Bearer ${key}` }) }, body: form },
      { what: WHAT, timeoutMs: config.timeoutSeconds * 1000, signal: request.signal },
    );
    const engineHeader = response.headers.get('asr-engine');
    const parsed = parseWhisperxOutput(await readJson(response, WHAT, request.signal));
    const lastEnd = parsed.segments.at(-1)?.end_time ?? 0;
    const duration = await probeDuration(request.audioPath, {}, request.signal).catch((e: unknown) => {
      if (request.signal?.aborted) throw e;
      return lastEnd;
    });
    return {
      segments: parsed.segments,
      language: parsed.language ?? language ?? 'und',
      durationSeconds: Math.round(Math.max(duration, lastEnd) * 1000) / 1000,
      engine: `asr-webservice (${engineHeader && /^[\w.-]{1,40}$/.test(engineHeader) ? engineHeader : 'whisperx'})`,
      ...(parsed.speakerEmbeddings && { speakerEmbeddings: parsed.speakerEmbeddings }),
    };
  }

  return { name: 'whisperx', transcribe };
}

const label = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export interface WhisperxOutput {
  readonly segments: Segment[];
  readonly language?: string;
  readonly speakerEmbeddings?: Record<string, number[]>;
}

/**
 * Our segments from the webservice's JSON: `segments[]` (start, end, text, speaker?, words[]?),
 * words nested in segments or top-level (`word_segments` / `words`), `language` and optional
 * `speaker_embeddings` (label → vector). Speaker labels become SPEAKER_nn in order of
 * appearance; a segment without one takes its words' most common speaker, else the previous
 * segment's (the first labelled one's for leading segments).
 */
export function parseWhisperxOutput(body: unknown): WhisperxOutput {
  const root = record(body);
  if (!Array.isArray(root.segments)) throw new ProviderError(`The answer of ${WHAT} holds no segments`, true);
  const toWord = (w: Record<string, unknown>): (Word & { speaker?: string }) | undefined => {
    const start = seconds(w.start);
    const text = typeof w.word === 'string' ? w.word.trim() : '';
    if (start === undefined || !text) return undefined;
    const speaker = label(w.speaker);
    return { word: text, start, end: Math.max(start, seconds(w.end) ?? start), confidence: confidence(w.score ?? w.probability), ...(speaker && { speaker }) };
  };

  const raw = list(root.segments)
    .map((s) => {
      const start = seconds(s.start) ?? 0;
      const words = Array.isArray(s.words) ? list(s.words).flatMap((w) => toWord(w) ?? []) : undefined;
      return { speaker: label(s.speaker), text: typeof s.text === 'string' ? s.text.trim() : '', start_time: start, end_time: Math.max(start, seconds(s.end) ?? start), words };
    })
    .sort((a, b) => a.start_time - b.start_time);

  // Words given apart from the segments (WhisperX `word_segments`) go to the segment they fall in.
  const loose = Array.isArray(root.word_segments) ? root.word_segments : root.words;
  if (Array.isArray(loose) && raw.every((s) => !s.words)) {
    const words = list(loose).flatMap((w) => toWord(w) ?? []).sort((a, b) => a.start - b.start);
    attachWords(raw, words).forEach((own, i) => (raw[i]!.words = own));
  }

  // Each segment's raw speaker: its own, its words' most common, else carried from the previous.
  const speakers = raw.map((s) => s.speaker ?? mostCommon(s.words?.map((w) => (w as { speaker?: string }).speaker)));
  let carried = speakers.find((s) => s !== undefined);
  const name = speakerNamer();
  const present = new Map<string, string>();
  const segments: Segment[] = [];
  raw.forEach((s, i) => {
    carried = speakers[i] ?? carried;
    const sentence = s.text || joinWords(s.words ?? []);
    if (!sentence) return;
    const rawLabel = carried ?? 'SPEAKER_00';
    present.set(rawLabel, name(rawLabel));
    const words = s.words?.map(({ word, start, end, confidence: c }) => ({ word, start, end, confidence: c }));
    segments.push({ speaker: name(rawLabel), sentence, start_time: s.start_time, end_time: s.end_time, ...(words && { words }) });
  });

  // Embeddings, keyed by the same labels; vectors of speakers absent from the transcript are dropped.
  let speakerEmbeddings: Record<string, number[]> | undefined;
  for (const [rawLabel, vector] of Object.entries(record(root.speaker_embeddings))) {
    const mapped = present.get(rawLabel);
    if (!mapped || !Array.isArray(vector) || vector.length === 0 || !vector.every((v) => typeof v === 'number' && Number.isFinite(v))) continue;
    (speakerEmbeddings ??= {})[mapped] = vector as number[];
  }
  return { segments: monotonicKeepingOverlaps(segments), language: languageCode(root.language), ...(speakerEmbeddings && { speakerEmbeddings }) };
}

/** Diarised speech may overlap between speakers; only order and sane word times are enforced. */
function monotonicKeepingOverlaps(segments: Segment[]): Segment[] {
  return segments.map((s) => monotonic([s])[0]!);
}

function mostCommon(values: readonly (string | undefined)[] | undefined): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values ?? []) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}
