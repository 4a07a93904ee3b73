// A job's progress reporter: stores the share of the job done in the recording (for
// GET /recordings/{id}/status), from 0 when the job starts, at most every PROGRESS_EVERY_MS.
import { throttled } from '../domain/recordings/progress.ts';
import { logger } from '../logger.ts';
import { recordProgress } from '../store/recording-writes.ts';
import type { Recording } from '../store/recordings.ts';

/** How often at most a job stores its progress. */
const PROGRESS_EVERY_MS = 2_000;

/** Progress of this attempt of the recording's current job (PROCESSING or SUMMARIZING). */
export async function progressReporter(recording: Recording): Promise<(fraction: number) => void> {
  const since = new Date().toISOString();
  const notStored = (error: unknown) => logger.warn('progress not stored', { recording_id: recording.id, error });
  await recordProgress(recording, 0, since).catch(notStored);
  return throttled((fraction) => recordProgress(recording, fraction, since).catch(notStored), PROGRESS_EVERY_MS);
}
