// The data each event type carries (spec: Events), taken from the recording as the change
// left it, so an event always describes the state it was committed with.

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

export function eventData(type: string, r: EventSubject, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const base = { recording_id: r.id, title: r.title };
  switch (type) {
    case 'recording.created':
      return { ...base, file_size: r.file_size, original_filename: r.original_filename, ...extra };
    case 'recording.transcription.completed':
      return { ...base, language: r.language, audio_duration_seconds: r.audio_duration_seconds, transcription_duration_seconds: r.transcription_duration_seconds, ...extra };
    case 'recording.summary.completed':
      return { ...base, summarization_duration_seconds: r.summarization_duration_seconds, ...extra };
    case 'recording.transcription.failed':
    case 'recording.summary.failed':
      return { ...base, error: r.error_message, ...extra };
    default:
      return { ...base, ...extra };
  }
}
