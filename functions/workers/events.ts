// The events queue: each committed event leaves the outbox here, fanned out to one delivery
// per subscribed webhook, or, when its user is past the lane share, handed to the overflow
// lane (events-overflow.ts) so that a burst never holds another user's events.
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import { send } from '#shared/queue/jobs.ts';
import { eventMessage } from '#shared/queue/messages.ts';
import { queueIndexUpdate } from '#shared/search/queue.ts';
import { findEvent, markPublished } from '#shared/store/outbox.ts';
import { fanOut, subscribedTo } from '#shared/webhooks/fanout.ts';

// Events of a batch fan out side by side: one event's many webhooks must not hold up the next.
// A message that names the event's owner and type lists the owner's webhooks while the event is read.
export const handler = sqsWorker('events', eventMessage, async (message) => {
  const listing = message.user_id === undefined || message.type === undefined ? undefined : subscribedTo(message.user_id, message.type);
  listing?.catch(() => undefined);
  const event = await findEvent(message.event_id);
  if (!event) return;
  const listed = event.user_id === message.user_id && event.type === message.type ? listing : undefined;
  // The search index follows every change of a recording (deduplicated by event id), queued
  // beside the fan-out rather than before it.
  const [, fannedOut] = await Promise.all([event.recording_id !== null && queueIndexUpdate({ user_id: event.user_id, recording_id: event.recording_id }, event.id), fanOut(event, new Date(), listed)]);
  // A handed-over event stays unpublished until the overflow lane has fanned it out: if that
  // message is held up by a crash, the sweep publishes the event again.
  if (fannedOut === 'overflow') await send('events-overflow', { event_id: event.id });
  else await markPublished(message.event_id);
}, { parallel: true });
