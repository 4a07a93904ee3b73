// What a user does with their webhooks: create, change, delete, rotate the secret, send a test,
// look at deliveries and replay one. Every write checks the event list and, when the target
// may have changed, the URL against the SSRF guard (with DNS) before anything is stored.
import { settings } from '../config.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.ts';
import { EVENT_TYPES } from '../domain/webhooks/catalogue.ts';
import { normaliseEventList } from '../domain/webhooks/delivery-policy.ts';
import type { CreateWebhookInput, WebhookPatch } from '../http/webhook-schemas.ts';
import { deleteDeliveriesOf, listDeliveries, loadDelivery, type Delivery } from '../store/deliveries.ts';
import * as store from '../store/webhooks.ts';
import type { Webhook, WebhookChanges } from '../store/webhooks.ts';
import { replay, sendTest } from './manual.ts';
import { newSealedSecret } from './new-secret.ts';
import { checkWebhookTarget } from './target-check.ts';

export async function createWebhook(userId: number, input: CreateWebhookInput): Promise<Webhook> {
  const events = checkEvents(input.events);
  await checkTarget(input.url, input.allow_http);
  const { secret, sealed } = await newSealedSecret();
  const webhook = { user_id: userId, name: input.name, url: input.url, events, enabled: input.enabled, allow_http: input.allow_http, secret: sealed };
  // The answer carries the secret itself, once; the store keeps it sealed.
  return { ...(await store.createWebhook(webhook, settings().webhooks.maxPerUser)), secret };
}

export async function updateWebhook(userId: number, id: number, patch: WebhookPatch): Promise<Webhook> {
  const current = await store.getOwnedWebhook(id, userId);
  const events = patch.events === undefined ? undefined : checkEvents(patch.events);
  const retarget = patch.url !== undefined || patch.allow_http !== undefined;
  const target = { url: patch.url ?? current.url, allow_http: patch.allow_http ?? current.allow_http };
  if (retarget) await checkTarget(target.url, target.allow_http);
  const changes: WebhookChanges = {
    name: patch.name,
    events,
    // A new target has no history: fan-out sends its first attempts itself again.
    ...(retarget ? { ...target, slow_until: null } : {}),
    enabled: patch.enabled,
    // Re-enabling is how a user resumes an auto-paused webhook: it starts again with a clean count.
    ...(patch.enabled === true ? { auto_paused: false, consecutive_failures: 0 } : {}),
  };
  return goneIsNotFound(store.updateWebhook(id, changes), 'ConditionalCheckFailedException');
}

export async function deleteWebhook(userId: number, id: number): Promise<void> {
  const webhook = await store.getOwnedWebhook(id, userId);
  await deleteDeliveriesOf(id);
  await goneIsNotFound(store.deleteWebhookItem(webhook), 'TransactionCanceledException');
  // A fan-out that read the webhook just before it went may have written a delivery since.
  await deleteDeliveriesOf(id);
}

export async function rotateSecret(userId: number, id: number): Promise<Webhook> {
  await store.getOwnedWebhook(id, userId);
  const { secret, sealed } = await newSealedSecret();
  return { ...(await goneIsNotFound(store.updateWebhook(id, { secret: sealed }), 'ConditionalCheckFailedException')), secret };
}

export async function testWebhook(userId: number, id: number): Promise<Delivery> {
  return sendTest(await store.getOwnedWebhook(id, userId));
}

export async function recentDeliveries(userId: number, id: number, limit: number): Promise<Delivery[]> {
  await store.getOwnedWebhook(id, userId);
  return listDeliveries(id, limit);
}

/** A delivery of one of the caller's webhooks: 403 for another user's webhook, 404 when either is missing. */
export async function ownedDelivery(userId: number, webhookId: number, deliveryId: string): Promise<{ delivery: Delivery; webhook: Webhook }> {
  const { delivery, webhook } = await loadDelivery(deliveryId, webhookId);
  if (!webhook) throw new NotFoundError('Webhook not found');
  if (webhook.user_id !== userId) throw new ForbiddenError('Permission denied');
  if (!delivery || delivery.webhook_id !== webhookId) throw new NotFoundError('Delivery not found');
  return { delivery, webhook };
}

export async function replayDelivery(userId: number, webhookId: number, deliveryId: string): Promise<Delivery> {
  const { delivery, webhook } = await ownedDelivery(userId, webhookId, deliveryId);
  return replay(delivery, webhook);
}

const ALLOWED = [...EVENT_TYPES, '*'];

function checkEvents(events: readonly string[]): string[] {
  const result = normaliseEventList(events);
  if (result.ok) return result.events;
  const allowed = `allowed: ${ALLOWED.join(', ')}`;
  const details = result.unknown.map((type) => ({ path: 'events', message: `unknown event type "${type}"; ${allowed}` }));
  throw new ValidationError(`Unknown event type${result.unknown.length > 1 ? 's' : ''} ${result.unknown.map((t) => `"${t}"`).join(', ')}; ${allowed} ("*" means every type)`, details);
}

async function checkTarget(url: string, allowHttp: boolean): Promise<void> {
  const verdict = await checkWebhookTarget(url, { allowHttp, allowlist: settings().webhooks.intranetAllowlist });
  if (!verdict.ok) throw new ValidationError(`The webhook URL is not allowed: ${verdict.reason}`, [{ path: 'url', message: verdict.reason }]);
}

// The webhook was deleted between the ownership check and the write.
async function goneIsNotFound<T>(write: Promise<T>, errorName: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as Error).name === errorName) throw new NotFoundError('Webhook not found');
    throw error;
  }
}
