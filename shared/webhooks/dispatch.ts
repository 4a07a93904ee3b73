// One delivery attempt: check the target again (SSRF guard, pinned address), POST the stored
// body, and record the outcome in one conditional write. Fan-out makes most first attempts
// itself (sendAttempt(), then settleAttempt()); the deliveries queues carry the rest, retries
// and the sweep's resends (dispatch()). Retries ride on the queue's delay up to 15 minutes and on a one-time schedule
// beyond; exhaustion or a final answer ends the delivery and counts against the webhook, which
// pauses itself after too many.
import { settings } from '../config.ts';
import { judge, sendsDirectly, SLOW_FOR_SECONDS, wasSlow, type AttemptOutcome } from '../domain/webhooks/delivery-policy.ts';
import { signatureHeader, standardSignature } from '../domain/webhooks/signing.ts';
import { logger } from '../logger.ts';
import { sendLater } from '../queue/jobs.ts';
import { loadDelivery, recordAttempt, type Delivery } from '../store/deliveries.ts';
import { countFailure, markSlow, resetFailures, type Webhook } from '../store/webhooks.ts';
import type { DeliveryMessage } from '../queue/messages.ts';
import { postPinned, type PostOutcome } from './pinned-http.ts';
import { openSecret } from '../secrets/box.ts';

/** A queued attempt: the delivery and its webhook are read again, since the message may be old. */
export async function dispatch(message: DeliveryMessage, now = new Date()): Promise<void> {
  const config = settings().webhooks;
  const { delivery, webhook } = await loadDelivery(message.delivery_id, message.webhook_id);
  if (!delivery || (delivery.status !== 'pending' && delivery.status !== 'retrying')) return;
  // Sent before the sweep re-sent the delivery: the re-sent message makes the attempt.
  if ((message.resends ?? 0) !== (delivery.resends ?? 0)) return;
  // Held while sending is switched off; the sweep sends it once it is switched back on.
  if (!config.globalEnabled) return;
  // An early copy of a scheduled retry: its own message (or the sweep) comes at the right time.
  if (delivery.next_attempt_at && Date.parse(delivery.next_attempt_at) > now.getTime() + 2000) return;
  await attempt(delivery, webhook, now);
}

/** Records an attempt's outcome on its condition; false when another worker recorded that attempt first. */
export type RecordOutcome = typeof recordAttempt;

/** One attempt of a queued delivery as stored, with its webhook as it is now. */
async function attempt(delivery: Delivery, webhook: Webhook | undefined, now: Date): Promise<void> {
  if (!webhook || !webhook.enabled) {
    await recordAttempt(delivery, { status: 'cancelled', next_attempt_at: null, error_message: webhook ? 'The webhook was disabled before this delivery was due' : 'The webhook is gone' });
    return;
  }
  await settleAttempt(delivery, webhook, now, await sendAttempt(delivery, webhook, now), recordAttempt);
}

interface Sent {
  readonly outcome: PostOutcome;
  readonly elapsedMs: number;
}

/**
 * The POST of an attempt: the target checked again (SSRF guard, pinned address) and the stored
 * body sent, signed. Fan-out makes its first attempts in these two halves, so that a POST's
 * place among those in flight is free again while its outcome is being recorded.
 */
export async function sendAttempt(delivery: Delivery, webhook: Webhook, now: Date): Promise<Sent> {
  const config = settings().webhooks;
  const started = performance.now();
  const outcome = await postPinned({
    url: webhook.url,
    body: delivery.payload,
    headers: deliveryHeaders(await openSecret('webhook-secret', webhook.secret), delivery, now),
    timeoutMs: config.timeoutSeconds * 1000,
    allowHttp: webhook.allow_http,
    allowlist: config.intranetAllowlist,
  });
  return { outcome, elapsedMs: performance.now() - started };
}

