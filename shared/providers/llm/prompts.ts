// The messages real language models get for each task, built in one place (pure). Transcript
// lines read `[mm:ss] [Speaker]: text`; the context block carries what the model cannot know
// (title, meeting date, participants, tags). Also: <think> stripping, a token estimate, and
// tolerant parsing of the events JSON (bad items are dropped, never the whole answer).
import * as z from 'zod/mini';
import { renderSegment, DEFAULT_TEMPLATE } from '../../domain/transcript/template.ts';
import { clockTime, oneLine } from '../../domain/transcript/time.ts';
import { isoInZone } from '../../domain/time-zones.ts';
import type { ChatMessage, ChatRequest, ChatSource, EventsRequest, FoundEvent, Segment, SummaryRequest } from '../types.ts';

export interface LlmMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export type SummaryContext = SummaryRequest['context'];

/** ≈ 4 characters a token: the budget arithmetic needs an estimate, not a tokenizer. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

export const messagesTokens = (messages: readonly LlmMessage[]): number =>
  messages.reduce((sum, m) => sum + estimateTokens(m.content) + 4, 0);

/** Removes `<think>…</think>` blocks, a leading block whose opening tag is missing, and an unclosed one. */
export function stripThinking(text: string): string {
  let out = text.replace(/<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/gi, '');
  const orphanClose = /<\/think(?:ing)?>/i.exec(out);
  if (orphanClose) out = out.slice(orphanClose.index + orphanClose[0].length);
  const unclosed = /<think(?:ing)?>/i.exec(out);
  if (unclosed) out = out.slice(0, unclosed.index);
  return out.trim();
}


export const transcriptLine = (segment: Segment, index: number): string =>
  `[${clockTime(segment.start_time)}] ${renderSegment(DEFAULT_TEMPLATE, segment, index + 1)}`;

const transcriptText = (segments: readonly Segment[]): string => segments.map(transcriptLine).join('\n');

/**
 * When the meeting was, on the recording's clock when its zone is known ("2026-11-19T23:30:00-03:00
 * (America/Sao_Paulo)"): "tomorrow" said that evening is the 20th, which the UTC instant (already
 * the 20th) would make the 21st. A date that is no instant is given as it is.
 */
function meetingWhen(context: SummaryContext): string {
  const ms = Date.parse(context.meetingDate);
  if (!context.timeZone || Number.isNaN(ms)) return oneLine(context.meetingDate);
  return oneLine(`${isoInZone(ms, context.timeZone)} (${context.timeZone})`);
}

export function contextBlock(context: SummaryContext & { readonly notes?: string }): string {
  const lines = ['Recording context:', `- Title: ${oneLine(context.title) || '(untitled)'}`, `- Meeting date: ${meetingWhen(context) || 'unknown'}`];
  if (context.participants?.trim()) lines.push(`- Participants: ${oneLine(context.participants)}`);
  const tags = (context.tagNames ?? []).map(oneLine).filter(Boolean);
  if (tags.length) lines.push(`- Tags: ${tags.join(', ')}`);
  if (context.notes?.trim()) lines.push(`- Notes by the user:\n${context.notes.trim()}`);
  return lines.join('\n');
}

const MARKDOWN = 'Write the answer in Markdown, in the language of the transcript, with no preamble.';

export function summaryMessages(request: Pick<SummaryRequest, 'segments' | 'prompt' | 'context'>): LlmMessage[] {
  return [
    { role: 'system', content: `${request.prompt.trim()}\n\n${contextBlock(request.context)}\n\n${MARKDOWN}` },
    { role: 'user', content: `Transcript (lines read [time] [Speaker]: text):\n\n${transcriptText(request.segments)}` },
  ];
}

