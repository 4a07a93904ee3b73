// The overflow lane of events: an event whose user was past the lane share when it reached the
// events queue (functions/workers/events.ts) is fanned out here, onto deliveries-overflow, and
// only then taken off the outbox's unpublished list.
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import { eventMessage } from '#shared/queue/messages.ts';
import { findEvent, markPublished } from '#shared/store/outbox.ts';
import { fanOutOverflow } from '#shared/webhooks/fanout.ts';

export const handler = sqsWorker('events-overflow', eventMessage, async (message) => {
  const event = await findEvent(message.event_id);
  if (!event) return;
  await fanOutOverflow(event);
  await markPublished(event.id);
}, { parallel: true });
