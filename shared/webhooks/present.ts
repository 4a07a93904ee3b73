// The API's shapes of a webhook and a delivery (spec: Webhook, Webhook delivery; decisions §7).
// Fields are picked one by one so nothing stored (the secret, the owner, the payload in lists)
// leaks into an answer by being added to the record later.
import type { Delivery } from '../store/deliveries.ts';
import type { Webhook } from '../store/webhooks.ts';

export function viewWebhook(w: Webhook) {
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    events: [...w.events],
    enabled: w.enabled,
    allow_http: w.allow_http,
    auto_paused: w.auto_paused,
    consecutive_failures: w.consecutive_failures,
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}

/** Only the create and rotate-secret answers carry the secret. */
export function viewWebhookWithSecret(w: Webhook) {
  return { ...viewWebhook(w), secret: w.secret };
}

export function viewDelivery(d: Delivery) {
  return {
    id: d.id,
    webhook_id: d.webhook_id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    attempt_count: d.attempt_count,
    response_status: d.response_status ?? null,
    response_body_preview: d.response_body_preview ?? null,
    error_message: d.error_message ?? null,
    next_attempt_at: d.next_attempt_at ?? null,
    created_at: d.created_at,
    delivered_at: d.delivered_at ?? null,
    replayed_from: d.replayed_from ?? null,
  };
}

/** One delivery adds the exact body that was sent and signed. */
export function viewDeliveryDetail(d: Delivery) {
  return { ...viewDelivery(d), payload: d.payload };
}
