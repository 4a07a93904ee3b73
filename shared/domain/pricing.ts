// Estimated costs (decisions §9): a built-in price table with a price for EVERY provider (Speakr
// priced unknown connectors at $0 silently; here the type below makes a provider without a
// price a compile error), merged with the PRICE_TABLE setting. Pure: the caller passes the
// setting's raw text in.
//
// Keys are `provider` (that provider's price for any model), `provider:model` (one model) or
// `provider:pattern` with `*` for any characters (e.g. `bedrock:*claude*haiku*`). The most
// specific wins: the exact model, then the longest matching pattern, then the provider.
import * as z from 'zod/mini';

interface AsrPrice {
  /** US dollars per minute of audio. */
  readonly per_minute: number;
}

interface LlmPrice {
  /** US dollars per million prompt (input) tokens. */
  readonly per_million_input: number;
  /** US dollars per million completion (output) tokens. */
  readonly per_million_output: number;
}

export interface PriceTable {
  readonly asr: Readonly<Record<string, AsrPrice>>;
  readonly llm: Readonly<Record<string, LlmPrice>>;
}

/** Every provider a setting can choose (the price table must price each one). */
export const ASR_PROVIDERS = ['local', 'openai', 'whisperx', 'aws-transcribe'] as const;
export const LLM_PROVIDERS = ['local', 'openai', 'bedrock'] as const;

export type AsrProviderName = (typeof ASR_PROVIDERS)[number];
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

const free: LlmPrice = { per_million_input: 0, per_million_output: 0 };
const unknownLlm: LlmPrice = { per_million_input: 1, per_million_output: 3 };

/** One price per provider, whatever the model: the fallback that makes every provider priced. */
const PROVIDER_ASR_PRICES: Readonly<Record<AsrProviderName, AsrPrice>> = {
  local: { per_minute: 0 },
  openai: { per_minute: 0.006 },
  whisperx: { per_minute: 0 }, // self-hosted
  'aws-transcribe': { per_minute: 0.024 },
};

const PROVIDER_LLM_PRICES: Readonly<Record<LlmProviderName, LlmPrice>> = {
  local: free,
  openai: unknownLlm,
  bedrock: unknownLlm,
};

export const BUILT_IN_PRICES: PriceTable = {
  asr: {
    ...PROVIDER_ASR_PRICES,
    'openai:whisper-1': { per_minute: 0.006 },
    'openai:gpt-4o-transcribe': { per_minute: 0.006 },
    'openai:gpt-4o-mini-transcribe': { per_minute: 0.003 },
  },
  llm: {
    ...PROVIDER_LLM_PRICES,
    'openai:gpt-4o-mini': { per_million_input: 0.15, per_million_output: 0.6 },
    'openai:gpt-4o': { per_million_input: 2.5, per_million_output: 10 },
    'bedrock:*claude*haiku*': { per_million_input: 0.8, per_million_output: 4 },
  },
};

export class PriceTableError extends Error {
  override name = 'PriceTableError';
}

/** The PRICE_TABLE setting's shape, built only when the setting is given (every function parses its settings at cold start). */
function overrides() {
  const price = z.number().check(z.gte(0, 'must be a number ≥ 0'));
  const asrEntry = z.strictObject({ per_minute: price });
  const llmEntry = z.strictObject({ per_million_input: price, per_million_output: price });
  return z.strictObject({
    asr: z.optional(z.record(z.string(), asrEntry)),
    llm: z.optional(z.record(z.string(), llmEntry)),
  });
}

/**
 * The built-in table with the PRICE_TABLE setting's entries over it (an entry replaces the
 * built-in one of the same key). Throws PriceTableError naming the problem.
 */
