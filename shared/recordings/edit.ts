// Changing a recording's fields and texts (PATCH, PUT notes/summary, batch update). Only the
// fields whose value really changes are written and listed in recording.updated; nothing
// changes, nothing is written and no event is sent.
import { ConflictError } from '../domain/errors.ts';
import type { RecordingPatch } from '../http/recording-schemas.ts';
import { StaleRecordingError, writeRecording } from '../store/recording-writes.ts';
import { getOwnedRecordingWithTexts, type Recording, type RecordingTexts } from '../store/recordings.ts';
import { publish } from './publish.ts';
import { meetingDateOf } from './zone.ts';

export type Patch = RecordingPatch & { readonly tag_ids?: readonly number[] };

/** The order fields are listed in fields_changed; tag links change without an event (spec: Events). */
const EVENT_FIELDS = ['title', 'participants', 'notes', 'summary', 'meeting_date', 'is_inbox', 'is_highlighted', 'folder_id'] as const;

export interface Diff {
  readonly fields: readonly string[];
  readonly changes: Partial<Recording>;
  readonly texts: Partial<RecordingTexts>;
}

type Current = Recording & RecordingTexts;

function same(field: keyof Patch, before: unknown, after: unknown): boolean {
  if (field === 'meeting_date') return Date.parse(String(before)) === Date.parse(String(after));
  if (field === 'tag_ids') return JSON.stringify(before) === JSON.stringify(after);
  return before === after;
}

/** What the patch really changes on the recording as it is now. */
export function diffPatch(recording: Recording, texts: RecordingTexts, patch: Patch): Diff {
  const current: Current = { ...recording, ...texts };
  const changed = (Object.keys(patch) as (keyof Patch)[]).filter((f) => patch[f] !== undefined && !same(f, current[f], patch[f]));
  const changes: Record<string, unknown> = {};
  const newTexts: Partial<Record<keyof RecordingTexts, string>> = {};
  for (const field of changed) {
    if (field === 'notes' || field === 'summary') newTexts[field] = patch[field]!;
    else changes[field] = patch[field];
  }
  if (newTexts.notes !== undefined) changes.has_notes = newTexts.notes.length > 0;
  if (newTexts.summary !== undefined) changes.has_summary = newTexts.summary.length > 0;
  return { fields: EVENT_FIELDS.filter((f) => changed.includes(f)), changes: changes as Partial<Recording>, texts: newTexts };
}

/**
 * Runs a read-check-write step again when the recording changed between its read and its
 * write (a worker moved it on); after a few tries the caller gets a 409.
 */
export async function retryOnStale<T>(step: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof StaleRecordingError)) throw error;
      if (attempt >= attempts) throw new ConflictError('The recording changed meanwhile; try again');
    }
  }
}

/** `patch` may be computed from the recording as read (tags to add and remove). */
export async function editRecording(userId: number, id: number, patch: Patch | ((r: Recording) => Patch)): Promise<{ recording: Recording; texts: RecordingTexts }> {
  return retryOnStale(async () => {
    const { recording, texts } = await getOwnedRecordingWithTexts(id, userId);
    const given = typeof patch === 'function' ? patch(recording) : patch;
    const resolved = given.meeting_date === undefined ? given : { ...given, meeting_date: await meetingDateOf(recording, given.meeting_date) };
    const diff = diffPatch(recording, texts, resolved);
    if (Object.keys(diff.changes).length === 0 && Object.keys(diff.texts).length === 0) return { recording, texts };
    const events = diff.fields.length > 0 ? [{ type: 'recording.updated' as const, extra: { fields_changed: diff.fields } }] : [];
    const written = await writeRecording(recording, { changes: diff.changes, texts: diff.texts, events });
    await publish(written.events);
    return { recording: written.recording, texts: { ...texts, ...diff.texts } };
  });
}

export async function replaceNotes(userId: number, id: number, notes: string): Promise<{ success: true; notes: string }> {
  const { texts } = await editRecording(userId, id, { notes });
  return { success: true, notes: texts.notes };
}

export async function replaceSummary(userId: number, id: number, summary: string): Promise<{ success: true; summary: string }> {
  const { texts } = await editRecording(userId, id, { summary });
  return { success: true, summary: texts.summary };
}
