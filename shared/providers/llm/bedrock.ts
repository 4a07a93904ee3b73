// Language models on Amazon Bedrock through the Runtime Converse API (one request shape for
// every model family). The model id is LLM_MODEL; region and credentials come from the SDK's
// usual chain, the endpoint too (AWS_ENDPOINT_URL_BEDROCK_RUNTIME points it elsewhere). The
// SDK's own retries are off: retrying is the pipeline's job, so errors are only classified.
import { BedrockRuntimeClient, ConverseCommand, type Message, type SystemContentBlock } from '@aws-sdk/client-bedrock-runtime';
import { settings } from '../../config.ts';
import { ProviderError, type LanguageModel } from '../types.ts';
import { completionModel, type Complete } from './long-summary.ts';
import { stripThinking, type LlmMessage } from './prompts.ts';

const TEMPERATURE = 0.3;

const RETRYABLE: Record<string, string> = {
  ThrottlingException: 'is throttling requests',
  ServiceUnavailableException: 'is unavailable',
  ModelNotReadyException: 'has a model that is not ready yet',
  InternalServerException: 'had an internal error',
  ModelTimeoutException: 'timed out while the model was working',
  ModelErrorException: 'had the model fail on the request',
};

const PERMANENT: Record<string, string> = {
  AccessDeniedException: 'refused access: check the IAM permissions and that the model is enabled in this account and region',
  ValidationException: 'refused the request as invalid for this model',
  ResourceNotFoundException: 'does not know this model id in this region',
  ServiceQuotaExceededException: 'refused the request as over the account quota',
  UnrecognizedClientException: 'refused the AWS credentials',
};

interface SdkError {
  readonly name?: string;
  readonly $fault?: 'client' | 'server';
  readonly $metadata?: { readonly httpStatusCode?: number };
  readonly $response?: { readonly headers?: Record<string, string | undefined> };
}

/** An SDK failure as a ProviderError whose message names the kind of trouble, never the raw body. */
export function bedrockError(error: unknown, modelId: string, timeoutSeconds: number): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = (error && typeof error === 'object' ? error : {}) as SdkError;
  const name = e.name ?? '';
  const what = `Amazon Bedrock (model ${modelId})`;
  if (name === 'TimeoutError') return new ProviderError(`${what} did not answer within ${timeoutSeconds} s`, true);
  if (RETRYABLE[name]) return new ProviderError(`${what} ${RETRYABLE[name]}`, true, retryAfter(e));
  if (PERMANENT[name]) return new ProviderError(`${what} ${PERMANENT[name]}`, false);
  const status = e.$metadata?.httpStatusCode;
  if (status === undefined) return new ProviderError(`${what} could not be reached`, true);
  if (status === 429 || status >= 500 || e.$fault === 'server') return new ProviderError(`${what} is busy or failing (HTTP ${status})`, true, retryAfter(e));
  return new ProviderError(`${what} refused the request (HTTP ${status}${name ? `, ${name}` : ''})`, false);
}

function retryAfter(error: SdkError): number | undefined {
  const value = Number(error.$response?.headers?.['retry-after']);
  return Number.isFinite(value) && value >= 0 ? Math.min(value, 3600) : undefined;
}

/** Converse wants system text apart and strictly alternating turns that start with the user. */
export function converseInput(messages: readonly LlmMessage[]): { system: SystemContentBlock[]; messages: Message[] } {
  const system: SystemContentBlock[] = [];
  const turns: Message[] = [];
  for (const { role, content } of messages) {
    if (role === 'system') {
      system.push({ text: content });
      continue;
    }
    const last = turns.at(-1);
    if (last?.role === role) last.content = [...(last.content ?? []), { text: content }];
    else if (turns.length > 0 || role === 'user') turns.push({ role, content: [{ text: content }] });
  }
  return { system, messages: turns };
}

export function bedrockLanguageModel(): LanguageModel {
  let client: BedrockRuntimeClient | undefined;
  let clientRegion: string | undefined;
  const clientFor = (region: string): BedrockRuntimeClient => {
    if (!client || clientRegion !== region) {
      client?.destroy();
      client = new BedrockRuntimeClient({ region, maxAttempts: 1 });
      clientRegion = region;
    }
    return client;
  };

  const complete: Complete = async (messages, options) => {
    const { llm, region } = settings();
    const timeout = AbortSignal.timeout(llm.timeoutSeconds * 1000);
    const abortSignal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const command = new ConverseCommand({
      modelId: llm.model,
      ...converseInput(messages),
      inferenceConfig: { maxTokens: llm.maxOutputTokens, temperature: TEMPERATURE },
    });
    try {
      const output = await clientFor(region).send(command, { abortSignal });
      const text = (output.output?.message?.content ?? []).map((block) => block.text ?? '').join('');
      return {
        text: stripThinking(text),
        usage: { prompt_tokens: output.usage?.inputTokens ?? 0, completion_tokens: output.usage?.outputTokens ?? 0 },
      };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      throw bedrockError(timeout.aborted ? { name: 'TimeoutError' } : error, llm.model, llm.timeoutSeconds);
    }
  };

  return completionModel('bedrock', complete, () => settings().llm);
}
