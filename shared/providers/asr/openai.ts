// ASR_PROVIDER=openai: any OpenAI-compatible POST {ASR_BASE_URL}/audio/transcriptions
// (OpenAI itself, Azure-style gateways, speaches / faster-whisper-server, LocalAI, …). Audio
// over the upload limit or longer than ASR_CHUNK_SECONDS is cut into pieces (chunking.ts).
// whisper-1 and compatible servers answer verbose_json with segment and word timings; the
// gpt-4o-transcribe models only answer plain json; the diarize model answers diarized_json.
import { openAsBlob } from 'node:fs';
import { settings } from '../../config.ts';
import { providerFetch } from '../http.ts';
import { providerKey } from '../keys.ts';
import { ProviderError, type Segment, type TranscriptionProvider, type TranscriptionRequest, type TranscriptionResult, type Word } from '../types.ts';
import { transcribeInChunks, type AudioFile, type PartialTranscript } from './chunking.ts';
import { list, readJson, record } from './answer.ts';
import { attachWords, confidence, joinWords, languageCode, seconds, speakerNamer } from './labels.ts';

export type OpenAiResponseMode = 'verbose_json' | 'diarized_json' | 'json';

export interface OpenAiTranscriberOptions {
  /** Waits before retrying a failed call (see chunking.ts). Default 1 s, 2 s, 4 s. */
  readonly retryDelaysMs?: readonly number[];
  /** Pieces transcribed at once. Default 2. */
  readonly concurrency?: number;
}

const WHAT = 'the transcription service';

/** Which answer format a model gives (and so which one to ask for). */
export function responseModeFor(model: string): OpenAiResponseMode {
  if (/diariz/i.test(model)) return 'diarized_json';
  if (/^gpt-4o.*transcribe/i.test(model)) return 'json';
  return 'verbose_json';
}

export function openaiTranscriber(options: OpenAiTranscriberOptions = {}): TranscriptionProvider {
  async function transcribe(request: TranscriptionRequest): Promise<TranscriptionResult> {
    const config = settings().asr;
    if (!config.baseUrl) {
      throw new ProviderError('ASR_BASE_URL is not set: the "openai" transcription provider needs the base URL of an OpenAI-compatible API (for example https://api.openai.com/v1)', false);
    }
    const url = `${config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
    const key = await providerKey('asr');
    const mode = responseModeFor(config.model);
    const language = languageCode(request.language);

    const call = async (file: AudioFile, signal: AbortSignal): Promise<PartialTranscript> => {
      const form = new FormData();
      form.append('file', await openAsBlob(file.path, { type: file.mimeType }), file.name);
      form.append('model', config.model);
      form.append('response_format', mode);
      if (mode === 'verbose_json') {
        form.append('timestamp_granularities[]', 'segment');
        form.append('timestamp_granularities[]', 'word');
      }
      if (mode === 'diarized_json') form.append('chunking_strategy', 'auto');
      if (language) form.append('language', language);
      // The diarize model takes no prompt.
      if (request.prompt && mode !== 'diarized_json') form.append('prompt', request.prompt);
      const response = await providerFetch(
        url,
        { method: 'POST', headers: key ? { authorization: `Bearer ${key}` } : {}, body: form },
        { what: WHAT, timeoutMs: config.timeoutSeconds * 1000, signal },
      );
      return parseOpenAiTranscription(await readJson(response, WHAT, signal), mode, file.durationSeconds);
    };

    const result = await transcribeInChunks(request, {
      maxUploadMb: config.maxUploadMb,
      chunkSeconds: config.chunkSeconds,
      overlapSeconds: config.chunkOverlapSeconds,
      transcribe: call,
      separateSpeakers: mode === 'diarized_json',
      retryDelaysMs: options.retryDelaysMs,
      concurrency: options.concurrency,
    });
    return {
      segments: result.segments,
      language: result.language ?? language ?? 'und',
      durationSeconds: result.durationSeconds,
      engine: config.model,
    };
  }

  return { name: 'openai', transcribe };
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Our segments from a verbose_json / diarized_json / json answer, timed from the start of the
 * file sent. Words (verbose_json `words[]`) go to the segment they were spoken in; speakers are
 * SPEAKER_00 unless the answer is diarised; `fallbackDuration` times a plain-text answer.
 */
export function parseOpenAiTranscription(body: unknown, mode: OpenAiResponseMode, fallbackDuration?: number): PartialTranscript {
  const root = record(body);
  if (typeof root.text !== 'string' && !Array.isArray(root.segments)) {
    throw new ProviderError(`The answer of ${WHAT} holds no transcript`, true);
  }
  const language = languageCode(root.language);
  const duration = seconds(root.duration) ?? fallbackDuration;
  const name = speakerNamer();

  const raw = list(root.segments)
    .map((s) => {
      const start = seconds(s.start) ?? 0;
      return {
        speaker: mode === 'diarized_json' && typeof s.speaker === 'string' && s.speaker ? name(s.speaker) : 'SPEAKER_00',
        sentence: str(s.text).trim(),
        start_time: start,
        end_time: Math.max(start, seconds(s.end) ?? start),
        confidence: confidence(undefined, s.avg_logprob),
      };
    })
    .sort((a, b) => a.start_time - b.start_time);

  if (raw.length === 0) {
    const text = str(root.text).trim();
    const segments: Segment[] = text ? [{ speaker: 'SPEAKER_00', sentence: text, start_time: 0, end_time: duration ?? 0 }] : [];
    return { segments, language, durationSeconds: duration };
  }

  const hasWords = Array.isArray(root.words);
  const words: Word[] = list(root.words)
    .flatMap((w) => {
      const start = seconds(w.start);
      const word = str(w.word);
      if (start === undefined || !word.trim()) return [];
      return [{ word: word.trim(), start, end: Math.max(start, seconds(w.end) ?? start), confidence: confidence(w.probability, undefined, -1) }];
    })
    .sort((a, b) => a.start - b.start);
  const wordsOf = attachWords(raw, words);

  const segments = raw.flatMap((s, i): Segment[] => {
    const own = (wordsOf[i] ?? []).map((w) => (w.confidence < 0 ? { ...w, confidence: s.confidence } : w));
    const sentence = s.sentence || joinWords(own);
    if (!sentence) return [];
    const { confidence: _, ...segment } = s;
    return [{ ...segment, sentence, ...(hasWords && { words: own }) }];
  });
  return { segments, language, durationSeconds: duration };
}
