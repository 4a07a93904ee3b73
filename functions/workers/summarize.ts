import { runSummary } from '#shared/pipeline/summarize.ts';
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import { jobMessage } from '#shared/queue/messages.ts';

export const handler = sqsWorker('summarize', jobMessage, (message) => runSummary(message.recording_id));