/** A part of a long transcript; `segments` keep their timing, `offset` is the index of the first. */
export function partSummaryMessages(
  part: { readonly segments: readonly Segment[]; readonly offset: number },
  index: number,
  count: number,
  request: Pick<SummaryRequest, 'prompt' | 'context'>,
): LlmMessage[] {
  const system = [
    `The transcript of this meeting is too long for one request, so it comes in ${count} consecutive parts.`,
    `Summarise this part ${index + 1} of ${count} as thorough notes. Keep every decision, every action item with its owner and due date, every date, deadline and appointment, and the main points with who made them. Do not invent anything; do not comment on the part being partial.`,
    `The notes of all parts will later be combined into one summary written to these instructions:\n"""\n${request.prompt.trim()}\n"""`,
    contextBlock(request.context),
  ].join('\n\n');
  const lines = part.segments.map((segment, i) => transcriptLine(segment, part.offset + i));
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Part ${index + 1} of ${count} of the transcript:\n\n${lines.join('\n')}` },
  ];
}

/** Combines part summaries; `final` follows the winning prompt, otherwise it merges into notes again. */
export function combineMessages(summaries: readonly string[], request: Pick<SummaryRequest, 'prompt' | 'context'>, final: boolean): LlmMessage[] {
  const system = final
    ? `${request.prompt.trim()}\n\n${contextBlock(request.context)}\n\nThe meeting was long, so it was summarised in consecutive parts. Combine these part summaries into one summary following the instructions above; keep every decision, action item (owner, due date) and date they mention. ${MARKDOWN}`
    : `Combine these notes on consecutive parts of one long meeting into one set of notes. Keep every decision, action item with owner and due date, and date; drop only repetition.\n\n${contextBlock(request.context)}`;
  const body = summaries.map((text, i) => `## Part ${i + 1} of ${summaries.length}\n\n${text.trim()}`).join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: body },
  ];
}

export function eventsMessages(request: Pick<EventsRequest, 'segments' | 'summary' | 'context'>): LlmMessage[] {
  const system = [
    'You find calendar events in a meeting transcript. Answer with one JSON object and nothing else:',
    '{"events":[{"title":"…","start_datetime":"YYYY-MM-DDTHH:MM:SS","end_datetime":"YYYY-MM-DDTHH:MM:SS","description":"…","location":"…"}]}',
    `The meeting took place on ${meetingWhen(request.context) || 'an unknown date'}. Resolve relative dates ("tomorrow", "next Friday", "in two weeks") against that meeting date, not today.`,
    'Include only explicit future appointments, meetings and deadlines that the speakers agree on or announce. Leave out past events, vague intentions ("we should meet sometime") and general discussion.',
    `Datetimes have no offset: they are wall-clock times in the ${oneLine(request.context.timeZone ?? '') || 'UTC'} time zone, the recording's. When no time is said, start at 09:00; when no end is said, the event lasts one hour. Title: short (under 200 characters). Description: who and what, from the transcript. Location: as said, or "".`,
    'When there are no such events, answer {"events":[]}.',
    contextBlock(request.context),
  ].join('\n\n');
  const summary = request.summary.trim() ? `Summary of the meeting:\n\n${request.summary.trim()}\n\n` : '';
  return [
    { role: 'system', content: system },
    { role: 'user', content: `${summary}Transcript:\n\n${transcriptText(request.segments)}` },
  ];
}

const sourceLine = (s: ChatSource): string =>
  `[${s.segment_index}] [${clockTime(s.start_time)}–${clockTime(s.end_time)}] ${oneLine(s.speaker)}: ${oneLine(s.text)}`;

/** History as the API received it, reduced to alternating user/assistant turns that end before the question. */
function validHistory(history: readonly unknown[] | undefined): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const item of Array.isArray(history) ? history : []) {
    if (!item || typeof item !== 'object') continue;
    const { role, content } = item as { role?: unknown; content?: unknown };
    if ((role !== 'user' && role !== 'assistant') || typeof content !== 'string' || !content.trim()) continue;
    const last = out.at(-1);
    if (last?.role === role) out[out.length - 1] = { role, content: `${last.content}\n\n${content.trim()}` };
    else if (out.length > 0 || role === 'user') out.push({ role, content: content.trim() });
  }
  if (out.at(-1)?.role === 'user') out.pop();
  return out;
}

