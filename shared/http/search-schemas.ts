// Schemas of library search and library chat. Query strings arrive as strings and are checked
// and converted here; the chat body is strict like the recording chat's.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { STATUSES } from '../domain/recordings/status.ts';
import { chatBody } from './chat-schemas.ts';
import { dateFrom, dateTo, intParam } from './param-schemas.ts';

const MAX_QUERY_CHARS = 500;
const MAX_PER_PAGE = 50;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses control characters and ill-formed Unicode (lone surrogates). */
const plainText = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((v) => !LONE_SURROGATE.test(v) && !/\p{Cc}/u.test(v), 'must not contain control characters or ill-formed Unicode'),
  );

const filters = lazySchema(() => ({
  tag_id: z.optional(intParam(1, Number.MAX_SAFE_INTEGER).check(z.describe('Only recordings carrying this tag'))),
  speaker: z.optional(plainText(200).check(z.describe('Only transcript segments of this speaker (name or label, case-insensitive)'))),
  date_from: z.optional(dateFrom().check(z.describe('On the meeting date, inclusive: YYYY-MM-DD or ISO 8601'))),
  date_to: z.optional(dateTo().check(z.describe('On the meeting date, inclusive: a date alone includes the whole day'))),
}));

export const searchQuery = lazySchema(() => z.object({
  q: plainText(MAX_QUERY_CHARS).check(
    z.refine((v) => /[\p{L}\p{N}]/u.test(v), 'must contain a word'),
    z.describe('Words (all must match; words of 5+ letters tolerate one typo), "exact phrases" and prefixes (budg*)'),
  ),
  ...filters(),
  status: z.optional(z.enum(STATUSES, { error: `must be one of ${STATUSES.join(', ')}` })),
  page: z._default(intParam(1, 10_000), 1),
  per_page: z._default(intParam(1, MAX_PER_PAGE), 20),
}));
export type SearchQuery = z.infer<ReturnType<typeof searchQuery>>;

const idList = lazySchema(() => z.array(z.number().check(z.int(), z.gte(1), z.lte(Number.MAX_SAFE_INTEGER))).check(z.maxLength(100)));

export const libraryChatBody = lazySchema(() => z.strictObject({
  ...chatBody().shape,
  recording_ids: z.optional(idList().check(z.describe('Only these recordings (up to 100)'))),
  tag_id: z.optional(z.number().check(z.int(), z.gte(1), z.lte(Number.MAX_SAFE_INTEGER), z.describe('Only recordings carrying this tag'))),
  date_from: filters().date_from,
  date_to: filters().date_to,
}));
export type LibraryChatBody = z.infer<ReturnType<typeof libraryChatBody>>;

// Responses (documentation only).
const searchHit = lazySchema(() => z.object({
  recording_id: z.number(),
  title: z.string(),
  field: z.enum(['transcript', 'title', 'notes', 'summary']).check(z.describe('Where the words matched: a transcript segment, or a paragraph of the title, notes or summary')),
  segment_index: z.number().check(z.describe('Position of the segment in the transcript, or of the paragraph in its field (0-based)')),
  speaker: z.nullable(z.string()),
  start_time: z.nullable(z.number().check(z.describe('Seconds from the start of the recording; null outside the transcript'))),
  end_time: z.nullable(z.number()),
  text: z.string(),
  highlights: z.array(z.tuple([z.number(), z.number()])).check(z.describe('[start, end) character ranges of the matched words in text')),
  score: z.number(),
  meeting_date: z.string(),
  time_zone: z.nullable(z.string()).check(z.describe("The IANA zone the recording's dates are read in; null for one made before zones, read in its owner's")),
}));

export const searchResult = lazySchema(() => z.object({
  query: z.string(),
  hits: z.array(searchHit()),
  pagination: z.object({ page: z.number(), per_page: z.number(), total: z.number(), total_pages: z.number(), has_next: z.boolean(), has_prev: z.boolean() }),
}));

export const libraryChatResult = lazySchema(() => z.object({
  response: z.string().check(z.describe('The answer; citations [n] refer to sources[n-1]')),
  sources: z.array(searchHit()).check(z.describe('The passages the answer was built from, best first')),
}));
