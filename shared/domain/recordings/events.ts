// The data each event type carries (spec: Events), taken from the recording as the change
// left it, so an event always describes the state it was committed with. The fields of each
// type are its entry in the event catalogue (domain/webhooks/catalogue.ts).
import type { EventData, RecordingEventType } from '../webhooks/catalogue.ts';

export interface EventSubject {
  readonly id: number;
  readonly title: string;
  readonly file_size?: number;
  readonly original_filename?: string;
  readonly language?: string | null;
  readonly audio_duration_seconds?: number | null;
  readonly transcription_duration_seconds?: number | null;
  readonly summarization_duration_seconds?: number | null;
  readonly error_message?: string | null;
}

type Base = { readonly recording_id: number; readonly title: string };

/**
 * Each recording event's own fields beyond the recording's id and title (the change's `extra`,
 * such as fields_changed, comes on top). A mapped type: a catalogue entry without its
 * builder here fails the typecheck.
 */
const builders: { readonly [T in RecordingEventType]: (r: EventSubject) => Omit<EventData<T>, keyof Base | 'events_count' | 'fields_changed'> } = {
  'recording.created': (r) => ({ file_size: r.file_size, original_filename: r.original_filename }),
  'recording.transcription.started': () => ({}),
  'recording.transcription.completed': (r) => ({ language: r.language, audio_duration_seconds: r.audio_duration_seconds, transcription_duration_seconds: r.transcription_duration_seconds }),
  'recording.transcription.failed': (r) => ({ error: r.error_message }),
  'recording.summary.completed': (r) => ({ summarization_duration_seconds: r.summarization_duration_seconds }),
  'recording.summary.failed': (r) => ({ error: r.error_message }),
  'recording.events.extracted': () => ({}),
  'recording.updated': () => ({}),
  'recording.deleted': () => ({}),
};

export function eventData(type: RecordingEventType, r: EventSubject, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Base = { recording_id: r.id, title: r.title };
  return { ...base, ...builders[type](r), ...extra };
}
