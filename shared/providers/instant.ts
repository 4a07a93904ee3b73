// Providers that answer at once with a fixed result, so `npm run bench` can measure what the
// pipeline itself costs (queues, store, transitions, events) apart from any engine.
import type { LanguageModel, TranscriptionProvider } from './types.ts';

export function instantTranscriber(): TranscriptionProvider {
  return {
    name: 'instant',
    transcribe: async () => ({
      segments: [{ speaker: 'SPEAKER_00', sentence: 'This is a fixed transcript.', start_time: 0, end_time: 2, words: [] }],
      language: 'en',
      durationSeconds: 2,
      engine: 'instant (fixed transcript, for benchmarks)',
    }),
  };
}

export function instantLanguageModel(): LanguageModel {
  return {
    name: 'instant',
    summarize: async () => ({ markdown: '## Summary\n\n- A fixed summary.', usage: { prompt_tokens: 0, completion_tokens: 0 } }),
    extractEvents: async () => ({ events: [], usage: { prompt_tokens: 0, completion_tokens: 0 } }),
    answer: async () => ({ text: 'A fixed answer.', usage: { prompt_tokens: 0, completion_tokens: 0 } }),
  };
}
