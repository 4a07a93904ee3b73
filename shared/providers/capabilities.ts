// What the configured speech engine offers (GET /transcription), from the settings.
// The report's shape lives here; the route's response schema (routes/transcription.ts) is
// checked against it, so providers never import the route table.
import type { Settings } from '../config.ts';

export interface Capabilities {
  readonly provider: string;
  readonly model: string;
  readonly diarization: boolean;
  readonly word_timestamps: boolean;
  readonly languages: string[] | 'auto';
  readonly max_upload_mb: number;
  readonly chunking: { readonly enabled: boolean; readonly chunk_seconds: number; readonly overlap_seconds: number };
  readonly custom_prompt: boolean;
  readonly summary_custom_prompt: boolean;
  readonly max_duration_seconds: number | null;
  readonly engine_note: string;
}

/** The embedded engine decodes utterances of at most this, cut in silences (providers/asr/local). */
const LOCAL_UTTERANCE_SECONDS = 20;

/** Why the active engine cannot do what a transcription request asks, or undefined when it can. */
export function transcriptionRefusal(s: Settings, request: { readonly language?: string | null }): string | undefined {
  const language = request.language?.toLowerCase();
  if (s.asrProvider === 'local' && language && language !== 'en') {
    return 'the offline engine transcribes English only; set ASR_PROVIDER for other languages';
  }
  return undefined;
}

export function capabilities(s: Settings): Capabilities {
  const common = {
    provider: s.asrProvider,
    max_upload_mb: s.uploadMaxMb,
    max_duration_seconds: null,
    // Every summariser takes the prompt (the embedded one steers its sentence choice by it: providers/llm/local).
    summary_custom_prompt: true,
  };
  // Remote engines take at most ASR_MAX_UPLOAD_MB per request: longer audio goes in overlapping chunks.
  const remoteChunks = { enabled: true, chunk_seconds: s.asr.chunkSeconds, overlap_seconds: s.asr.chunkOverlapSeconds };
  switch (s.asrProvider) {
    case 'local':
      return {
        ...common,
        model: 'pocketsphinx en-us',
        diarization: true,
        word_timestamps: true,
        custom_prompt: false,
        languages: ['en'],
        chunking: { enabled: true, chunk_seconds: LOCAL_UTTERANCE_SECONDS, overlap_seconds: 0 },
        engine_note: 'Embedded offline engine (pocketsphinx, US English model): a rough machine transcript with word timings and confidences; voices told apart by an offline diariser (clearly different voices only). Other languages are refused (400).',
      };
    case 'openai': {
      const model = s.asr.model;
      // Only whisper-1 returns word timings (verbose_json); the gpt-4o transcribe models do not.
      return {
        ...common,
        model,
        diarization: /diariz/i.test(model),
        word_timestamps: !/^gpt-4o/i.test(model),
        custom_prompt: true,
        languages: 'auto',
        chunking: remoteChunks,
        engine_note: `OpenAI-compatible transcription API (${model}); audio over ${s.asr.maxUploadMb} MB is sent in chunks.`,
      };
    }
    case 'aws-transcribe':
      return {
        ...common,
        model: 'amazon-transcribe',
        diarization: s.asr.diarize,
        word_timestamps: true,
        custom_prompt: false,
        languages: 'auto',
        max_duration_seconds: 4 * 60 * 60,
        chunking: { enabled: false, chunk_seconds: 0, overlap_seconds: 0 },
        engine_note: 'Amazon Transcribe batch job on the stored audio with speaker labels; the transcript arrives when the job completes.',
      };
    case 'whisperx':
      return {
        ...common,
        model: s.asr.model,
        diarization: s.asr.diarize,
        word_timestamps: true,
        custom_prompt: true,
        languages: 'auto',
        chunking: remoteChunks,
        engine_note: `Self-hosted WhisperX service with word alignment${s.asr.diarize ? ' and speaker diarization' : ' (diarization off: ASR_DIARIZE=false)'}; audio over ${s.asr.maxUploadMb} MB is sent in chunks.`,
      };
  }
}
