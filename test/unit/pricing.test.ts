// Estimated costs (decisions §9): every provider the settings can choose has a price (Speakr's
// unpriced connectors silently cost $0), PRICE_TABLE overrides and its errors, rounding.
import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '#shared/config.ts';
import { ASR_PROVIDERS, LLM_PROVIDERS } from '#shared/domain/pricing.ts';
import { BUILT_IN_PRICES, lookupPrice, parsePriceTable, PriceTableError, pricesFor, roundCost, tokenCost, transcriptionCost } from '#shared/domain/pricing.ts';

const asrProviders = [...ASR_PROVIDERS];
const llmProviders = [...LLM_PROVIDERS];

describe('the built-in price table', () => {
  it('reads the provider enums the settings accept', () => {
    expect(asrProviders).toEqual(expect.arrayContaining(['local', 'openai']));
    expect(llmProviders).toEqual(expect.arrayContaining(['local', 'openai']));
    for (const p of asrProviders) expect(loadSettings({ ASR_PROVIDER: p }).asrProvider).toBe(p);
    for (const p of llmProviders) expect(loadSettings({ LLM_PROVIDER: p }).llmProvider).toBe(p);
  });

  it('refuses to start with a PRICE_TABLE that does not parse', () => {
    expect(() => loadSettings({ PRICE_TABLE: '{"asr":{"openia:whisper-1":{"per_minute":1}}}' })).toThrow(SettingsError);
  });

  it.each(asrProviders)('prices transcription by ASR provider %s, for any model', (provider) => {
    for (const model of [undefined, 'some-unknown-model']) {
      expect(lookupPrice(BUILT_IN_PRICES.asr, provider, model), `${provider} ${model}`).toBeDefined();
      expect(() => transcriptionCost(provider, model, 60)).not.toThrow();
    }
  });

  it.each(llmProviders)('prices tokens by LLM provider %s, for any model', (provider) => {
    for (const model of [undefined, 'some-unknown-model']) {
      expect(lookupPrice(BUILT_IN_PRICES.llm, provider, model), `${provider} ${model}`).toBeDefined();
      expect(() => tokenCost(provider, model, { prompt_tokens: 1, completion_tokens: 1 })).not.toThrow();
    }
  });

  it('has the documented transcription prices per minute', () => {
    expect(transcriptionCost('openai', 'whisper-1', 60)).toBe(0.006);
    expect(transcriptionCost('openai', 'gpt-4o-transcribe', 600)).toBe(0.06);
    expect(transcriptionCost('openai', 'gpt-4o-mini-transcribe', 600)).toBe(0.03);
    expect(transcriptionCost('openai', 'whisper-next', 600)).toBe(0.06);
    expect(transcriptionCost('aws-transcribe', undefined, 600)).toBe(0.24);
    expect(transcriptionCost('local', 'whisper-1', 3600)).toBe(0);
    expect(transcriptionCost('whisperx', 'large-v3', 3600)).toBe(0);
  });

  it('has the documented token prices per million', () => {
    const million = { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 };
    expect(tokenCost('openai', 'gpt-4o-mini', million)).toBe(0.75);
    expect(tokenCost('openai', 'gpt-4o', million)).toBe(12.5);
    expect(tokenCost('openai', 'o9-preview', million)).toBe(4);
    expect(tokenCost('bedrock', 'anthropic.claude-3-5-haiku-20241022-v1:0', million)).toBe(4.8);
    expect(tokenCost('bedrock', 'us.anthropic.claude-3-haiku-20240307-v1:0', million)).toBe(4.8);
    expect(tokenCost('bedrock', 'amazon.nova-pro-v1:0', million)).toBe(4);
    expect(tokenCost('local', 'gpt-4o', million)).toBe(0);
  });

  it('refuses to guess for a provider it does not know', () => {
    expect(() => transcriptionCost('mistral', 'voxtral', 60)).toThrow(PriceTableError);
    expect(() => tokenCost('azure', undefined, { prompt_tokens: 1, completion_tokens: 0 })).toThrow(/No language-model price for provider "azure"/);
  });
});

describe('rounding', () => {
  it('gives four decimal places', () => {
    expect(roundCost(0.123456)).toBe(0.1235);
    expect(roundCost(0.00004)).toBe(0);
    expect(transcriptionCost('openai', 'whisper-1', 1)).toBe(0.0001);
    expect(transcriptionCost('openai', 'gpt-4o-mini-transcribe', 7)).toBe(0.0004);
    expect(tokenCost('openai', 'gpt-4o-mini', { prompt_tokens: 1234, completion_tokens: 567 })).toBe(0.0005);
  });

  it('never gives a negative cost', () => {
    expect(transcriptionCost('openai', 'whisper-1', -60)).toBe(0);
    expect(tokenCost('openai', 'gpt-4o', { prompt_tokens: -5, completion_tokens: 0 })).toBe(0);
  });
});

