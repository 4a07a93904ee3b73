// The providers the settings choose, built on first use.
import { settings } from '../config.ts';
import { awsTranscriber } from './asr/aws-transcribe.ts';
import { localTranscriber } from './asr/local/engine.ts';
import { openaiTranscriber } from './asr/openai.ts';
import { whisperxTranscriber } from './asr/whisperx.ts';
import { instantLanguageModel, instantTranscriber } from './instant.ts';
import { bedrockLanguageModel } from './llm/bedrock.ts';
import { localLanguageModel } from './llm/local/index.ts';
import { openaiLanguageModel } from './llm/openai.ts';
import { ProviderError, type LanguageModel, type TranscriptionProvider } from './types.ts';

type Factory<T> = () => T;

const transcribers: Record<string, Factory<TranscriptionProvider>> = {
  local: () => localTranscriber(),
  instant: instantTranscriber,
  openai: () => openaiTranscriber(),
  whisperx: () => whisperxTranscriber(),
  'aws-transcribe': () => awsTranscriber(),
};

const languageModels: Record<string, Factory<LanguageModel>> = {
  local: () => localLanguageModel(),
  instant: instantLanguageModel,
  openai: openaiLanguageModel,
  bedrock: bedrockLanguageModel,
};

let asr: TranscriptionProvider | undefined;
let llm: LanguageModel | undefined;

export function transcriber(): TranscriptionProvider {
  asr ??= build(transcribers, settings().asrProvider, 'ASR_PROVIDER');
  return asr;
}

export function languageModel(): LanguageModel {
  llm ??= build(languageModels, settings().llmProvider, 'LLM_PROVIDER');
  return llm;
}

function build<T>(factories: Record<string, Factory<T>>, name: string, setting: string): T {
  const factory = factories[name];
  if (!factory) throw new ProviderError(`${setting}=${name} is not available in this build`, false);
  return factory();
}
