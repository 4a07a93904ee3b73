// Chat with a recording (decisions §6): the question finds its transcript segments (BM25,
// ./retrieval.ts, imported with the first question: its NLP model is megabytes a cold start
// need not load; a question about the whole recording gets its most central segments; "my" and
// "I" are the asker's voice when one carries the asker's name), the
// language model answers from them, and the answer lists them as its sources. Chat counts against the user's monthly token budget: checked before answering,
// and the tokens the model used are added to the user's usage afterwards.
import { getJson } from '../blob/objects.ts';
import { BadRequestError, ServiceUnavailableError } from '../domain/errors.ts';
import type { ChatBody } from '../http/chat-schemas.ts';
import { languageModel } from '../providers/registry.ts';
import { ProviderError, type ChatRequest, type ChatSource, type Segment } from '../providers/types.ts';
import { checkTokenBudget } from '../store/budgets.ts';
import { getOwnedRecordingWithTexts } from '../store/recordings.ts';
import { addUsage } from '../store/usage.ts';
import { getUser } from '../store/users.ts';
import { recordingTimeZone } from './zone.ts';

export interface ChatAnswer {
  readonly response: string;
  readonly sources: readonly ChatSource[];
}

/** Segments handed to the model (and listed as sources), best first. */
const SOURCES = 5;
/** An answer must come before API Gateway's 29 s limit ends the request. */
const ANSWER_TIMEOUT_MS = 25_000;

const NO_TRANSCRIPT = 'No transcription available';

/** The stored segments; a transcript whose object is gone counts as none. */
async function readSegments(transcriptKey: string | null): Promise<readonly Segment[]> {
  if (!transcriptKey) throw new BadRequestError(NO_TRANSCRIPT);
  try {
    const { segments } = await getJson<{ segments?: Segment[] }>('transcripts/', transcriptKey);
    return Array.isArray(segments) ? segments : [];
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NoSuchKey' || name === 'NotFound') throw new BadRequestError(NO_TRANSCRIPT);
    throw error;
  }
}

/** The asker's name as one of these voices carries it ("my" tasks are that voice's), if any. */
export async function voiceOfAsker(userId: number, voices: readonly string[]): Promise<string | undefined> {
  const name = (await getUser(userId))?.name?.trim().toLowerCase();
  return name ? voices.find((v) => v.trim().toLowerCase() === name) : undefined;
}

export async function chatWithRecording(userId: number, id: number, body: ChatBody): Promise<ChatAnswer> {
  const { recording, texts } = await getOwnedRecordingWithTexts(id, userId);
  const segments = await readSegments(recording.transcript_key);
  await checkTokenBudget(userId);
  const { answerPlan, askedBy, asksForOwn } = await import('./retrieval.ts');
  const self = asksForOwn(body.message) ? await voiceOfAsker(userId, segments.map((s) => s.speaker)) : undefined;
  const { sources, listing } = answerPlan(segments, askedBy(body.message, self), SOURCES);
  const response = await answerFromSources(userId, {
    question: body.message,
    history: body.conversation_history ?? [],
    sources,
    listing,
    context: {
      title: recording.title,
      meetingDate: recording.meeting_date,
      timeZone: await recordingTimeZone(recording),
      participants: recording.participants || undefined,
      notes: texts.notes || undefined,
    },
  });
  return { response, sources };
}

/**
 * The language model's answer from the sources, its tokens added to the user's usage (the
 * caller checked the budget first); provider trouble becomes a 503 the user may read.
 */
export async function answerFromSources(userId: number, request: Omit<ChatRequest, 'signal'>): Promise<string> {
  let answer;
  try {
    answer = await (await languageModel()).answer({ ...request, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  } catch (error) {
    // The provider's message is safe to show (no keys, no raw bodies); its raw error is not.
    if (error instanceof ProviderError) {
      const retryAfter = error.retryAfterSeconds;
      throw new ServiceUnavailableError(`The language model could not answer: ${error.message}`, {}, retryAfter ? { 'Retry-After': String(retryAfter) } : {});
    }
    const name = (error as Error | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ServiceUnavailableError('The language model took too long to answer; try again');
    throw error;
  }
  const { prompt_tokens, completion_tokens } = answer.usage;
  if (prompt_tokens > 0 || completion_tokens > 0) await addUsage(userId, { prompt_tokens, completion_tokens });
  return answer.text;
}
