// The API's shapes of a recording (spec: Recording list item, detail, upload result,
// processing status).
import { wellFormed } from '../domain/text.ts';
import type { ListEntry } from '../store/list-index.ts';
import type { Recording } from '../store/recordings.ts';
import { progressView } from '../domain/recordings/progress.ts';
import type { TagBrief } from '../store/tags.ts';

export interface UploadResult {
  readonly id: number;
  readonly title: string;
  readonly status: string;
  readonly created_at: string;
  readonly meeting_date: string;
  readonly file_size: number;
  readonly original_filename: string;
  readonly mime_type: string;
  readonly notes: string;
  readonly duplicate_warning?: { existing_recording_id: number; message: string };
}

/** The fields every shape of a recording starts with. */
function essentials(r: ListEntry) {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    created_at: r.created_at,
    meeting_date: r.meeting_date,
    file_size: r.file_size,
    original_filename: r.original_filename,
  };
}

export function uploadResult(r: Recording, notes: string, duplicateOf?: number): UploadResult {
  return {
    ...essentials(r),
    mime_type: r.mime_type,
    notes,
    ...(duplicateOf !== undefined && duplicateOf !== r.id
      ? { duplicate_warning: { existing_recording_id: duplicateOf, message: 'You already uploaded a file with identical content' } }
      : {}),
  };
}

export function listItem(r: ListEntry, tags: readonly TagBrief[]) {
  return {
    ...essentials(r),
    participants: r.participants,
    is_inbox: r.is_inbox,
    is_highlighted: r.is_highlighted,
    audio_available: r.audio_key !== null,
    has_transcription: r.transcript_key !== null,
    has_summary: r.has_summary,
    // Entries written before the list carried it have none: the recording's page still says why.
    error_message: r.error_message ?? null,
    tags: r.tag_ids.flatMap((id) => tags.filter((t) => t.id === id)),
    // Entries written before the list carried it have none; the owner's zone applies, as for
    // recordings made before zones.
    time_zone: r.time_zone ?? null,
  };
}

export function processingStatus(r: Recording, queuePosition: number | null, now = Date.now()) {
  return {
    id: r.id,
    status: r.status,
    queue_position: queuePosition,
    error_message: r.error_message,
    completed_at: r.completed_at,
    ...progressView(r, now),
  };
}

export interface DetailTexts {
  readonly notes: string;
  readonly summary: string;
  readonly transcription: string;
}

export interface DetailView {
  readonly format: 'full' | 'minimal';
  readonly include: readonly ('transcription' | 'summary' | 'notes')[];
}

export const FULL_DETAIL: DetailView = { format: 'full', include: ['transcription', 'summary', 'notes'] };

export function detail(r: Recording, tags: readonly TagBrief[], texts: DetailTexts, view: DetailView = FULL_DETAIL) {
  const large = view.format === 'minimal' ? [] : view.include;
  return {
    ...listItem(r, tags),
    mime_type: r.mime_type,
    folder_id: r.folder_id,
    language: r.language,
    completed_at: r.completed_at,
    processing_time_seconds: processingTimeSeconds(r),
    audio_duration_seconds: r.audio_duration_seconds,
    transcription_engine: r.transcription_engine,
    error_message: r.error_message,
    ...(large.includes('transcription') ? { transcription: texts.transcription } : {}),
    ...(large.includes('summary') ? { summary: texts.summary } : {}),
    ...(large.includes('notes') ? { notes: texts.notes } : {}),
  };
}

/** Wall time from the worker's start to completion, else the steps' own durations. */
export function processingTimeSeconds(r: Pick<Recording, 'processing_started_at' | 'completed_at' | 'transcription_duration_seconds' | 'summarization_duration_seconds'>): number | null {
  if (r.processing_started_at && r.completed_at) {
    const ms = Date.parse(r.completed_at) - Date.parse(r.processing_started_at);
    if (ms >= 0) return Math.round(ms / 100) / 10;
  }
  const steps = [r.transcription_duration_seconds, r.summarization_duration_seconds].filter((s): s is number => typeof s === 'number');
  return steps.length > 0 ? Math.round(steps.reduce((a, b) => a + b, 0) * 10) / 10 : null;
}

/** An attachment header whose name cannot break out of its quotes; UTF-8 names ride in filename*. */
export function attachment(filename: string): string {
  return contentDisposition('attachment', filename);
}

/** A Content-Disposition whose name cannot break out of its quotes; UTF-8 names ride in filename*. */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  // A lone surrogate (stored before such names were refused) cannot be percent-encoded.
  const cleaned = wellFormed(filename).replace(/[\\/"\r\n\t\0-\x1f\x7f]+/g, '_').trim() || 'download';
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === cleaned ? `${type}; filename="${ascii}"` : `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
