// Deliveries made by hand: a test event, and the replay of an earlier delivery.
import { randomUUID } from 'node:crypto';
import { ConflictError } from '../domain/errors.ts';
import type { EventData } from '../domain/webhooks/catalogue.ts';
import { send } from '../queue/jobs.ts';
import { createDelivery, newDelivery, type Delivery } from '../store/deliveries.ts';
import type { Webhook } from '../store/webhooks.ts';
import { envelope, replayEnvelope } from './envelope.ts';
import type { DeliveryMessage } from '../queue/messages.ts';

export async function sendTest(webhook: Webhook, now = new Date()): Promise<Delivery> {
  if (!webhook.enabled) throw new ConflictError('The webhook is disabled; enable it first');
  const id = randomUUID();
  const event = { type: 'webhook.test' as const, timestamp: now.toISOString(), user_id: webhook.user_id, data: { reason: 'manual test', webhook_id: webhook.id } satisfies EventData<'webhook.test'> };
  const delivery = newDelivery({ id, webhookId: webhook.id, userId: webhook.user_id, eventId: randomUUID(), eventType: event.type, payload: envelope(id, event), now, isTest: true });
  await createDelivery(delivery);
  await send('deliveries', { delivery_id: id, webhook_id: webhook.id } satisfies DeliveryMessage);
  return delivery;
}

export async function replay(original: Delivery, webhook: Webhook, now = new Date()): Promise<Delivery> {
  if (!webhook.enabled) throw new ConflictError('The webhook is disabled; enable it first');
  const id = randomUUID();
  const delivery = newDelivery({
    id,
    webhookId: webhook.id,
    userId: webhook.user_id,
    eventId: original.event_id,
    eventType: original.event_type,
    payload: replayEnvelope(original.payload, id, original.id),
    now,
    replayedFrom: original.id,
    isTest: original.is_test,
  });
  await createDelivery(delivery);
  await send('deliveries', { delivery_id: id, webhook_id: webhook.id } satisfies DeliveryMessage);
  return delivery;
}
