// Applies index messages to users' library indexes: per user, one load, every named recording
// re-read from the store (gone or no longer the user's: removed), one conditional save. A lost
// race (another writer saved first) starts over from the stored version.
import { ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { logger } from '../logger.ts';
import type { Segment } from '../providers/types.ts';
import { readTranscript } from '../speakers/transcripts.ts';
import { getOwnedRecordingWithTexts, listUserRecordings, type Recording } from '../store/recordings.ts';
import { putRecording } from './documents.ts';
import { Library, type RecordingContent } from './library.ts';
import { IndexConflictError, loadLibrary, saveLibrary } from './index-store.ts';
import type { IndexMessage } from './queue.ts';

const ATTEMPTS = 3;

/** The recording as the index holds it, or undefined when it is gone or not the user's. */
async function readContent(recordingId: number, userId: number): Promise<RecordingContent | undefined> {
  let found;
  try {
    found = await getOwnedRecordingWithTexts(recordingId, userId);
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ForbiddenError) return undefined;
    throw error;
  }
  return contentOf(found.recording, found.texts, (await readTranscript(found.recording.transcript_key))?.segments ?? []);
}

function contentOf(r: Recording, texts: { notes: string; summary: string }, segments: readonly Segment[]): RecordingContent {
  return { id: r.id, title: r.title, status: r.status, meeting_date: r.meeting_date, created_at: r.created_at, tag_ids: r.tag_ids ?? [], notes: texts.notes, summary: texts.summary, segments };
}

async function rebuild(userId: number): Promise<Library> {
  const library = Library.empty(userId);
  for (const r of await listUserRecordings(userId)) {
    const content = await readContent(r.id, userId);
    if (content) putRecording(library, content);
  }
  return library;
}

async function applyOnce(userId: number, messages: readonly IndexMessage[]): Promise<void> {
  // A writer starts from the stored version, never from a copy a reader may share.
  const { library: stored, etag } = await loadLibrary(userId, { fresh: true });
  let library = stored;
  if (messages.some((m) => 'rebuild' in m)) library = await rebuild(userId);
  const ids = new Set(messages.flatMap((m) => ('recording_id' in m ? [m.recording_id] : [])));
  for (const id of ids) {
    const content = await readContent(id, userId);
    if (content) putRecording(library, content);
    else library.remove(id);
  }
  if (library.index.dirtCount > 0) await library.index.vacuum();
  await saveLibrary(library, etag);
}

/** Applies one user's messages, starting over when another writer got in first. */
export async function applyIndexMessages(userId: number, messages: readonly IndexMessage[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await applyOnce(userId, messages);
      return;
    } catch (error) {
      if (!(error instanceof IndexConflictError) || attempt >= ATTEMPTS) throw error;
      logger.info('search index changed meanwhile; applying again', { user_id: userId, attempt });
    }
  }
}
