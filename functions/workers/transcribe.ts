import { runTranscription } from '#shared/pipeline/transcribe.ts';
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import type { JobMessage } from '#shared/queue/jobs.ts';

export const handler = sqsWorker<JobMessage>('transcribe', (message) => runTranscription(message.recording_id));
