import { runSummary } from '#shared/pipeline/summarize.ts';
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import type { JobMessage } from '#shared/queue/jobs.ts';

export const handler = sqsWorker<JobMessage>('summarize', (message) => runSummary(message.recording_id));