/** Records what a sent attempt met (`record`: fan-out records its first attempts' outcomes together). */
export async function settleAttempt(delivery: Delivery, webhook: Webhook, now: Date, sent: Sent, record: RecordOutcome): Promise<void> {
  if (wasSlow(sent.outcome, sent.elapsedMs) && sendsDirectly(webhook, now)) await markSlow(webhook.id, new Date(now.getTime() + SLOW_FOR_SECONDS * 1000));
  await settle({ delivery, webhook, attempt: delivery.attempt_count + 1, now, record }, sent.outcome);
}

interface Settling {
  readonly delivery: Delivery;
  readonly webhook: Webhook;
  readonly attempt: number;
  readonly now: Date;
  readonly record: RecordOutcome;
}

async function settle({ delivery, webhook, attempt, now, record }: Settling, outcome: AttemptOutcome & { bodyPreview?: string }): Promise<void> {
  const config = settings().webhooks;
  const verdict = judge(outcome, attempt, { maxAttempts: config.maxAttempts, schedule: config.retryScheduleSeconds }, Math.random());
  // The dashboard counts outcomes from this line.
  logger.info('webhook delivery', { webhook_id: webhook.id, delivery_id: delivery.id, attempt, outcome: verdict.result, status: outcome.kind === 'response' ? outcome.status : null });
  const seen = {
    attempt_count: attempt,
    response_status: outcome.kind === 'response' ? outcome.status : null,
    // A test delivery's answer is not echoed back beyond its status line (it could be anything the target returns).
    response_body_preview: outcome.kind === 'response' && !delivery.is_test ? (outcome.bodyPreview ?? null) : null,
    error_message: describe(outcome),
  };
  if (verdict.result === 'success') {
    if (await record(delivery, { ...seen, status: 'success', error_message: null, delivered_at: now.toISOString(), next_attempt_at: null })) {
      if (webhook.consecutive_failures > 0) await resetFailures(webhook.id);
    }
    return;
  }
  if (verdict.result === 'retry') {
    const next = new Date(now.getTime() + verdict.delaySeconds * 1000);
    if (await record(delivery, { ...seen, status: 'retrying', next_attempt_at: next.toISOString() })) {
      await sendLater('deliveries', { delivery_id: delivery.id, webhook_id: webhook.id, resends: delivery.resends ?? 0 } satisfies DeliveryMessage, verdict.delaySeconds);
    }
    return;
  }
  if (await record(delivery, { ...seen, status: 'permanent_failure', next_attempt_at: null })) {
    const { paused } = await countFailure(webhook.id, config.autopauseFailures);
    if (paused) logger.warn('webhook paused after repeated failures', { webhook_id: webhook.id, user_id: webhook.user_id });
  }
}

function deliveryHeaders(secret: string, delivery: Delivery, now: Date): Record<string, string> {
  const { headerPrefix: p, standardHeaders } = settings().webhooks;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': `${p}Webhook/1.0`,
    [`${p}Event`]: delivery.event_type,
    [`${p}Delivery-Id`]: delivery.id,
    [`${p}Timestamp`]: now.toISOString(),
    [`${p}Signature`]: signatureHeader(secret, delivery.payload),
  };
  if (standardHeaders) {
    const seconds = Math.floor(now.getTime() / 1000);
    Object.assign(headers, { 'webhook-id': delivery.id, 'webhook-timestamp': String(seconds), 'webhook-signature': standardSignature(secret, delivery.id, seconds, delivery.payload) });
  }
  return headers;
}

function describe(outcome: AttemptOutcome): string | null {
  switch (outcome.kind) {
    case 'response':
      return outcome.status >= 200 && outcome.status < 300 ? null : `The receiver answered HTTP ${outcome.status}`;
    case 'blocked':
      return `Refused by the SSRF guard: ${outcome.reason}`;
    case 'network-error':
      return `Network error: ${outcome.message}`;
    case 'timeout':
      return `No answer within ${settings().webhooks.timeoutSeconds} s`;
  }
}
