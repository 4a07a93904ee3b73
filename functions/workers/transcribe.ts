import { stateChangeJob, type TranscribeJobStateChange } from '#shared/pipeline/external-jobs.ts';
import { completeExternalJob, runTranscription } from '#shared/pipeline/transcribe.ts';
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import type { JobMessage } from '#shared/queue/jobs.ts';

// Two kinds of message: a job to run ({recording_id, job}), and, on AWS, Amazon Transcribe's
// "Transcribe Job State Change" event that an EventBridge rule forwards when a job ends.
export const handler = sqsWorker<JobMessage | TranscribeJobStateChange>('transcribe', (message) => {
  const job = stateChangeJob(message);
  return job ? completeExternalJob(job) : runTranscription((message as JobMessage).recording_id);
});
