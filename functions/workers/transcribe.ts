import * as z from 'zod/mini';
import { transcribeJobStateChange } from '#shared/pipeline/external-jobs.ts';
import { completeExternalJob, runTranscription } from '#shared/pipeline/transcribe.ts';
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import { jobMessage } from '#shared/queue/messages.ts';

// Two kinds of message: a job to run ({recording_id, job}), and, on AWS, Amazon Transcribe's
// "Transcribe Job State Change" event that an EventBridge rule forwards when a job ends.
export const handler = sqsWorker('transcribe', z.union([jobMessage, transcribeJobStateChange]), (message) =>
  'recording_id' in message ? runTranscription(message.recording_id) : completeExternalJob(message.detail.TranscriptionJobName),
);
