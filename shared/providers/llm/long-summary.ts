// The three language-model tasks over any `complete(messages)` function (pure orchestration,
// no I/O of its own). Transcripts longer than one request may carry are never truncated: they
// are cut at segment boundaries into consecutive parts that each fit, every part is summarised,
// and the part summaries are combined — in rounds, when even they do not fit one request.
import { ProviderError, type EventsRequest, type FoundEvent, type LanguageModel, type Segment, type SummaryRequest, type TokenUsage } from '../types.ts';
import {
  chatMessages,
  combineMessages,
  eventsMessages,
  messagesTokens,
  parseEvents,
  partSummaryMessages,
  summaryMessages,
  transcriptLine,
  type LlmMessage,
} from './prompts.ts';

interface Completion {
  readonly text: string;
  readonly usage: TokenUsage;
}

interface CompleteOptions {
  /** Ask for one JSON object (events). */
  readonly json?: boolean;
  readonly signal?: AbortSignal;
}

export type Complete = (messages: readonly LlmMessage[], options: CompleteOptions) => Promise<Completion>;

export interface Limits {
  readonly contextTokens: number;
  readonly maxOutputTokens: number;
}

export interface Part {
  readonly segments: readonly Segment[];
  /** Index (in the whole transcript) of the segment the part starts with. */
  readonly offset: number;
}

/** The smallest room for transcript lines a request must leave, or the prompt is too long. */
const MIN_ROOM = 200;
const MAX_COMBINE_ROUNDS = 8;

/** Input tokens one request may carry: the context, less room for the answer. */
const inputBudget = (limits: Limits): number => limits.contextTokens - Math.min(limits.maxOutputTokens, Math.floor(limits.contextTokens / 2));

const addUsage = (a: TokenUsage, b: TokenUsage): TokenUsage => ({
  prompt_tokens: a.prompt_tokens + b.prompt_tokens,
  completion_tokens: a.completion_tokens + b.completion_tokens,
});
const NO_USAGE: TokenUsage = { prompt_tokens: 0, completion_tokens: 0 };

/**
 * Consecutive parts whose transcript lines each fit `roomTokens` (≈ chars/4, one newline per
 * line). Segments are never dropped or merged; one too long for a part by itself is cut at
 * word boundaries into pieces that keep its speaker and times.
 */
export function splitIntoParts(segments: readonly Segment[], roomTokens: number): Part[] {
  const roomChars = Math.max(1, Math.floor(roomTokens)) * 4;
  const parts: Part[] = [];
  let current: Segment[] = [];
  let offset = 0;
  let chars = 0;
  const flush = (next: number) => {
    if (current.length) parts.push({ segments: current, offset });
    current = [];
    chars = 0;
    offset = next;
  };
  segments.forEach((segment, index) => {
    for (const piece of pieces(segment, index, roomChars)) {
      const cost = transcriptLine(piece, index).length + 1;
      if (chars + cost > roomChars) flush(index);
      if (!current.length) offset = index;
      current.push(piece);
      chars += cost;
    }
  });
  flush(segments.length);
  return parts;
}

function pieces(segment: Segment, index: number, roomChars: number): Segment[] {
  const overhead = transcriptLine({ ...segment, sentence: '' }, index).length + 1;
  if (overhead + segment.sentence.length <= roomChars) return [segment];
  const room = Math.max(1, roomChars - overhead);
  return cutText(segment.sentence, room).map((sentence) => ({ ...segment, sentence, words: undefined }));
}

