// The event catalogue (spec: Events): every event type with what it means and the zod schema
// of its `data`, as a function: the schemas document the envelopes and type the builders, and
// no function sending events parses with them, so none builds them at cold start. The webhook event list, the OpenAPI x-webhooks section, the event data
// builder (domain/recordings/events.ts) and the README table all come from here; adding an
// event type is one entry, and a builder left without it fails the typecheck.
import * as z from 'zod/mini';

const subject = () => ({ recording_id: z.number(), title: z.string() });
const seconds = () => z.optional(z.nullable(z.number()));
const failure = () => z.object({ ...subject(), error: z.optional(z.nullable(z.string())) });

export const EVENT_CATALOGUE = {
  'recording.created': {
    summary: 'a recording was uploaded and accepted',
    data: () => z.object({ ...subject(), file_size: z.optional(z.number()), original_filename: z.optional(z.string()) }),
  },
  'recording.transcription.started': { summary: 'a worker began transcribing', data: () => z.object(subject()) },
  'recording.transcription.completed': {
    summary: 'the transcript is stored',
    data: () => z.object({ ...subject(), language: z.optional(z.nullable(z.string())), audio_duration_seconds: seconds(), transcription_duration_seconds: seconds() }),
  },
  'recording.transcription.failed': { summary: 'transcription failed for good (`error` says why)', data: failure },
  'recording.summary.completed': { summary: 'the summary is stored', data: () => z.object({ ...subject(), summarization_duration_seconds: seconds() }) },
  'recording.summary.failed': { summary: 'summarising failed for good (`error` says why)', data: failure },
  'recording.events.extracted': { summary: 'calendar events were found in the summary', data: () => z.object({ ...subject(), events_count: z.number() }) },
  'recording.updated': { summary: 'fields of the recording changed (`fields_changed` lists them)', data: () => z.object({ ...subject(), fields_changed: z.array(z.string()) }) },
  'recording.deleted': { summary: 'the recording and its files were deleted', data: () => z.object(subject()) },
  'webhook.test': { summary: 'sent by `POST /webhooks/{id}/test`', data: () => z.object({ reason: z.string(), webhook_id: z.number() }) },
} as const satisfies Record<string, { readonly summary: string; readonly data: () => z.ZodMiniObject }>;

export type EventType = keyof typeof EVENT_CATALOGUE;
export type EventData<T extends EventType> = z.infer<ReturnType<(typeof EVENT_CATALOGUE)[T]['data']>>;
/** The events a recording's own changes commit (webhook.test is sent by hand). */
export type RecordingEventType = Exclude<EventType, 'webhook.test'>;

export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as EventType[];
