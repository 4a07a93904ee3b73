// After a failed attempt: retry later (the lease runs out when the retry is due, so the
// delayed message — or, if it is lost, the sweep — takes the job over), or fail for good.
import { settings } from '../config.ts';
import { publish } from '../recordings/publish.ts';
import { writeRecording } from '../store/recording-writes.ts';
import type { Recording } from '../store/recordings.ts';
import { onFailure } from './failures.ts';

export async function retryOrFail(recording: Recording, error: unknown, job: 'transcribe' | 'summarize', fail: (message: string) => Promise<void>): Promise<void> {
  const outcome = onFailure(error, recording.attempt, settings().jobs, job === 'transcribe' ? 'Transcription' : 'Summary');
  if ('failWith' in outcome) return fail(outcome.failWith);
  const due = new Date(Date.now() + outcome.retryInSeconds * 1000).toISOString();
  await writeRecording(recording, { changes: { lease_until: due }, checkLease: true });
  await publish([], { recording_id: recording.id, job }, outcome.retryInSeconds);
}
