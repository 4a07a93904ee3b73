// The events queue: each committed event leaves the outbox here. (Webhook fan-out, one
// delivery per subscribed webhook, joins this step with the webhooks issue.)
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import type { EventMessage } from '#shared/queue/jobs.ts';
import { markPublished } from '#shared/store/outbox.ts';

export const handler = sqsWorker<EventMessage>('events', async (message) => {
  await markPublished(message.event_id).catch((error: Error) => {
    // A repeat of an event that is already out, or of one whose recording was deleted.
    if (error.name !== 'ConditionalCheckFailedException') throw error;
  });
});
