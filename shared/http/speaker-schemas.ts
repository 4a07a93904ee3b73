// Schemas of the speaker routes: bodies are strict (an unknown field is a 400); labels in a
// speaker map are checked against the recording by the rules in shared/speakers/assign.ts.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { id, oneLine } from './schemas.ts';

export const speakerParams = lazySchema(() => z.object({ id: id() }));

const name = lazySchema(() => z.string().check(oneLine(), z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(100)));

export const speakerNameBody = lazySchema(() => z.strictObject({ name: name() }));

const THRESHOLD_HINT = 'must be a number from 0 to 100';
export const recordingSpeakersQuery = lazySchema(() => z.object({
  threshold: z._default(
    z.pipe(z.string().check(z.regex(/^\d{1,3}(\.\d{1,6})?$/, THRESHOLD_HINT)), z.pipe(z.transform(Number), z.number().check(z.gte(0, THRESHOLD_HINT), z.lte(100, THRESHOLD_HINT)))).check(z.describe('Lowest similarity (0..100) a suggestion needs')),
    60,
  ),
}));

const LABEL = /^SPEAKER_\d+$/;

const target = lazySchema(() => z.union([
  name(),
  z.null(),
  z.strictObject({ name: name(), isMe: z.optional(z.boolean().check(z.describe('Accepted for Speakr clients; ignored'))) }),
  z.strictObject({ speaker_id: z.number().check(z.int('must be a positive integer'), z.gte(1, 'must be a positive integer')) }),
]));
export type SpeakerTarget = z.infer<ReturnType<typeof target>>;

export const assignBody = lazySchema(() => z.strictObject({
  speaker_map: z
    .record(z.string().check(z.regex(LABEL, 'keys must be speaker labels like SPEAKER_00')), target())
    .check(
      z.refine((map) => Object.keys(map).length > 0, 'give at least one label'),
      z.refine((map) => Object.keys(map).length <= 100, 'at most 100 labels'),
      z.describe('Label → a name, {name}, {speaker_id} of one of your speakers, or null to put the label back'),
    ),
  regenerate_summary: z._default(z.boolean().check(z.describe('Queue a new summary with the names (409 while the recording is queued or being worked on)')), false),
}));
export type AssignBody = z.infer<ReturnType<typeof assignBody>>;

// Responses (documentation only).
const timestamp = lazySchema(() => z.string().check(z.describe('ISO 8601 UTC timestamp')));

export const speakerView = lazySchema(() => z.object({
  id: z.number(),
  name: z.string(),
  use_count: z.number(),
  last_used: z.nullable(timestamp()),
  confidence_score: z.number().check(z.describe('0..1: how consistent the voice samples are, scaled by how many there are')),
  has_voice_profile: z.boolean(),
  embedding_count: z.number(),
  created_at: timestamp(),
}));

export const speakerList = lazySchema(() => z.object({ speakers: z.array(speakerView()) }));

export const renamedSpeaker = lazySchema(() => z.object({
  success: z.boolean(),
  speaker: speakerView(),
  recordings_updated: z.number().check(z.describe('Recordings rewritten, or queued for rewriting when cascade is "queued"')),
  cascade: z.enum(['done', 'queued']).check(z.describe('"queued" when more than 20 recordings are touched: they are rewritten shortly after')),
}));

const suggestion = lazySchema(() => z.object({
  speaker_id: z.number(),
  name: z.string(),
  similarity: z.number().check(z.describe('Cosine similarity of the voice embeddings × 100, one decimal')),
}));

export const recordingSpeakers = lazySchema(() => z.object({
  speakers: z.array(
    z.object({
      label: z.string().check(z.describe('Diarisation label, SPEAKER_<nn>')),
      identified_name: z.nullable(z.string()),
      speaker_id: z.nullable(z.number()),
      segment_count: z.number(),
    }),
  ),
  suggestions: z.record(z.string(), z.array(suggestion())).check(z.describe('Per label, up to 3 saved speakers whose voice is at least `threshold` similar, best first')),
}));

export const assigned = lazySchema(() => z.object({
  success: z.boolean(),
  recording: z.object({ id: z.number(), title: z.string(), participants: z.string(), status: z.string() }),
  summary_queued: z.boolean(),
  embeddings_updated: z.number().check(z.describe('Voice profiles that took in a sample')),
}));

export const identified = lazySchema(() => z.object({
  success: z.boolean(),
  suggestions: z.record(z.string(), z.string()).check(z.describe('Label → proposed name; nothing is changed')),
}));
