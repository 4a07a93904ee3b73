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
  readonly engine_note: string;
}

/** The embedded engine cuts audio at silences into pieces of at most this (providers/asr/local). */
const LOCAL_CHUNK_SECONDS = 30;

export function capabilities(s: Settings): Capabilities {
  const common = { provider: s.asrProvider, max_upload_mb: s.uploadMaxMb };
  // Remote engines take at most ASR_MAX_UPLOAD_MB per request: longer audio goes in overlapping chunks.
  const remoteChunks = { enabled: true, chunk_seconds: s.asr.chunkSeconds, overlap_seconds: s.asr.chunkOverlapSeconds };
  switch (s.asrProvider) {
    case 'local':
      return {
        ...common,
        model: 'pocketsphinx en-us',
        diarization: false,
        word_timestamps: true,
        languages: ['en'],
        chunking: { enabled: true, chunk_seconds: LOCAL_CHUNK_SECONDS, overlap_seconds: 0 },
        engine_note: 'Embedded offline engine (pocketsphinx, US English model): a rough machine transcript with one speaker label; other languages are transcribed as English.',
      };
    case 'instant':
      return {
        ...common,
        model: 'instant',
        diarization: false,
        word_timestamps: false,
        languages: ['en'],
        chunking: { enabled: false, chunk_seconds: 0, overlap_seconds: 0 },
        engine_note: 'Benchmark engine: answers at once with a fixed transcript, whatever the audio.',
      };
    case 'openai': {
      const model = s.asr.model;
      // Only whisper-1 returns word timings (verbose_json); the gpt-4o transcribe models do not.
      return {
        ...common,
        model,
        diarization: /diariz/i.test(model),
        word_timestamps: !/^gpt-4o/i.test(model),
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
        languages: 'auto',
        chunking: { enabled: false, chunk_seconds: 0, overlap_seconds: 0 },
        engine_note: 'Amazon Transcribe batch job on the stored audio with speaker labels; the transcript arrives when the job completes.',
      };
    case 'whisperx':
      return {
        ...common,
        model: s.asr.model,
        diarization: s.asr.diarize,
        word_timestamps: true,
        languages: 'auto',
        chunking: remoteChunks,
        engine_note: `Self-hosted WhisperX service with word alignment${s.asr.diarize ? ' and speaker diarization' : ' (diarization off: ASR_DIARIZE=false)'}; audio over ${s.asr.maxUploadMb} MB is sent in chunks.`,
      };
  }
}
