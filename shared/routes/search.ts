// Search and ask across the whole library: hits and sources are moments (a recording, a
// segment, its times and words), so a page can play each from where it was said.
import * as s from '../http/schemas.ts';
import * as q from '../http/search-schemas.ts';
import type { RouteSpec } from './spec.ts';

export const searchRoutes = {
  'GET /search': {
    handler: 'search/get',
    summary: 'Search your recordings: transcript segments, titles, notes and summaries, with the matched words',
    description:
      'Words must all match (words of 5 or more letters tolerate one typo); "exact phrases" must appear as written; budg* matches by prefix. Hits are ranked by relevance (BM25), ties newest first; each says where it matched (field) and gives the character ranges of the matched words (highlights). The index follows changes within moments of them (a queue per user); a deleted recording never appears. Only your own recordings are searched.',
    tag: 'Search',
    rateClass: 'read',
    auth: 'token',
    query: q.searchQuery,
    memoryMb: 1769,
    responses: {
      200: { description: 'A page of hits', schema: q.searchResult },
      400: { description: 'Invalid query (no word in q, per_page over 50, a bad date)', schema: s.errorBody },
    },
  },
  'POST /chat': {
    handler: 'chat/library',
    summary: 'Ask a question across your recordings; the answer cites the transcript segments it used',
    description:
      'The segments most relevant to the message are found across your recordings (optionally only recording_ids, a tag or a date range; for a question for the action items, deadlines or decisions, the segments that give them, newest recordings first) and the language model answers from them, citing [n] for sources[n-1]; without a model (LLM_PROVIDER=local) the answer quotes them with recording, time and speaker. conversation_history roles must be user or assistant. Counts against the monthly token budget: 429 with budget "tokens" and Retry-After when it is used up.',
    tag: 'Search',
    rateClass: 'processing',
    auth: 'token',
    body: q.libraryChatBody,
    memoryMb: 1769,
    responses: {
      200: { description: 'The answer and its sources', schema: q.libraryChatResult },
      400: { description: 'Invalid body (a history role other than user or assistant included)', schema: s.errorBody },
      503: { description: 'The language model could not answer right now (see Retry-After when given)', schema: s.errorBody },
    },
  },
} as const satisfies Record<string, RouteSpec>;
