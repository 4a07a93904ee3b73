// Webhooks: the caller's subscriptions, their secrets, test deliveries, and the delivery log
// with replay.
import * as w from '../http/webhook-schemas.ts';
import type { RouteSpec } from './spec.ts';

const tag = 'Webhooks';
const read = { tag, rateClass: 'read', auth: 'token' } as const;
const write = { tag, rateClass: 'write', auth: 'token' } as const;
const processing = { tag, rateClass: 'processing', auth: 'token' } as const;
const refused = { description: 'Invalid body, unknown event type (the allowed types are listed) or a refused URL (the reason is given)' };

export const webhookRoutes = {
  'GET /webhooks': {
    ...read,
    handler: 'webhooks/list',
    summary: 'List your webhooks (never their secrets) with the known event types and the per-user cap',
    responses: { 200: { description: 'Your webhooks', schema: w.webhookList } },
  },
  'POST /webhooks': {
    ...write,
    handler: 'webhooks/create',
    summary: 'Create a webhook; the signing secret is shown once',
    description: 'The URL must be https (http only with allow_http) and resolve only to public addresses, unless the host matches WEBHOOK_INTRANET_HOST_ALLOWLIST.',
    body: w.createWebhookBody,
    responses: {
      201: { description: 'The new webhook with its secret', schema: w.webhookWithSecret },
      400: refused,
      409: { description: 'You have reached the per-user cap (max_per_user)' },
    },
  },
  'GET /webhooks/{id}': {
    ...read,
    handler: 'webhooks/get',
    summary: 'One webhook (never its secret)',
    params: w.webhookParams,
    responses: { 200: { description: 'The webhook', schema: w.webhookView } },
  },
  'PATCH /webhooks/{id}': {
    ...write,
    handler: 'webhooks/update',
    summary: 'Change name, URL, events, enabled or allow_http',
    description: 'The URL is checked again whenever url or allow_http is given. enabled: true resumes an auto-paused webhook and resets its failure count.',
    params: w.webhookParams,
    body: w.updateWebhookBody,
    responses: { 200: { description: 'The updated webhook', schema: w.webhookView }, 400: refused },
  },
  'DELETE /webhooks/{id}': {
    ...write,
    handler: 'webhooks/delete',
    summary: 'Delete a webhook and its deliveries',
    params: w.webhookParams,
    responses: { 204: { description: 'Deleted' } },
  },
  'POST /webhooks/{id}/rotate-secret': {
    ...write,
    handler: 'webhooks/rotate-secret',
    summary: 'Replace the signing secret; the new one is shown once and signs every later attempt',
    params: w.webhookParams,
    responses: { 200: { description: 'The webhook with its new secret', schema: w.webhookWithSecret } },
  },
  'POST /webhooks/{id}/test': {
    ...processing,
    handler: 'webhooks/test',
    summary: 'Queue one webhook.test delivery',
    params: w.webhookParams,
    responses: {
      202: { description: 'The queued delivery', schema: w.queuedDelivery },
      409: { description: 'The webhook is disabled' },
    },
  },
  'GET /webhooks/{id}/deliveries': {
    ...read,
    handler: 'webhooks/deliveries',
    summary: 'Recent deliveries, newest first (limit 1..200, default 50)',
    params: w.webhookParams,
    query: w.deliveriesQuery,
    responses: { 200: { description: 'Deliveries without their payloads', schema: w.deliveryList } },
  },
  'GET /webhooks/{id}/deliveries/{did}': {
    ...read,
    handler: 'webhooks/delivery',
    summary: 'One delivery with the exact payload that was sent',
    params: w.deliveryParams,
    responses: { 200: { description: 'The delivery', schema: w.deliveryDetail } },
  },
  'POST /webhooks/{id}/deliveries/{did}/replay': {
    ...processing,
    handler: 'webhooks/replay',
    summary: 'Send the stored payload again as a new delivery (with replayed_from)',
    params: w.deliveryParams,
    responses: { 202: { description: 'The new delivery', schema: w.queuedDelivery } },
  },
} as const satisfies Record<string, RouteSpec>;