export function parsePriceTable(raw: string | undefined): PriceTable {
  if (raw === undefined || raw.trim() === '') return BUILT_IN_PRICES;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new PriceTableError(`PRICE_TABLE is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = overrides().safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(table)'}: ${describeIssue(i, json)}`).join('; ');
    throw new PriceTableError(`PRICE_TABLE is invalid: ${problems}`);
  }
  const asr = parsed.data.asr ?? {};
  const llm = parsed.data.llm ?? {};
  checkKeys('asr', Object.keys(asr), Object.keys(PROVIDER_ASR_PRICES));
  checkKeys('llm', Object.keys(llm), Object.keys(PROVIDER_LLM_PRICES));
  return { asr: { ...BUILT_IN_PRICES.asr, ...asr }, llm: { ...BUILT_IN_PRICES.llm, ...llm } };
}

/** zod/mini ships no message texts: say what is wrong ourselves. */
function describeIssue(issue: z.core.$ZodIssue, json: unknown): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_type':
      return valueAt(json, issue.path) === undefined ? `missing (expected ${anA(issue.expected)})` : `expected ${anA(issue.expected)}`;
    default:
      return issue.message;
  }
}

const anA = (expected: string) => (expected === 'record' || expected === 'object' ? 'an object' : `a ${expected}`);

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), json);
}

/** A key naming a provider we do not know is a typo that would otherwise never apply. */
function checkKeys(kind: 'asr' | 'llm', keys: readonly string[], providers: readonly string[]): void {
  for (const k of keys) {
    const provider = k.split(':')[0]!;
    if (!providers.includes(provider)) {
      throw new PriceTableError(`PRICE_TABLE is invalid: ${kind}.${k}: unknown provider "${provider}" (known: ${providers.join(', ')})`);
    }
    if (k.includes(':') && k.slice(provider.length + 1) === '') throw new PriceTableError(`PRICE_TABLE is invalid: ${kind}.${k}: the model after ":" is empty`);
  }
}

let memo: { raw: string | undefined; table: PriceTable } | undefined;

/** parsePriceTable, remembered for the last setting text seen. */
export function pricesFor(raw: string | undefined): PriceTable {
  if (!memo || memo.raw !== raw) memo = { raw, table: parsePriceTable(raw) };
  return memo.table;
}

const globToRegExp = (pattern: string) => new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i');

/** The entry for provider and model: exact model, longest matching pattern, then the provider. */
export function lookupPrice<T>(entries: Readonly<Record<string, T>>, provider: string, model: string | undefined): T | undefined {
  if (model) {
    const exact = entries[`${provider}:${model}`];
    if (exact) return exact;
    const prefix = `${provider}:`;
    const patterns = Object.keys(entries)
      .filter((k) => k.startsWith(prefix) && k.includes('*') && globToRegExp(k.slice(prefix.length)).test(model))
      .sort((a, b) => b.length - a.length);
    if (patterns[0]) return entries[patterns[0]];
  }
  return entries[provider];
}

function required<T>(entries: Readonly<Record<string, T>>, kind: string, provider: string, model: string | undefined): T {
  const found = lookupPrice(entries, provider, model);
  if (!found) throw new PriceTableError(`No ${kind} price for provider "${provider}"${model ? ` (model ${model})` : ''}`);
  return found;
}

/** Four decimal places, as the statistics show it. */
export const roundCost = (dollars: number) => Math.round(dollars * 10_000) / 10_000;

export function transcriptionCost(provider: string, model: string | undefined, seconds: number, table: PriceTable = BUILT_IN_PRICES): number {
  const { per_minute } = required(table.asr, 'transcription', provider, model);
  return roundCost((Math.max(0, seconds) / 60) * per_minute);
}

export function tokenCost(provider: string, model: string | undefined, usage: { readonly prompt_tokens: number; readonly completion_tokens: number }, table: PriceTable = BUILT_IN_PRICES): number {
  const p = required(table.llm, 'language-model', provider, model);
  return roundCost((Math.max(0, usage.prompt_tokens) * p.per_million_input + Math.max(0, usage.completion_tokens) * p.per_million_output) / 1_000_000);
}
