// Chat with a recording: questions answered from its transcript, with the segments used.
import * as z from 'zod/mini';
import * as c from '../http/chat-schemas.ts';
import * as s from '../http/schemas.ts';
import type { RouteSpec } from './spec.ts';

export const chatRoutes = {
  'POST /recordings/{id}/chat': {
    handler: 'recordings/chat',
    summary: 'Ask a question about a recording; the answer lists the transcript segments it used',
    description:
      'The segments most relevant to the message are found in the transcript (BM25) and the language model answers from them; without a model (LLM_PROVIDER=local) the answer quotes them with time and speaker. conversation_history roles must be user or assistant. Counts against the monthly token budget: 429 with budget "tokens" and Retry-After when it is used up. 400 when the recording has no transcript.',
    tag: 'Recordings',
    rateClass: 'processing',
    auth: 'token',
    params: () => z.object({ id: s.id() }),
    body: c.chatBody,
    responses: {
      200: { description: 'The answer and its sources', schema: c.chatResult },
      400: { description: 'Invalid body (a history role other than user or assistant included), or the recording has no transcript', schema: s.errorBody },
      503: { description: 'The language model could not answer right now (see Retry-After when given)', schema: s.errorBody },
    },
  },
} as const satisfies Record<string, RouteSpec>;
