// Language models behind an OpenAI-compatible chat completions API (OpenAI, OpenRouter,
// Ollama, vLLM, …): `POST {LLM_BASE_URL}/chat/completions`. Prompts come from prompts.ts, long
// transcripts are summarised in parts by long-summary.ts; HTTP trouble is classified by
// providerFetch.
import * as z from 'zod/mini';
import { settings } from '../../config.ts';
import { providerFetch } from '../http.ts';
import { providerKey } from '../keys.ts';
import { ProviderError, type LanguageModel } from '../types.ts';
import { completionModel, type Complete } from './long-summary.ts';
import { stripThinking } from './prompts.ts';

const TEMPERATURE = 0.3;
const WHAT = 'the language model';

const count = z.optional(z.nullable(z.number()));
const completionSchema = z.object({
  choices: z.array(
    z.object({
      message: z.optional(z.nullable(z.object({ content: z.optional(z.nullable(z.string())) }))),
      finish_reason: z.optional(z.nullable(z.string())),
    }),
  ),
  usage: z.optional(z.nullable(z.object({ prompt_tokens: count, completion_tokens: count }))),
});

const tokens = (value: number | null | undefined): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

const complete: Complete = async (messages, options) => {
  const { llm } = settings();
  if (!llm.baseUrl) {
    throw new ProviderError('LLM_PROVIDER=openai needs LLM_BASE_URL: the base URL of an OpenAI-compatible API, such as https://api.openai.com/v1', false);
  }
  const key = await providerKey('llm');
  const body = {
    model: llm.model,
    messages: messages.map(({ role, content }) => ({ role, content })),
    max_tokens: llm.maxOutputTokens,
    temperature: TEMPERATURE,
    ...(options.json ? { response_format: { type: 'json_object' } } : {}),
  };
  const response = await providerFetch(
    `${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(body),
    },
    { what: WHAT, timeoutMs: llm.timeoutSeconds * 1000, signal: options.signal },
  );
  let data: unknown;
  try {
    data = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw new ProviderError('The language model sent an answer that is not JSON', true);
  }
  const parsed = completionSchema.safeParse(data);
  if (!parsed.success || parsed.data.choices.length === 0) {
    throw new ProviderError('The language model sent an answer without choices: is LLM_BASE_URL an OpenAI-compatible API?', false);
  }
  const choice = parsed.data.choices[0]!;
  return {
    text: stripThinking(choice.message?.content ?? ''),
    usage: { prompt_tokens: tokens(parsed.data.usage?.prompt_tokens), completion_tokens: tokens(parsed.data.usage?.completion_tokens) },
  };
};

export function openaiLanguageModel(): LanguageModel {
  return completionModel('openai', complete, () => settings().llm);
}
