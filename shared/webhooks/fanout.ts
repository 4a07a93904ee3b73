// Fan-out: one delivery per enabled webhook of the event's owner that subscribes to its type.
// The delivery id is derived from the event and the webhook, so a repeated event message
// makes no second delivery. Deliveries are written in transactions of CHUNK, side by side,
// and each chunk is queued as soon as it is written, so the first attempts start while the
// rest of a large fan-out is still being written.
//
// Two delivery lanes keep one user's burst from delaying the others: a user's first
// LANE_SHARE deliveries in a LANE_WINDOW_SECONDS window take the `deliveries` queue, the rest
// of a burst `deliveries-overflow`, each with its own consumers (shared/topology.ts). Another
// user's first attempt then waits behind at most LANE_SHARE of anyone's deliveries.
import type { DeliveryMessage } from '../queue/messages.ts';
import { deliveryId } from '../domain/webhooks/signing.ts';
import { subscribes } from '../domain/webhooks/delivery-policy.ts';
import { sendAll } from '../queue/jobs.ts';
import { createDeliveries, type Delivery } from '../store/deliveries.ts';
import type { OutboxEvent } from '../store/outbox.ts';
import { countRequest } from '../store/rate-counters.ts';
import { listUserWebhooks } from '../store/webhooks.ts';
import type { QueueName } from '../topology.ts';
import { envelope } from './envelope.ts';


/** Deliveries per transaction (DynamoDB allows 100; smaller ones commit and queue sooner). */
const CHUNK = 25;
export const LANE_SHARE = 100;
const LANE_WINDOW_SECONDS = 5;

export async function fanOut(event: OutboxEvent, now = new Date()): Promise<number> {
  const webhooks = (await listUserWebhooks(event.user_id)).filter((w) => w.enabled && subscribes(w.events, event.type));
  if (webhooks.length === 0) return 0;
  const lane = await laneFor(event.user_id, webhooks.length, now);
  const chunks: (typeof webhooks)[] = [];
  for (let i = 0; i < webhooks.length; i += CHUNK) chunks.push(webhooks.slice(i, i + CHUNK));
  const created = await Promise.all(
    chunks.map(async (chunk) => {
      const deliveries = chunk.map((webhook) => {
        const id = deliveryId(event.id, webhook.id);
        return newDelivery({ id, webhookId: webhook.id, userId: event.user_id, eventId: event.id, eventType: event.type, payload: envelope(id, event), now });
      });
      const count = await createDeliveries(deliveries);
      // Queued even when a delivery existed: the earlier send may be the one that was lost.
      const messages = deliveries.map((d) => ({ delivery_id: d.id, webhook_id: d.webhook_id }) satisfies DeliveryMessage);
      await (lane === 'deliveries' ? sendAll('deliveries', messages) : sendAll('deliveries-overflow', messages));
      return count;
    }),
  );
  return created.reduce((sum, n) => sum + n, 0);
}

/** The lane for `count` more deliveries of this user: one counter update per event. */
async function laneFor(userId: number, count: number, now: Date): Promise<QueueName> {
  const seconds = Math.floor(now.getTime() / 1000);
  const start = seconds - (seconds % LANE_WINDOW_SECONDS);
  const queued = await countRequest(userId, 'deliveries', start, start + 2 * LANE_WINDOW_SECONDS, count);
  return queued <= LANE_SHARE ? 'deliveries' : 'deliveries-overflow';
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
