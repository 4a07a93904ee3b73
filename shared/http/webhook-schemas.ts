// Schemas of the webhook routes: bodies are strict (an unknown field is a 400), the deliveries
// limit is checked here; event types and the URL are checked by the rules in
// shared/webhooks/manage.ts, which know the allowed list and resolve the hostname.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { EVENT_TYPES } from '../domain/webhooks/catalogue.ts';
import { id, oneLine } from './schemas.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const webhookParams = lazySchema(() => z.object({ id: id() }));
export const deliveryParams = lazySchema(() => z.object({ id: id(), did: z.string().check(z.regex(UUID, 'must be a delivery id (a UUID)')) }));

const LIMIT_HINT = 'must be an integer from 1 to 200';
export const deliveriesQuery = lazySchema(() => z.object({
  limit: z._default(z.pipe(z.string().check(z.regex(/^\d{1,4}$/, LIMIT_HINT)), z.pipe(z.transform(Number), z.number().check(z.gte(1, LIMIT_HINT), z.lte(200, LIMIT_HINT)))), 50),
}));

const name = lazySchema(() => z.string().check(oneLine(), z.trim(), z.minLength(1), z.maxLength(100)));
const url = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(2048), z.describe('https target; http only with allow_http. Private, loopback and other non-public addresses are refused')));
const events = lazySchema(() => z
  .array(z.string().check(z.minLength(1), z.maxLength(100)))
  .check(z.minLength(1, 'give at least one event type'), z.maxLength(50), z.describe(`Event types to receive, or ["*"] for all: ${EVENT_TYPES.join(', ')}`)));

export const createWebhookBody = lazySchema(() => z.strictObject({
  name: name(),
  url: url(),
  events: events(),
  enabled: z._default(z.boolean(), true),
  allow_http: z._default(z.boolean().check(z.describe('Allow a plain http:// target')), false),
}));
export type CreateWebhookInput = z.infer<ReturnType<typeof createWebhookBody>>;

export const updateWebhookBody = lazySchema(() => z
  .strictObject({
    name: z.optional(name()),
    url: z.optional(url()),
    events: z.optional(events()),
    enabled: z.optional(z.boolean().check(z.describe('true also clears auto_paused and the failure count'))),
    allow_http: z.optional(z.boolean()),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, 'must name at least one field to change')));
export type WebhookPatch = z.infer<ReturnType<typeof updateWebhookBody>>;

// Responses (documentation only).
const timestamp = lazySchema(() => z.string().check(z.describe('ISO 8601 UTC timestamp')));
const nullableTimestamp = lazySchema(() => z.nullable(timestamp()));

export const webhookView = lazySchema(() => z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  allow_http: z.boolean(),
  auto_paused: z.boolean().check(z.describe('Paused after too many failed deliveries; PATCH enabled: true resumes')),
  consecutive_failures: z.number(),
  created_at: timestamp(),
  updated_at: timestamp(),
}));

export const webhookWithSecret = lazySchema(() => z.object({
  ...webhookView().shape,
  secret: z.string().check(z.describe('HMAC-SHA256 signing secret (whsec_…); shown only in this response')),
}));

export const webhookList = lazySchema(() => z.object({
  webhooks: z.array(webhookView()),
  event_types: z.array(z.string()),
  max_per_user: z.number(),
}));

const deliveryView = lazySchema(() => z.object({
  id: z.string().check(z.describe('UUID; the envelope id and the Service-Delivery-Id header')),
  webhook_id: z.number(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'retrying', 'success', 'permanent_failure', 'cancelled']),
  attempt_count: z.number(),
  response_status: z.nullable(z.number()),
  response_body_preview: z.nullable(z.string().check(z.describe('At most 1 KB of the last answer'))),
  error_message: z.nullable(z.string()),
  next_attempt_at: nullableTimestamp(),
  created_at: timestamp(),
  delivered_at: nullableTimestamp(),
  replayed_from: z.nullable(z.string().check(z.describe('The delivery this one replays'))),
}));

export const deliveryDetail = lazySchema(() => z.object({
  ...deliveryView().shape,
  payload: z.string().check(z.describe('The exact body sent and signed (compact JSON)')),
}));

export const deliveryList = lazySchema(() => z.object({ deliveries: z.array(deliveryView()), limit: z.number() }));

export const queuedDelivery = lazySchema(() => z.object({ success: z.boolean(), delivery: deliveryView() }));