/** System (context + sources), then as much recent history as fits `budgetTokens`, then the question. */
export function chatMessages(request: Pick<ChatRequest, 'question' | 'history' | 'sources' | 'context' | 'scope' | 'listing'>, budgetTokens = Infinity): LlmMessage[] {
  const sources = request.sources.length ? request.sources.map(sourceLine).join('\n') : '(no passages were found for this question)';
  const system = [
    request.scope === 'library' ? "You answer questions across the user's recorded meetings; each passage names the recording it comes from." : 'You answer questions about one recorded meeting.',
    contextBlock(request.context),
    `Transcript passages (lines read [index] [start–end] Speaker: text):\n${sources}`,
    'Answer only from these passages and the context above. Cite the passages you use as [index]. If they do not contain the answer, say so plainly instead of guessing. Answer in the language of the question.',
    ...(request.listing ? ['Each passage gives one of the things asked for: list every one of them, each with its citation.'] : []),
  ].join('\n\n');
  const head: LlmMessage = { role: 'system', content: system };
  const question: LlmMessage = { role: 'user', content: request.question.trim() };
  const history = validHistory(request.history);
  let used = messagesTokens([head, question]);
  let keep = history.length;
  while (keep > 0) {
    const cost = messagesTokens([history[keep - 1]!]);
    if (used + cost > budgetTokens) break;
    used += cost;
    keep -= 1;
  }
  const kept = history.slice(keep);
  if (kept[0]?.role === 'assistant') kept.shift();
  return [head, ...kept, question];
}

const eventItem = z.object({
  title: z.string(),
  start_datetime: z.string(),
  end_datetime: z.optional(z.nullable(z.string())),
  description: z.optional(z.nullable(z.string())),
  location: z.optional(z.nullable(z.string())),
});

/** The events in a model's JSON answer; anything malformed is dropped item by item. */
export function parseEvents(text: string): FoundEvent[] {
  const raw = jsonIn(stripThinking(text));
  const list: unknown = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? (raw as { events?: unknown }).events : undefined;
  if (!Array.isArray(list)) return [];
  const events: FoundEvent[] = [];
  for (const item of list) {
    const parsed = eventItem.safeParse(item);
    if (!parsed.success) continue;
    const title = oneLine(parsed.data.title).slice(0, 200);
    const start = naiveDatetime(parsed.data.start_datetime, 9);
    if (!title || !start) continue;
    let end = parsed.data.end_datetime ? naiveDatetime(parsed.data.end_datetime, start.hour + 1) : undefined;
    if (!end || end.ms <= start.ms) end = fromMs(start.ms + 3_600_000, start.zone);
    events.push({
      title,
      start_datetime: start.text,
      end_datetime: end.text,
      description: (parsed.data.description ?? '').trim(),
      location: oneLine(parsed.data.location ?? '').slice(0, 500),
    });
  }
  return events;
}

function jsonIn(text: string): unknown {
  const candidates = [text, text.replace(/^```(?:json)?\s*|\s*```$/g, '')];
  const first = text.search(/[[{]/);
  const last = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

interface Moment {
  readonly text: string;
  readonly ms: number;
  readonly hour: number;
  readonly zone: string;
}

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** A date or datetime as `YYYY-MM-DDTHH:MM:SS` (plus its zone when one was given); a bare date gets `defaultHour`. */
function naiveDatetime(value: string, defaultHour: number): Moment | undefined {
  const m = DATETIME.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, s] = m[4] === undefined ? [Math.min(defaultHour, 23), 0, 0] : [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return fromMs(ms, m[7] ? m[7].toUpperCase() : '');
}

function fromMs(ms: number, zone: string): Moment {
  const text = new Date(ms).toISOString().slice(0, 19) + zone;
  return { text, ms, hour: new Date(ms).getUTCHours(), zone };
}
