// The OpenAI-compatible language model against a fake chat-completions server on 127.0.0.1:
// request shape, usage, <think> stripping, long transcripts in parts (no truncation), JSON-mode
// events, chat, and the classification of provider failures.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reloadSettings } from '#shared/config.ts';
import { openaiLanguageModel } from '#shared/providers/llm/openai.ts';
import { estimateTokens } from '#shared/providers/llm/prompts.ts';
import { ProviderError, type Segment } from '#shared/providers/types.ts';
import { envScope, openaiReply, startFakeLlm, type FakeLlm, type RecordedRequest } from '../support/fake-llm.ts';

const context = { title: 'Planning', meetingDate: '2025-03-14', participants: 'Alice, Bob', tagNames: ['team'] };
const segments: Segment[] = [
  { speaker: 'Alice', sentence: 'We ship on Friday.', start_time: 0, end_time: 2 },
  { speaker: 'Bob', sentence: 'I will write the notes.', start_time: 2.5, end_time: 5 },
];

let fake: FakeLlm;
let restore: () => void;
const env = (extra: Record<string, string | undefined> = {}) => {
  const values = { LLM_BASE_URL: `${fake.origin}/v1`, LLM_API_KEY: 'test-key', LLM_MODEL: 'test-model', LLM_CONTEXT_TOKENS: undefined, ...extra };
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadSettings();
};
const messagesOf = (r: RecordedRequest): { role: string; content: string }[] => r.json.messages;
const requestTokens = (r: RecordedRequest) => messagesOf(r).reduce((sum, m) => sum + estimateTokens(m.content), 0);

beforeAll(async () => {
  fake = await startFakeLlm();
  restore = envScope({ LLM_BASE_URL: undefined, LLM_API_KEY: undefined, LLM_MODEL: undefined, LLM_CONTEXT_TOKENS: undefined, LLM_MAX_OUTPUT_TOKENS: undefined });
});
afterAll(async () => {
  restore();
  reloadSettings();
  await fake.close();
});
beforeEach(() => env());

describe('summaries', () => {
  it('posts a chat completion and returns the markdown with its usage', async () => {
    fake.reset(() => openaiReply('## Minutes\n\n- Ship on Friday.', { prompt_tokens: 321, completion_tokens: 45 }));
    const result = await openaiLanguageModel().summarize({ segments, prompt: 'Write minutes.', context });
    expect(result).toEqual({ markdown: '## Minutes\n\n- Ship on Friday.', usage: { prompt_tokens: 321, completion_tokens: 45 } });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer test-key');
    expect(request?.json).toMatchObject({ model: 'test-model', max_tokens: 2000, temperature: 0.3 });
    expect(request?.json.response_format).toBeUndefined();
    const [system, user] = messagesOf(request!);
    expect(system?.content).toContain('Write minutes.');
    expect(system?.content).toContain('Meeting date: 2025-03-14');
    expect(user?.content).toContain('[00:02] [Bob]: I will write the notes.');
  });

  it('strips <think> blocks and counts missing usage as 0', async () => {
    fake.reset(() => ({ body: { choices: [{ message: { role: 'assistant', content: '<think>\nLet me plan.\n</think>\n\n## Summary' } }] } }));
    const result = await openaiLanguageModel().summarize({ segments, prompt: 'P', context });
    expect(result).toEqual({ markdown: '## Summary', usage: { prompt_tokens: 0, completion_tokens: 0 } });
  });

  it('summarises a 200,000-character transcript in parts within budget, then combines them', async () => {
    env({ LLM_CONTEXT_TOKENS: '8000' });
    const long: Segment[] = Array.from({ length: 2000 }, (_, i) => ({
      speaker: `SPEAKER_0${i % 3}`,
      sentence: `Segment-${String(i).padStart(4, '0')} ${'discussed the roadmap and budget '.repeat(3)}`.slice(0, 100),
      start_time: i * 6,
      end_time: i * 6 + 5,
    }));
    expect(long.reduce((n, s) => n + s.sentence.length, 0)).toBe(200_000);
    let n = 0;
    fake.reset((r) => {
      n += 1;
      const system = messagesOf(r)[0]?.content ?? '';
      return openaiReply(system.includes('Summarise this part') ? `- part notes ${n}` : '## Combined minutes', { prompt_tokens: 1000, completion_tokens: 50 });
    });
    const result = await openaiLanguageModel().summarize({ segments: long, prompt: 'Write minutes.', context });
    const parts = fake.requests.filter((r) => messagesOf(r)[0]?.content.includes('Summarise this part'));
    expect(parts.length).toBeGreaterThan(3);
    for (const r of fake.requests) expect(requestTokens(r)).toBeLessThanOrEqual(8000);
    for (const s of long) {
      const id = s.sentence.slice(0, 12);
      expect(parts.filter((r) => messagesOf(r)[1]!.content.includes(id)), id).toHaveLength(1);
    }
    const combine = fake.requests.at(-1)!;
    expect(fake.requests).toHaveLength(parts.length + 1);
    expect(messagesOf(combine)[0]?.content).toContain('Combine these part summaries');
    for (let i = 1; i <= parts.length; i++) expect(messagesOf(combine)[1]?.content).toContain(`- part notes ${i}`);
    expect(result).toEqual({ markdown: '## Combined minutes', usage: { prompt_tokens: 1000 * (parts.length + 1), completion_tokens: 50 * (parts.length + 1) } });
  });
});

