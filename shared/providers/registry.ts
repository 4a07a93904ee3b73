// The providers the settings choose, loaded and built on first use: each provider's module is
// imported only when the deployment's setting names it, so a function never evaluates (and,
// at cold start, never pays for) the SDK clients, models and NLP data of the others.
import { settings } from '../config.ts';
import { ProviderError, type LanguageModel, type TranscriptionProvider } from './types.ts';

type Factory<T> = () => Promise<T>;

const transcribers: Record<string, Factory<TranscriptionProvider>> = {
  local: async () => (await import('./asr/local/engine.ts')).localTranscriber(),
  openai: async () => (await import('./asr/openai.ts')).openaiTranscriber(),
  whisperx: async () => (await import('./asr/whisperx.ts')).whisperxTranscriber(),
  'aws-transcribe': async () => (await import('./asr/aws-transcribe.ts')).awsTranscriber(),
};

const languageModels: Record<string, Factory<LanguageModel>> = {
  local: async () => (await import('./llm/local/index.ts')).localLanguageModel(),
  openai: async () => (await import('./llm/openai.ts')).openaiLanguageModel(),
  bedrock: async () => (await import('./llm/bedrock.ts')).bedrockLanguageModel(),
};

let asr: Promise<TranscriptionProvider> | undefined;
let llm: Promise<LanguageModel> | undefined;

export function transcriber(): Promise<TranscriptionProvider> {
  asr ??= build(transcribers, settings().asrProvider, 'ASR_PROVIDER');
  return asr;
}

export function languageModel(): Promise<LanguageModel> {
  llm ??= build(languageModels, settings().llmProvider, 'LLM_PROVIDER');
  return llm;
}

async function build<T>(factories: Record<string, Factory<T>>, name: string, setting: string): Promise<T> {
  const factory = factories[name];
  if (!factory) throw new ProviderError(`${setting}=${name} is not available in this build`, false);
  return factory();
}

/** What a start prints of the chosen engines, and what an engine that runs here lacks. */
export async function describeEngines(): Promise<string> {
  const [asr, llm] = await Promise.all([transcriber(), languageModel()]);
  const problem = await asr.check?.().then(
    () => undefined,
    (error: unknown) => (error as Error).message,
  );
  return `speech ${asr.name}, language ${llm.name}${problem ? ` (${problem})` : ''}`;
}
