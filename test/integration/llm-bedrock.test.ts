// The Bedrock language model through the real SDK against a fake Converse endpoint on
// 127.0.0.1 (AWS_ENDPOINT_URL_BEDROCK_RUNTIME): request shape, usage, and error classification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadSettings } from '#shared/config.ts';
import { bedrockLanguageModel } from '#shared/providers/llm/bedrock.ts';
import { ProviderError, type Segment } from '#shared/providers/types.ts';
import { converseReply, envScope, startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';

const MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';
const context = { title: 'Planning', meetingDate: '2025-03-14', participants: 'Alice, Bob' };
const segments: Segment[] = [
  { speaker: 'Alice', sentence: 'We ship on Friday.', start_time: 0, end_time: 2 },
  { speaker: 'Bob', sentence: 'I will write the notes.', start_time: 2.5, end_time: 5 },
];

let fake: FakeLlm;
let restore: () => void;

beforeAll(async () => {
  fake = await startFakeLlm(undefined, { http2: true });
  restore = envScope({
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: fake.origin,
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'secret-test',
    AWS_SESSION_TOKEN: undefined,
    AWS_PROFILE: undefined,
    AWS_REGION: 'us-east-1',
    LLM_MODEL: MODEL,
    LLM_CONTEXT_TOKENS: undefined,
    LLM_MAX_OUTPUT_TOKENS: '1500',
  });
  reloadSettings();
});
afterAll(async () => {
  restore();
  reloadSettings();
  await fake.close();
});

const failure = async (run: () => Promise<unknown>): Promise<ProviderError> => {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

describe('Converse', () => {
  it('summarises with system text, user turns, inference settings and usage', async () => {
    fake.reset(() => converseReply('<think>plan</think>## Minutes\n\n- Ship on Friday.', { inputTokens: 412, outputTokens: 37 }));
    const result = await bedrockLanguageModel().summarize({ segments, prompt: 'Write minutes.', context });
    expect(result).toEqual({ markdown: '## Minutes\n\n- Ship on Friday.', usage: { prompt_tokens: 412, completion_tokens: 37 } });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(decodeURIComponent(request!.url)).toBe(`/model/${MODEL}/converse`);
    expect(request?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/bedrock\/aws4_request/);
    expect(request?.json.inferenceConfig).toEqual({ maxTokens: 1500, temperature: 0.3 });
    expect(request?.json.system).toHaveLength(1);
    expect(request?.json.system[0].text).toContain('Write minutes.');
    expect(request?.json.system[0].text).toContain('Meeting date: 2025-03-14');
    expect(request?.json.messages).toHaveLength(1);
    expect(request?.json.messages[0].role).toBe('user');
    expect(request?.json.messages[0].content[0].text).toContain('[00:02] [Bob]: I will write the notes.');
  });

  it('extracts events and answers chat with alternating turns', async () => {
    fake.reset(() => converseReply('{"events":[{"title":"Release","start_datetime":"2025-03-21T10:00:00"},{"title":"Bad"}]}'));
    const { events, usage } = await bedrockLanguageModel().extractEvents({ segments, summary: 'Ship Friday.', context });
    expect(events).toEqual([{ title: 'Release', start_datetime: '2025-03-21T10:00:00', end_datetime: '2025-03-21T11:00:00', description: '', location: '' }]);
    expect(usage).toEqual({ prompt_tokens: 120, completion_tokens: 12 });

    fake.reset(() => converseReply('Friday [0].'));
    const answer = await bedrockLanguageModel().answer({
      question: 'When?',
      history: [
        { role: 'assistant', content: 'Hello, ask me.' },
        { role: 'user', content: 'Who?' },
        { role: 'assistant', content: 'Bob.' },
      ],
      sources: [{ segment_index: 0, speaker: 'Alice', start_time: 0, end_time: 2, text: 'We ship on Friday.' }],
      context,
    });
    expect(answer.text).toBe('Friday [0].');
    const body = fake.requests[0]?.json;
    expect(body.system[0].text).toContain('[0] [00:00–00:02] Alice: We ship on Friday.');
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user']);
  });
});

describe('errors', () => {
  it('ThrottlingException (429) is retryable', async () => {
    fake.reset(() => ({ status: 429, headers: { 'x-amzn-errortype': 'ThrottlingException', 'retry-after': '4' }, body: { message: 'Too many requests, please wait before trying again.' } }));
    const error = await failure(() => bedrockLanguageModel().summarize({ segments, prompt: 'P', context }));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/throttl/i);
    expect(error.retryAfterSeconds).toBe(4);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    [503, 'ServiceUnavailableException', true],
    [500, 'InternalServerException', true],
    [429, 'ModelNotReadyException', true],
    [400, 'ValidationException', false],
    [404, 'ResourceNotFoundException', false],
  ])('%i %s → retryable %s', async (status, type, retryable) => {
    fake.reset(() => ({ status, headers: { 'x-amzn-errortype': type }, body: { message: 'details from AWS' } }));
    expect((await failure(() => bedrockLanguageModel().answer({ question: 'Q', history: [], sources: [], context }))).retryable).toBe(retryable);
  });

  it('AccessDeniedException (403) is permanent with a readable message', async () => {
    fake.reset(() => ({
      status: 403,
      headers: { 'x-amzn-errortype': 'AccessDeniedException:http://internal.amazon.com/coral/com.amazon.bedrock/' },
      body: { message: 'You don\'t have access to the model with the specified model ID.' },
    }));
    const error = await failure(() => bedrockLanguageModel().summarize({ segments, prompt: 'P', context }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain(MODEL);
    expect(error.message).toMatch(/access/i);
    expect(error.message).not.toContain('secret-test');
  });
});
