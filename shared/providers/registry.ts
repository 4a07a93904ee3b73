// The providers the settings choose. Only the embedded engines exist so far; the cloud
// providers (OpenAI-compatible, WhisperX, Amazon Transcribe, Bedrock) plug in here.
import { settings } from '../config.ts';
import { localTranscriber } from './asr/local/engine.ts';
import { localLanguageModel } from './llm/local/index.ts';
import { instantLanguageModel, instantTranscriber } from './instant.ts';
import type { LanguageModel, TranscriptionProvider } from './types.ts';

let asr: TranscriptionProvider | undefined;
let llm: LanguageModel | undefined;

export function transcriber(): TranscriptionProvider {
  asr ??= ({ local: () => localTranscriber(), instant: instantTranscriber })[settings().asrProvider]();
  return asr;
}

export function languageModel(): LanguageModel {
  llm ??= ({ local: () => localLanguageModel(), instant: instantLanguageModel })[settings().llmProvider]();
  return llm;
}
