// Schemas of the tag routes: bodies are strict (an unknown field is a 400); colour, language
// and speaker bounds are checked here. Who may create or change a tag is decided by the rules
// in shared/tags/rules.ts.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { HEX_COLOR } from '../tags/rules.ts';
import { id, oneLine } from './schemas.ts';

export const tagParams = lazySchema(() => z.object({ id: id() }));
export const recordingTagParams = lazySchema(() => z.object({ id: id(), tag_id: id() }));

const positiveId = lazySchema(() => z.number().check(z.int('must be an integer'), z.gte(1, 'must be a positive integer'), z.lte(Number.MAX_SAFE_INTEGER)));
const name = lazySchema(() => z.string().check(oneLine(), z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(100)));
const color = lazySchema(() => z.string().check(z.trim(), z.regex(HEX_COLOR, 'must be a hex colour like "#3b82f6" or "#38f"')));
const prompt = lazySchema(() => z.nullable(z.string().check(z.trim(), z.maxLength(10_000), z.describe('Applied to the summaries of recordings with this tag'))));
const language = lazySchema(() => z.nullable(z.string().check(z.regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code like "en"'))));
const speakers = lazySchema(() => z.nullable(z.number().check(z.int('must be an integer'), z.gte(1, 'must be from 1 to 20'), z.lte(20, 'must be from 1 to 20'))));
const speakerOrder = (b: { default_min_speakers?: number | null; default_max_speakers?: number | null }) =>
  b.default_min_speakers == null || b.default_max_speakers == null || b.default_min_speakers <= b.default_max_speakers;

const DEFAULT_TAG_COLOR = '#3b82f6';

export const createTagBody = lazySchema(() => z
  .strictObject({
    name: name(),
    color: z._default(color(), DEFAULT_TAG_COLOR),
    custom_prompt: z._default(prompt(), null),
    default_language: z._default(language(), null),
    default_min_speakers: z._default(speakers(), null),
    default_max_speakers: z._default(speakers(), null),
    protect_from_deletion: z._default(z.boolean().check(z.describe('Refuse to delete recordings carrying this tag (409)')), false),
    group_id: z._default(z.nullable(positiveId().check(z.describe('A group you administer; null for a personal tag'))), null),
  })
  .check(z.refine(speakerOrder, { message: 'default_min_speakers must not exceed default_max_speakers', path: ['default_min_speakers'] })));
export type CreateTagInput = z.infer<ReturnType<typeof createTagBody>>;

export const updateTagBody = lazySchema(() => z
  .strictObject({
    name: z.optional(name()),
    color: z.optional(color()),
    custom_prompt: z.optional(prompt()),
    default_language: z.optional(language()),
    default_min_speakers: z.optional(speakers()),
    default_max_speakers: z.optional(speakers()),
    protect_from_deletion: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => Object.keys(b).length > 0, 'must name at least one field to change'),
    z.refine(speakerOrder, { message: 'default_min_speakers must not exceed default_max_speakers', path: ['default_min_speakers'] }),
  ));
export type TagPatch = z.infer<ReturnType<typeof updateTagBody>>;

export const addRecordingTagsBody = lazySchema(() => z
  .strictObject({
    tag_ids: z.optional(z.array(positiveId()).check(z.minLength(1, 'give 1 to 100 tag ids'), z.maxLength(100, 'give 1 to 100 tag ids'))),
    tag_id: z.optional(positiveId().check(z.describe('A single tag (legacy form)'))),
  })
  .check(z.refine((b) => b.tag_ids !== undefined || b.tag_id !== undefined, 'give tag_ids (or the legacy tag_id)')));
export type AddRecordingTagsInput = z.infer<ReturnType<typeof addRecordingTagsBody>>;

// Responses (documentation only).
export const tagView = lazySchema(() => z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  is_group_tag: z.boolean(),
  group_id: z.nullable(z.number()),
  custom_prompt: z.nullable(z.string()),
  default_language: z.nullable(z.string()),
  default_min_speakers: z.nullable(z.number()),
  default_max_speakers: z.nullable(z.number()),
  protect_from_deletion: z.boolean(),
  can_edit: z.boolean().check(z.describe('Whether you may change or delete the tag (owner, or a group admin)')),
  created_at: z.string(),
}));
export const tagList = lazySchema(() => z.object({ tags: z.array(tagView()) }));
export const tagUpdated = lazySchema(() => z.object({ success: z.boolean(), tag: tagView() }));
const tagBrief = lazySchema(() => z.object({ id: z.number(), name: z.string(), color: z.string() }));
export const tagsAdded = lazySchema(() => z.object({
  success: z.boolean().check(z.describe('false when some tag ids were refused (see errors)')),
  added_tags: z.array(tagBrief()),
  errors: z.array(z.object({ tag_id: z.number(), error: z.string() })),
}));
