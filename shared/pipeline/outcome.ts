// After a failed attempt: retry later (the lease runs out when the retry is due, so the
// delayed message — or, if it is lost, the sweep — takes the job over), or fail for good.
import { settings } from '../config.ts';
import { publish } from '../recordings/publish.ts';
import { writeRecording } from '../store/recording-writes.ts';
import type { Recording } from '../store/recordings.ts';
import { onFailure } from './failures.ts';

/** `requeue` sends the job again after the delay, naming its queue: `(delay) => sendLater('transcribe', transcribeJob(id), delay)`. */
export async function retryOrFail(recording: Recording, error: unknown, step: { what: 'Transcription' | 'Summary'; requeue: (delaySeconds: number) => Promise<void> }, fail: (message: string) => Promise<void>): Promise<void> {
  const outcome = onFailure(error, recording.attempt, settings().jobs, step.what);
  if ('failWith' in outcome) return fail(outcome.failWith);
  const due = new Date(Date.now() + outcome.retryInSeconds * 1000).toISOString();
  await writeRecording(recording, { changes: { lease_until: due }, checkLease: true });
  await publish([], () => step.requeue(outcome.retryInSeconds));
}
