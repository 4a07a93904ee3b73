// What the configured speech engine can do: a client asks before it uploads (languages,
// speakers, word timings, size limits) instead of finding out from the transcript.
import * as z from 'zod/mini';
import { lazySchema } from '../http/lazy-schema.ts';
import type { Capabilities } from '../providers/capabilities.ts';
import type { RouteSpec } from './spec.ts';

const transcriptionCapabilities = lazySchema(() => z.object({
  provider: z.string().check(z.describe('ASR_PROVIDER: local, openai, whisperx or aws-transcribe')),
  model: z.string(),
  diarization: z.boolean().check(z.describe('whether segments carry distinct speaker labels')),
  word_timestamps: z.boolean(),
  languages: z.union([z.array(z.string()), z.literal('auto')]).check(z.describe('ISO 639-1 codes the engine understands, or "auto" (it detects the language)')),
  max_upload_mb: z.number().check(z.describe('the largest recording the upload routes accept')),
  chunking: z.object({
    enabled: z.boolean(),
    chunk_seconds: z.number(),
    overlap_seconds: z.number(),
  }),
  custom_prompt: z.boolean().check(z.describe('whether the engine takes a prompt (vocabulary, spelling hints) with the audio')),
  summary_custom_prompt: z.boolean().check(z.describe('whether the summariser applies custom_prompt')),
  max_duration_seconds: z.nullable(z.number()).check(z.describe('the longest recording the engine transcribes, or null for no limit beyond max_upload_mb')),
  engine_note: z.string(),
}));

// The schema describes exactly the report capabilities() builds: each way round must assign.
type Described = z.infer<ReturnType<typeof transcriptionCapabilities>>;
const _capabilitiesMatch: [Described extends Capabilities ? true : never, Capabilities extends Described ? true : never] = [true, true];

export const transcriptionRoutes = {
  'GET /transcription': {
    handler: 'transcription/get',
    summary: 'What the configured speech engine offers: model, languages, speakers, word timestamps, prompts, upload limit, chunking',
    description:
      'Told truthfully for the active engines (ASR_PROVIDER, LLM_PROVIDER). A request asking for what the engine cannot do is refused with 400 and the reason: for example language=de with the offline engine.',
    tag: 'Transcription',
    rateClass: 'read',
    auth: 'token',
    responses: { 200: { description: 'The capability report', schema: transcriptionCapabilities } },
  },
} as const satisfies Record<string, RouteSpec>;