it('extracts events in JSON mode and drops bad items', async () => {
  const events = {
    events: [
      { title: 'Release', start_datetime: '2025-03-21T10:00:00', end_datetime: '2025-03-21T11:00:00', description: 'Ship it', location: 'Online' },
      { title: 'No time given', start_datetime: '2025-03-24' },
      { title: 'Broken', start_datetime: 'someday' },
      { description: 'no title', start_datetime: '2025-03-24T10:00:00' },
    ],
  };
  fake.reset(() => openaiReply(JSON.stringify(events), { prompt_tokens: 200, completion_tokens: 30 }));
  const result = await openaiLanguageModel().extractEvents({ segments, summary: '## Minutes', context });
  expect(fake.requests[0]?.json.response_format).toEqual({ type: 'json_object' });
  expect(messagesOf(fake.requests[0]!)[0]?.content).toContain('2025-03-14');
  expect(result.usage).toEqual({ prompt_tokens: 200, completion_tokens: 30 });
  expect(result.events).toEqual([
    { title: 'Release', start_datetime: '2025-03-21T10:00:00', end_datetime: '2025-03-21T11:00:00', description: 'Ship it', location: 'Online' },
    { title: 'No time given', start_datetime: '2025-03-24T09:00:00', end_datetime: '2025-03-24T10:00:00', description: '', location: '' },
  ]);

  fake.reset(() => openaiReply('Sorry, I cannot produce JSON today.'));
  expect((await openaiLanguageModel().extractEvents({ segments, summary: '', context })).events).toEqual([]);
});

it('answers chat questions from the sources and the history', async () => {
  fake.reset(() => openaiReply('<think>check [0]</think>They ship on Friday [0].', { prompt_tokens: 150, completion_tokens: 8 }));
  const result = await openaiLanguageModel().answer({
    question: 'When do we ship?',
    history: [
      { role: 'user', content: 'Who takes notes?' },
      { role: 'assistant', content: 'Bob [1].' },
    ],
    sources: [{ segment_index: 0, speaker: 'Alice', start_time: 0, end_time: 2, text: 'We ship on Friday.' }],
    context: { ...context, notes: 'Remember the demo.' },
  });
  expect(result).toEqual({ text: 'They ship on Friday [0].', usage: { prompt_tokens: 150, completion_tokens: 8 } });
  const messages = messagesOf(fake.requests[0]!);
  expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  expect(messages[0]?.content).toContain('[0] [00:00–00:02] Alice: We ship on Friday.');
  expect(messages[0]?.content).toContain('Remember the demo.');
  expect(messages.slice(1).map((m) => m.content)).toEqual(['Who takes notes?', 'Bob [1].', 'When do we ship?']);
});

describe('failures', () => {
  const failure = async (run: () => Promise<unknown>): Promise<ProviderError> => {
    const error = await run().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  };

  it('429 is retryable with Retry-After; the next call succeeds', async () => {
    let calls = 0;
    fake.reset(() => (++calls === 1 ? { status: 429, headers: { 'retry-after': '7' }, body: { error: { message: 'Rate limit' } } } : openaiReply('## Fine')));
    const model = openaiLanguageModel();
    const error = await failure(() => model.summarize({ segments, prompt: 'P', context }));
    expect(error.retryable).toBe(true);
    expect(error.retryAfterSeconds).toBe(7);
    expect((await model.summarize({ segments, prompt: 'P', context })).markdown).toBe('## Fine');
  });

  it('401 is permanent, readable and never shows the key', async () => {
    fake.reset(() => ({ status: 401, body: { error: { message: 'Incorrect API key provided: test-key' } } }));
    const error = await failure(() => openaiLanguageModel().answer({ question: 'Q', history: [], sources: [], context }));
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/API key/);
    expect(error.message).not.toContain('test-key');
  });

  it('an unset base URL is a permanent error that says what to set', async () => {
    env({ LLM_BASE_URL: undefined });
    fake.reset(() => openaiReply('unused'));
    const error = await failure(() => openaiLanguageModel().summarize({ segments, prompt: 'P', context }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('LLM_BASE_URL');
    expect(fake.requests).toHaveLength(0);
  });

  it('an answer that is not a chat completion is a clear error', async () => {
    fake.reset(() => ({ body: '<html>gateway</html>' }));
    const error = await failure(() => openaiLanguageModel().summarize({ segments, prompt: 'P', context }));
    expect(error.retryable).toBe(true);
    fake.reset(() => ({ body: { data: [] } }));
    expect((await failure(() => openaiLanguageModel().summarize({ segments, prompt: 'P', context }))).message).toMatch(/without choices/);
  });
});
