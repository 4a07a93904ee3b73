// Schemas shared by route rows: request shapes validate input, response shapes document output
// in the OpenAPI description.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { lineProblem } from '../domain/text.ts';

/** One line of text: no line breaks, other control characters or bidirectional overrides (titles, names, file names). */
export const oneLine = () => z.superRefine<string>((v, ctx) => {
  const problem = lineProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
});

/** Integer ids arrive as path strings; anything but a plain positive integer is a 400. */
export const id = lazySchema(() => z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,14}$/, 'must be a positive integer')),
  z.transform((v) => Number(v)),
));

const timestamp = lazySchema(() => z.string().check(z.describe('ISO 8601 UTC timestamp')));

/**
 * An IANA time zone name such as "Europe/Berlin" (any letter case; stored in its canonical
 * spelling). The check needs the Temporal polyfill, loaded when a request first names a zone
 * rather than at every function's cold start: the refinement is async, so a schema holding it
 * is parsed with safeParseAsync (as middleware/input.ts parses every request).
 */
const timeZone = lazySchema(() => z.string().check(
  z.refine(async (v) => (await import('../domain/time-zones.ts')).canonicalTimeZone(v) !== undefined, 'must be an IANA time zone name like "Europe/Berlin" or "UTC"'),
  z.describe('IANA time zone name, e.g. "Europe/Berlin"'),
));
const nullableTimestamp = lazySchema(() => z.nullable(timestamp()));

export const errorBody = lazySchema(() => z.object({
  error: z.string(),
  code: z.string(),
  request_id: z.string(),
  details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
}));

export const profile = lazySchema(() => z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  created_at: timestamp(),
  groups: z.array(z.object({ group_id: z.number(), group_name: z.string(), role: z.enum(['admin', 'member']) })),
  settings: z.object({
    transcript_template: z.string().check(z.describe('Line format of text transcripts: {{index}}, {{speaker}}, {{text}}, {{start_time}}, {{end_time}}; filters |upper, |srt')),
    auto_summarize: z.boolean().check(z.describe('Summarise each recording after transcription')),
    language: z.nullable(z.string()),
    summary_prompt: z.nullable(z.string()),
    time_zone: z.string().check(z.describe('IANA time zone (default UTC): spoken times in your recordings, such as "next Tuesday at 3 pm", are read in it')),
  }),
}));

export const updateProfileBody = lazySchema(() => z.strictObject({
  name: z.optional(z.string().check(oneLine(), z.trim(), z.minLength(1), z.maxLength(200))),
  transcript_template: z.optional(z.string().check(z.minLength(1), z.maxLength(2000))),
  auto_summarize: z.optional(z.boolean()),
  language: z.optional(z.nullable(z.string().check(z.regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code like "en"')))),
  summary_prompt: z.optional(z.nullable(z.string().check(z.maxLength(10_000)))),
  time_zone: z.optional(timeZone()),
}));

export const tokenView = lazySchema(() => z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(['active', 'expired', 'revoked']),
  created_at: timestamp(),
  last_used_at: nullableTimestamp(),
  expires_at: z.nullable(timestamp()).check(z.describe('null: the token never expires')),
  revoked_at: nullableTimestamp(),
}));

const tokenName = lazySchema(() => z.string().check(oneLine(), z.trim(), z.minLength(1), z.maxLength(100)));

export const createTokenBody = lazySchema(() => z.strictObject({
  name: tokenName(),
  expires_in_days: z._default(z.union([z.literal(0), z.literal(30), z.literal(90), z.literal(365)], { error: 'must be one of 0 (never), 30, 90 or 365' }), 0),
}));

export const renameTokenBody = lazySchema(() => z.strictObject({ name: tokenName() }));

export const createdToken = lazySchema(() => z.object({
  success: z.boolean(),
  token: z.string().check(z.describe('The secret; shown only in this response')),
  ...tokenView().shape,
}));

export const uploadForm = lazySchema(() => z.object({
  file: z.string().check(z.describe('The audio or video file (binary)')),
  notes: z.optional(z.string()),
  title: z.optional(z.string().check(z.describe('Defaults to the file name without its extension'))),
  meeting_date: z.optional(z.string().check(z.describe('ISO 8601; defaults to file_last_modified, then now'))),
  file_last_modified: z.optional(z.string().check(z.describe('Milliseconds since the epoch'))),
  language: z.optional(z.string().check(z.describe('ISO 639-1 hint'))),
  min_speakers: z.optional(z.string()),
  max_speakers: z.optional(z.string()),
  'tag_ids[0]': z.optional(z.string().check(z.describe('Tag ids as indexed fields: tag_ids[0], tag_ids[1], …'))),
  tag_id: z.optional(z.string().check(z.describe('A single tag id (legacy)'))),
}));

export const uploadResult = lazySchema(() => z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(['PENDING', 'PROCESSING', 'SUMMARIZING', 'COMPLETED', 'FAILED']),
  created_at: timestamp(),
  meeting_date: timestamp(),
  file_size: z.number(),
  original_filename: z.string(),
  mime_type: z.string(),
  notes: z.string(),
  duplicate_warning: z.optional(z.object({ existing_recording_id: z.number(), message: z.string() })),
}));

const formValue = lazySchema(() => z.union([z.string(), z.number()]));

export const declareUploadBody = lazySchema(() => z.strictObject({
  filename: z.string().check(oneLine(), z.minLength(1), z.maxLength(255)),
  size: z.number().check(z.int(), z.gte(1)),
  content_type: z.string().check(z.minLength(3), z.maxLength(255)),
  notes: z.optional(z.string()),
  title: z.optional(z.string().check(oneLine(), z.maxLength(300))),
  meeting_date: z.optional(z.string()),
  file_last_modified: z.optional(formValue()),
  language: z.optional(z.string()),
  time_zone: z.optional(z.string().check(z.describe('IANA zone the spoken times are read in (default: yours)'))),
  min_speakers: z.optional(formValue()),
  max_speakers: z.optional(formValue()),
  tag_ids: z.optional(z.array(z.number().check(z.int())).check(z.maxLength(100))),
  tag_id: z.optional(z.number().check(z.int())),
}));

export const uploadPlan = lazySchema(() => z.object({
  upload_id: z.string(),
  method: z.enum(['PUT', 'MULTIPART']).check(z.describe('PUT: send the whole file to url. MULTIPART: PUT each part_size slice to its part url, keep each ETag')),
  url: z.optional(z.string()),
  headers: z.optional(z.record(z.string(), z.string())),
  part_size: z.optional(z.number()),
  parts: z.optional(z.array(z.object({ part_number: z.number(), url: z.string() }))),
  expires_at: timestamp(),
}));

export const completeUploadBody = lazySchema(() => z.strictObject({
  parts: z.optional(z.array(z.strictObject({ part_number: z.number().check(z.int(), z.gte(1), z.lte(10000)), etag: z.string().check(z.minLength(1)) })).check(z.minLength(1), z.maxLength(10000))),
}));
