// Schemas of the chat route: the body is strict (an unknown field is a 400) and a history
// message may only be the user's or the assistant's (decisions §6): a client cannot slip a
// `system` message in, as Speakr let it.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';

const MAX_MESSAGE_CHARS = 4000;
const MAX_HISTORY_MESSAGES = 50;
const MAX_HISTORY_CONTENT_CHARS = 20_000;

const ROLE_HINT = 'must be "user" or "assistant"';

const chatMessage = lazySchema(() => z.strictObject({
  role: z.enum(['user', 'assistant'], { error: ROLE_HINT }),
  content: z.string().check(z.maxLength(MAX_HISTORY_CONTENT_CHARS)),
}));

export const chatBody = lazySchema(() => z.strictObject({
  message: z.string().check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(MAX_MESSAGE_CHARS),
    z.describe('The question about the recording'),
  ),
  conversation_history: z.optional(
    z.array(chatMessage()).check(z.maxLength(MAX_HISTORY_MESSAGES), z.describe('Earlier turns of this conversation, oldest first; roles user or assistant only')),
  ),
}));
export type ChatBody = z.infer<ReturnType<typeof chatBody>>;

// Responses (documentation only).
const chatSource = lazySchema(() => z.object({
  segment_index: z.number().check(z.describe('Position of the segment in the transcript (0-based)')),
  speaker: z.string(),
  start_time: z.number().check(z.describe('Seconds from the start of the recording')),
  end_time: z.number(),
  text: z.string(),
}));

export const chatResult = lazySchema(() => z.object({
  response: z.string(),
  sources: z.array(chatSource()).check(z.describe('The transcript segments the answer was built from, best first; empty when nothing in the recording matched')),
}));
