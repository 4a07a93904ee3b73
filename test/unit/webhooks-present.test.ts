// The webhook and delivery shapes pick their fields: the secret, the owner and the payload
// stay out unless the answer is meant to carry them.
import { describe, expect, it } from 'vitest';
import type { Delivery } from '#shared/store/deliveries.ts';
import type { Webhook } from '#shared/store/webhooks.ts';
import { viewDelivery, viewDeliveryDetail, viewWebhook, viewWebhookWithSecret } from '#shared/webhooks/present.ts';

const webhook = {
  id: 7, user_id: 3, name: 'n', url: 'https://93.184.216.34/', events: ['*'], enabled: true, allow_http: false, auto_paused: false,
  consecutive_failures: 0, secret: 'whsec_x', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z', type: 'webhook',
} as Webhook;

const delivery = {
  id: 'd', webhook_id: 7, user_id: 3, event_id: 'e', event_type: 'webhook.test', status: 'pending', attempt_count: 0, created_at: '2025-01-01T00:00:00.000Z',
  payload: '{"id":"d"}', is_test: true,
} as unknown as Delivery;

describe('webhook and delivery views', () => {
  it('shows a webhook without its secret, owner or storage fields', () => {
    expect(Object.keys(viewWebhook(webhook)).sort()).toEqual(['allow_http', 'auto_paused', 'consecutive_failures', 'created_at', 'enabled', 'events', 'id', 'name', 'updated_at', 'url']);
    expect(viewWebhookWithSecret(webhook).secret).toBe('whsec_x');
  });

  it('shows a delivery without payload, owner or test flag, with absent fields as null', () => {
    const view = viewDelivery(delivery);
    expect(view).not.toHaveProperty('payload');
    expect(view).not.toHaveProperty('user_id');
    expect(view).not.toHaveProperty('is_test');
    expect(view).toMatchObject({ response_status: null, response_body_preview: null, error_message: null, next_attempt_at: null, delivered_at: null, replayed_from: null });
    expect(viewDeliveryDetail(delivery).payload).toBe('{"id":"d"}');
  });
});