describe('PRICE_TABLE', () => {
  it('is the built-in table when unset or blank', () => {
    expect(parsePriceTable(undefined)).toBe(BUILT_IN_PRICES);
    expect(parsePriceTable('  ')).toBe(BUILT_IN_PRICES);
  });

  it('overrides entries by key and adds new ones, keeping the rest', () => {
    const table = parsePriceTable(
      JSON.stringify({
        asr: { 'openai:whisper-1': { per_minute: 0.01 }, whisperx: { per_minute: 0.002 } },
        llm: { 'openai:gpt-4o-mini': { per_million_input: 0.3, per_million_output: 1.2 }, 'bedrock:*nova*': { per_million_input: 0.06, per_million_output: 0.24 } },
      }),
    );
    expect(transcriptionCost('openai', 'whisper-1', 60, table)).toBe(0.01);
    expect(transcriptionCost('openai', 'gpt-4o-mini-transcribe', 600, table)).toBe(0.03);
    expect(transcriptionCost('whisperx', 'large-v3', 600, table)).toBe(0.02);
    expect(tokenCost('openai', 'gpt-4o-mini', { prompt_tokens: 1_000_000, completion_tokens: 0 }, table)).toBe(0.3);
    expect(tokenCost('bedrock', 'amazon.nova-lite-v1:0', { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 }, table)).toBe(0.3);
    expect(tokenCost('bedrock', 'anthropic.claude-3-haiku', { prompt_tokens: 1_000_000, completion_tokens: 0 }, table)).toBe(0.8);
  });

  it('lets the exact model win over a pattern, and the longer pattern over the shorter', () => {
    const table = parsePriceTable(
      JSON.stringify({ llm: { 'openai:gpt-*': { per_million_input: 5, per_million_output: 5 }, 'openai:gpt-4o*': { per_million_input: 7, per_million_output: 7 } } }),
    );
    const million = { prompt_tokens: 1_000_000, completion_tokens: 0 };
    expect(tokenCost('openai', 'gpt-4o', million, table)).toBe(2.5);
    expect(tokenCost('openai', 'gpt-4o-2024-08-06', million, table)).toBe(7);
    expect(tokenCost('openai', 'gpt-5', million, table)).toBe(5);
    expect(tokenCost('openai', 'o3', million, table)).toBe(1);
  });

  it.each([
    ['text that is not JSON', '{asr:', /PRICE_TABLE is not valid JSON/],
    ['a list', '[]', /PRICE_TABLE is invalid: \(table\): expected an object/],
    ['an unknown section', '{"stt":{}}', /\(table\): unknown field "stt"/],
    ['a section that is not an object', '{"asr":5}', /asr: expected an object/],
    ['a negative price', '{"asr":{"openai:whisper-1":{"per_minute":-1}}}', /asr\.openai:whisper-1\.per_minute: must be a number ≥ 0/],
    ['a price given as text', '{"asr":{"openai":{"per_minute":"0.006"}}}', /asr\.openai\.per_minute: expected a number/],
    ['a misspelt field', '{"asr":{"openai":{"per_min":0.006}}}', /asr\.openai\.per_minute: missing \(expected a number\); asr\.openai: unknown field "per_min"/],
    ['half a token price', '{"llm":{"openai:gpt-4o":{"per_million_input":2}}}', /llm\.openai:gpt-4o\.per_million_output: missing/],
    ['an unknown provider', '{"asr":{"openia:whisper-1":{"per_minute":1}}}', /asr\.openia:whisper-1: unknown provider "openia" \(known: local, openai, whisperx, aws-transcribe\)/],
    ['an LLM provider under asr', '{"asr":{"bedrock":{"per_minute":1}}}', /unknown provider "bedrock"/],
    ['an empty model', '{"llm":{"openai:":{"per_million_input":1,"per_million_output":1}}}', /llm\.openai:: the model after ":" is empty/],
  ])('refuses %s with a message naming the entry', (_, raw, message) => {
    expect(() => parsePriceTable(raw)).toThrow(PriceTableError);
    expect(() => parsePriceTable(raw)).toThrow(message);
  });

  it('is parsed once per setting text', () => {
    const raw = '{"asr":{"openai":{"per_minute":0.5}}}';
    expect(pricesFor(raw)).toBe(pricesFor(raw));
    expect(pricesFor(undefined)).toBe(BUILT_IN_PRICES);
    expect(() => pricesFor('nope')).toThrow(PriceTableError);
  });
});
