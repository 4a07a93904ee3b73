// Schemas of the recording and stats routes: query strings arrive as strings and are checked
// and converted here, bodies are strict (an unknown field is a 400), responses document output.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { NOTES_MAX, TITLE_MAX } from '../domain/recordings/limits.ts';
import { STATUSES } from '../domain/recordings/status.ts';
import { dateFrom, dateString, dateTo, intParam } from './param-schemas.ts';
import { oneLine } from './schemas.ts';

const boolParam = lazySchema(() => z.pipe(
  z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }),
  z.transform((v) => v === 'true' || v === '1'),
));

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` });

const positiveId = lazySchema(() => z.number().check(z.int('must be a positive integer'), z.gte(1, 'must be a positive integer'), z.lte(Number.MAX_SAFE_INTEGER)));

const LIST_STATUSES = ['all', 'pending', 'processing', 'completed', 'failed'] as const;
const SORT_FIELDS = ['created_at', 'meeting_date', 'title', 'file_size'] as const;

export const listQuery = lazySchema(() => z.object({
  page: z._default(intParam(1, 1_000_000), 1),
  per_page: z._default(intParam(1, 100), 25),
  status: z._default(oneOf(LIST_STATUSES), 'all'),
  sort_by: z._default(oneOf(SORT_FIELDS), 'created_at'),
  sort_order: z._default(oneOf(['asc', 'desc']), 'desc'),
  date_from: z.optional(dateFrom().check(z.describe('On created_at, inclusive: YYYY-MM-DD or ISO 8601'))),
  date_to: z.optional(dateTo().check(z.describe('On created_at, inclusive: a date alone includes the whole day'))),
  tag_id: z.optional(intParam(1, Number.MAX_SAFE_INTEGER).check(z.describe('A tag you can see'))),
  q: z.optional(z.string().check(z.maxLength(500), z.describe('Case-insensitive substring of the title or the participants'))),
  inbox: z.optional(boolParam()),
  starred: z.optional(boolParam()),
}));
export type ListQuery = z.infer<ReturnType<typeof listQuery>>;

const DETAIL_FIELDS = ['transcription', 'summary', 'notes'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

const includeList = lazySchema(() => z.pipe(
  z.string().check(
    z.refine((v) => v.split(',').every((f) => f.trim() === '' || (DETAIL_FIELDS as readonly string[]).includes(f.trim())), `must list only ${DETAIL_FIELDS.join(', ')}`),
  ),
  z.transform((v) => v.split(',').map((f) => f.trim()).filter(Boolean) as DetailField[]),
));

export const detailQuery = lazySchema(() => z.object({
  format: z._default(oneOf(['full', 'minimal']), 'full'),
  include: z._default(includeList(), [...DETAIL_FIELDS]).check(z.describe('Comma-separated: transcription, summary, notes')),
}));

export const transcriptQuery = lazySchema(() => z.object({
  format: z._default(oneOf(['json', 'text', 'srt', 'vtt']), 'json'),
  download: z._default(boolParam(), false),
}));

export const audioQuery = lazySchema(() => z.object({ download: z._default(boolParam(), false) }));

export const statsQuery = lazySchema(() => z.object({ scope: z._default(oneOf(['user', 'all']), 'user') }));

export const updateRecordingBody = lazySchema(() => z
  .strictObject({
    title: z.optional(z.string().check(oneLine(), z.trim(), z.minLength(1), z.maxLength(TITLE_MAX))),
    participants: z.optional(z.string().check(oneLine(), z.maxLength(2000))),
    notes: z.optional(z.string().check(z.maxLength(NOTES_MAX))),
    summary: z.optional(z.string().check(z.maxLength(NOTES_MAX))),
    // Kept as given: without an offset it is wall-clock time in the recording's zone (recordings/zone.ts).
    meeting_date: z.optional(dateString()),
    is_inbox: z.optional(z.boolean()),
    is_highlighted: z.optional(z.boolean()),
    folder_id: z.optional(z.nullable(positiveId())),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, 'must name at least one field to change')));
export type RecordingPatch = z.infer<ReturnType<typeof updateRecordingBody>>;

export const notesBody = lazySchema(() => z.strictObject({ notes: z.string().check(z.maxLength(NOTES_MAX)) }));
export const summaryBody = lazySchema(() => z.strictObject({ summary: z.string().check(z.maxLength(NOTES_MAX)) }));

const speakers = lazySchema(() => z.optional(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(50)))));
export const transcribeBody = lazySchema(() => z
  .strictObject({
    language: z.optional(z.nullable(z.string().check(z.regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code like "en"')))),
    min_speakers: speakers(),
    max_speakers: speakers(),
  })
  .check(z.refine((b) => b.min_speakers == null || b.max_speakers == null || b.min_speakers <= b.max_speakers, 'min_speakers must not exceed max_speakers')));
export type TranscribeOptions = z.infer<ReturnType<typeof transcribeBody>>;

export const summarizeBody = lazySchema(() => z.strictObject({
  custom_prompt: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(10_000), z.describe('Overrides the tag prompts and your default for this summary'))),
}));

const recordingIds = lazySchema(() => z.array(positiveId()).check(z.minLength(1, 'give 1 to 100 ids'), z.maxLength(100, 'give 1 to 100 ids')));
const tagIds = lazySchema(() => z.optional(z.array(positiveId()).check(z.maxLength(100))));

export const batchIdsBody = lazySchema(() => z.strictObject({ recording_ids: recordingIds() }));
export const batchUpdateBody = lazySchema(() => z.strictObject({
  recording_ids: recordingIds(),
  updates: z
    .strictObject({ is_inbox: z.optional(z.boolean()), is_highlighted: z.optional(z.boolean()), add_tag_ids: tagIds(), remove_tag_ids: tagIds() })
    .check(z.refine((u) => Object.keys(u).length > 0, 'give at least one update')),
}));
export type BatchUpdates = z.infer<ReturnType<typeof batchUpdateBody>>['updates'];

// Responses (documentation only).
const timestamp = lazySchema(() => z.string().check(z.describe('ISO 8601 UTC timestamp')));
const status = lazySchema(() => z.enum(STATUSES));
const tagBrief = lazySchema(() => z.object({ id: z.number(), name: z.string(), color: z.string() }));

const listItem = lazySchema(() => z.object({
  id: z.number(),
  title: z.string(),
  status: status(),
  created_at: timestamp(),
  meeting_date: timestamp(),
  file_size: z.number(),
  original_filename: z.string(),
  participants: z.string(),
  is_inbox: z.boolean(),
  is_highlighted: z.boolean(),
  audio_available: z.boolean(),
  has_transcription: z.boolean(),
  has_summary: z.boolean(),
  error_message: z.nullable(z.string().check(z.describe('Why it FAILED; null otherwise'))),
  tags: z.array(tagBrief()),
  time_zone: z.nullable(z.string().check(z.describe('IANA zone its meeting date and spoken times are read in (the upload\'s time_zone, else yours then); null: recorded before zones, yours applies')),),
}));

export const recordingDetail = lazySchema(() => z.object({
  ...listItem().shape,
  mime_type: z.string(),
  folder_id: z.nullable(z.number()),
  language: z.nullable(z.string()),
  completed_at: z.nullable(timestamp()),
  processing_time_seconds: z.nullable(z.number()),
  audio_duration_seconds: z.nullable(z.number()),
  transcription_engine: z.nullable(z.string().check(z.describe('e.g. "pocketsphinx (rough machine transcript)"'))),
  transcription: z.optional(z.string().check(z.describe("Rendered with your default transcript template"))),
  summary: z.optional(z.string().check(z.describe('Markdown'))),
  notes: z.optional(z.string()),
}));

export const recordingList = lazySchema(() => z.object({
  recordings: z.array(listItem()),
  pagination: z.object({ page: z.number(), per_page: z.number(), total: z.number(), total_pages: z.number(), has_next: z.boolean(), has_prev: z.boolean() }),
}));

export const processingStatus = lazySchema(() => z.object({
  id: z.number(),
  status: status(),
  queue_position: z.nullable(z.number()).check(z.describe('1-based among PENDING recordings; 0 while working; null when done')),
  error_message: z.nullable(z.string()),
  completed_at: z.nullable(timestamp()),
  progress: z.nullable(z.number().check(z.gte(0), z.lte(100), z.describe('Percent of the job done so far (0 to 100): of the audio transcribed while PROCESSING, of the summary steps while SUMMARIZING; updated every few seconds; null otherwise or while the engine cannot tell'))),
  eta_seconds: z.nullable(z.number().check(z.describe('Seconds the job should still take at its pace so far, while PROCESSING or SUMMARIZING; null until some of it is done'))),
}));

const transcriptWord = lazySchema(() => z.object({
  word: z.string(),
  start: z.number().check(z.describe('Seconds from the start of the recording')),
  end: z.number(),
  confidence: z.number().check(z.gte(0), z.lte(1), z.describe("The engine's confidence in the word, 0 to 1")),
}));

export const transcriptResult = lazySchema(() => z.object({
  format: z.enum(['json', 'text', 'srt', 'vtt']),
  segments: z.optional(
    z.array(
      z.object({
        speaker: z.string(),
        sentence: z.string(),
        start_time: z.number(),
        end_time: z.number(),
        words: z.optional(z.array(transcriptWord()).check(z.describe('The words with their timings, present only when the engine gave them'))),
      }),
    ),
  ),
  content: z.optional(z.string()),
}));

export const queuedResult = lazySchema(() => z.object({ success: z.boolean(), id: z.number(), status: status(), message: z.string() }));

const batchResults = lazySchema(() => z.array(z.object({ id: z.number(), success: z.boolean(), error: z.optional(z.string()) })));
const batchResult = (count: string) =>
  z.object({ success: z.boolean().check(z.describe('true when every item succeeded')), [count]: z.number(), failed: z.number(), results: batchResults() });
export const batchUpdated = lazySchema(() => batchResult('updated'));
export const batchDeleted = lazySchema(() => batchResult('deleted'));
export const batchQueued = lazySchema(() => batchResult('queued'));

export const statistics = lazySchema(() => z.object({
  recordings: z.object({ total: z.number(), completed: z.number(), processing: z.number(), pending: z.number(), failed: z.number() }),
  storage: z.object({ used_bytes: z.number(), used_human: z.string() }),
  queue: z.object({ jobs_queued: z.number(), jobs_processing: z.number() }),
  tokens: z.object({ used_this_month: z.number(), budget: z.number(), percentage: z.number() }),
  transcription: z.object({
    used_this_month_seconds: z.number(),
    used_this_month_minutes: z.number(),
    budget_seconds: z.number(),
    budget_minutes: z.number(),
    percentage: z.number(),
    estimated_cost: z.number(),
  }),
  activity: z.object({ recordings_today: z.number(), last_transcription: z.nullable(timestamp()) }),
  users: z.optional(z.object({ total: z.number(), active: z.number() }).check(z.describe('scope=all only'))),
}));
