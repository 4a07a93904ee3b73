// A job owns its recording through a lease that it renews while it works. A message for a
// recording whose lease is live is a duplicate and stops; an expired lease means the worker
// died (or a retry is due), and the next message takes over.
import { settings } from '../config.ts';
import { leaseExpired } from '../domain/recordings/status.ts';
import { logger } from '../logger.ts';
import { StaleRecordingError, transition, writeRecording } from '../store/recording-writes.ts';
import { findRecording, type Recording } from '../store/recordings.ts';
import type { OutboxEvent } from '../store/outbox.ts';

export interface Claim {
  readonly recording: Recording;
  readonly events: OutboxEvent[];
}

const leaseFrom = (now: Date) => new Date(now.getTime() + settings().jobs.leaseSeconds * 1000).toISOString();

/**
 * Takes the recording for a job of kind `working` (PROCESSING or SUMMARIZING). `start` is
 * the trigger that enters that status from PENDING, if the job can start from there.
 */
export async function claim(recordingId: number, working: 'PROCESSING' | 'SUMMARIZING', start?: 'worker-started', now = new Date()): Promise<Claim | undefined> {
  const recording = await findRecording(recordingId);
  if (!recording) return undefined;
  const changes = { lease_until: leaseFrom(now), attempt: recording.attempt + 1 };
  try {
    if (start && recording.status === 'PENDING') {
      return await transition(recording, start, { changes: { ...changes, processing_started_at: now.toISOString() }, now });
    }
    if (recording.status === working && leaseExpired(recording.lease_until, now.getTime())) {
      return await writeRecording(recording, { changes, checkLease: true, now });
    }
  } catch (error) {
    if (error instanceof StaleRecordingError) return undefined;
    throw error;
  }
  return undefined;
}

/** Renews the lease until stopped; `lost` fires if another worker took the job over. */
export function keepLease(start: Recording): { stop(): void; current(): Recording; lost: AbortSignal } {
  let current = start;
  const lost = new AbortController();
  const every = (settings().jobs.leaseSeconds * 1000) / 3;
  const timer = setInterval(() => {
    writeRecording(current, { changes: { lease_until: leaseFrom(new Date()) }, checkLease: true })
      .then((renewed) => (current = renewed.recording))
      .catch((error: unknown) => {
        logger.warn('lease lost', { recording_id: start.id, error });
        lost.abort(new Error('Another worker took over this job'));
      });
  }, every);
  timer.unref();
  return { stop: () => clearInterval(timer), current: () => current, lost: lost.signal };
}
