// Fan-out: one delivery per enabled webhook of the event's owner that subscribes to its type.
// The delivery id is derived from the event and the webhook, so a repeated event message
// makes no second delivery.
import type { DeliveryMessage } from '../queue/messages.ts';
import { deliveryId } from '../domain/webhooks/signing.ts';
import { subscribes } from '../domain/webhooks/delivery-policy.ts';
import { sendAll } from '../queue/jobs.ts';
import { createDelivery, type Delivery } from '../store/deliveries.ts';
import type { OutboxEvent } from '../store/outbox.ts';
import { listUserWebhooks } from '../store/webhooks.ts';
import { envelope } from './envelope.ts';


/** Deliveries are written a few at a time, then queued ten to a call. */
const WRITE_CONCURRENCY = 10;

export async function fanOut(event: OutboxEvent, now = new Date()): Promise<number> {
  const webhooks = (await listUserWebhooks(event.user_id)).filter((w) => w.enabled && subscribes(w.events, event.type));
  const messages: DeliveryMessage[] = [];
  let created = 0;
  for (let i = 0; i < webhooks.length; i += WRITE_CONCURRENCY) {
    await Promise.all(
      webhooks.slice(i, i + WRITE_CONCURRENCY).map(async (webhook) => {
        const id = deliveryId(event.id, webhook.id);
        const delivery = newDelivery({ id, webhookId: webhook.id, userId: event.user_id, eventId: event.id, eventType: event.type, payload: envelope(id, event), now });
        if (await createDelivery(delivery)) created += 1;
        // Queued even when the delivery existed: the earlier send may be the one that was lost.
        messages.push({ delivery_id: id, webhook_id: webhook.id });
      }),
    );
  }
  await sendAll('deliveries', messages);
  return created;
}

export function newDelivery(input: { id: string; webhookId: number; userId: number; eventId: string; eventType: string; payload: string; now: Date; replayedFrom?: string; isTest?: boolean }): Delivery {
  return {
    id: input.id,
    webhook_id: input.webhookId,
    user_id: input.userId,
    event_id: input.eventId,
    event_type: input.eventType,
    status: 'pending',
    attempt_count: 0,
    response_status: null,
    response_body_preview: null,
    error_message: null,
    next_attempt_at: input.now.toISOString(),
    created_at: input.now.toISOString(),
    delivered_at: null,
    replayed_from: input.replayedFrom ?? null,
    payload: input.payload,
    is_test: input.isTest ?? false,
  };
}