/** Cuts text into pieces of at most `room` characters, at white space where there is some. */
function cutText(text: string, room: number): string[] {
  const out: string[] = [];
  let rest = text.replace(/\s+/g, ' ').trim();
  while (rest.length > room) {
    const space = rest.lastIndexOf(' ', room);
    const at = space > room / 2 ? space : room;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** Consecutive groups of texts that each fit `roomTokens`; a text too long alone is cut up. */
function groupTexts(texts: readonly string[], roomTokens: number): string[][] {
  const roomChars = Math.max(1, roomTokens) * 4;
  const groups: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts.flatMap((t) => (t.length + 40 > roomChars ? cutText(t, roomChars - 40) : [t]))) {
    const cost = text.length + 40;
    if (current.length && chars + cost > roomChars) {
      groups.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += cost;
  }
  if (current.length) groups.push(current);
  return groups;
}

export interface LongSummary {
  readonly markdown: string;
  readonly usage: TokenUsage;
  /** How many parts the transcript was summarised in (1: in one request). */
  readonly parts: number;
}

export async function summarizeLong(request: SummaryRequest, complete: Complete, limits: Limits): Promise<LongSummary> {
  const budget = inputBudget(limits);
  let usage = NO_USAGE;
  // Requests made of those planned so far: one per part and the final one, plus each
  // combining round's merges once that round is planned.
  let planned = 1;
  let done = 0;
  const call = async (messages: LlmMessage[]): Promise<string> => {
    if (request.signal?.aborted) throw request.signal.reason ?? new ProviderError('The summary was cancelled', true);
    const result = await complete(messages, { signal: request.signal });
    usage = addUsage(usage, result.usage);
    if (!result.text.trim()) throw new ProviderError('The language model returned an empty summary', true);
    request.onProgress?.(Math.min(1, ++done / planned));
    return result.text.trim();
  };

  const whole = summaryMessages(request);
  if (messagesTokens(whole) <= budget) return { markdown: await call(whole), usage, parts: 1 };

  const room = budget - messagesTokens(partSummaryMessages({ segments: [], offset: 0 }, 9998, 9999, request));
  if (room < MIN_ROOM) throw tooSmall();
  const parts = splitIntoParts(request.segments, room);
  planned = parts.length + 1;
  let summaries: string[] = [];
  for (const [i, part] of parts.entries()) summaries.push(await call(partSummaryMessages(part, i, parts.length, request)));

  for (let round = 0; ; round++) {
    const final = combineMessages(summaries, request, true);
    if (messagesTokens(final) <= budget) return { markdown: await call(final), usage, parts: parts.length };
    const mergeRoom = budget - messagesTokens(combineMessages([], request, false));
    if (round >= MAX_COMBINE_ROUNDS || mergeRoom < MIN_ROOM) throw tooSmall();
    // Groups that fit one request are merged; a lone summary is passed on as it is, unless
    // every group is alone, when each is condensed so the next round has less to carry.
    const groups = groupTexts(summaries, mergeRoom);
    const condense = groups.every((group) => group.length === 1);
    planned += groups.filter((group) => group.length > 1 || condense).length;
    const merged: string[] = [];
    for (const group of groups) merged.push(group.length === 1 && !condense ? group[0]! : await call(combineMessages(group, request, false)));
    summaries = merged;
  }
}

const tooSmall = () =>
  new ProviderError('The summary prompt leaves too little room for the transcript: raise LLM_CONTEXT_TOKENS or shorten the prompt', false);

/** Events from the whole transcript: in one request when it fits, otherwise part by part. */
export async function extractEventsLong(request: EventsRequest, complete: Complete, limits: Limits): Promise<{ events: FoundEvent[]; usage: TokenUsage }> {
  const budget = inputBudget(limits);
  const whole = eventsMessages(request);
  let batches: (readonly Segment[])[] = [request.segments];
  if (messagesTokens(whole) > budget) {
    const room = budget - messagesTokens(eventsMessages({ ...request, segments: [] }));
    if (room < MIN_ROOM) throw tooSmall();
    batches = splitIntoParts(request.segments, room).map((part) => part.segments);
  }
  let usage = NO_USAGE;
  const events: FoundEvent[] = [];
  const seen = new Set<string>();
  for (const [index, segments] of batches.entries()) {
    if (request.signal?.aborted) throw request.signal.reason ?? new ProviderError('The event extraction was cancelled', true);
    const result = await complete(eventsMessages({ ...request, segments }), { json: true, signal: request.signal });
    usage = addUsage(usage, result.usage);
    request.onProgress?.((index + 1) / batches.length);
    for (const event of parseEvents(result.text)) {
      const key = `${event.title.toLowerCase()}|${event.start_datetime}`;
      if (!seen.has(key)) events.push(event);
      seen.add(key);
    }
  }
  return { events, usage };
}

/** A LanguageModel doing all three tasks through prompts.ts over `complete`. */
export function completionModel(name: string, complete: Complete, limits: () => Limits): LanguageModel {
  return {
    name,
    async summarize(request) {
      const { markdown, usage } = await summarizeLong(request, complete, limits());
      return { markdown, usage };
    },
    extractEvents: (request) => extractEventsLong(request, complete, limits()),
    async answer(request) {
      const result = await complete(chatMessages(request, inputBudget(limits())), { signal: request.signal });
      const text = result.text.trim();
      if (!text) throw new ProviderError('The language model returned an empty answer', true);
      return { text, usage: result.usage };
    },
  };
}
