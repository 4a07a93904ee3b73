// What an attempt's outcome means (spec: Retry policy; decisions §7).
import { EVENT_TYPES } from './catalogue.ts';

export type DeliveryStatus = 'pending' | 'retrying' | 'success' | 'permanent_failure' | 'cancelled';

export type AttemptOutcome =
  | { readonly kind: 'response'; readonly status: number; readonly retryAfterSeconds?: number }
  | { readonly kind: 'blocked'; readonly reason: string }
  | { readonly kind: 'network-error'; readonly message: string }
  | { readonly kind: 'timeout' };

export type Verdict = { readonly result: 'success' } | { readonly result: 'retry'; readonly delaySeconds: number } | { readonly result: 'permanent_failure' };

/** 408, 429, 5xx, network errors and timeouts retry; 2xx succeeds; everything else is final. */
export function isRetryable(outcome: AttemptOutcome): boolean {
  if (outcome.kind === 'network-error' || outcome.kind === 'timeout') return true;
  if (outcome.kind === 'blocked') return false;
  return outcome.status === 408 || outcome.status === 429 || outcome.status >= 500;
}

/**
 * `attempt` is the number of the attempt that just ended (1-based). The next delay comes from
 * the ladder, stretched by up to 10 % jitter (`random` in [0, 1)), or from Retry-After when
 * that is longer (capped at an hour).
 */
export function judge(outcome: AttemptOutcome, attempt: number, policy: { maxAttempts: number; schedule: readonly number[] }, random: number): Verdict {
  if (outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300) return { result: 'success' };
  if (!isRetryable(outcome) || attempt >= policy.maxAttempts) return { result: 'permanent_failure' };
  const planned = policy.schedule[Math.min(attempt - 1, policy.schedule.length - 1)] ?? 3600;
  const jittered = planned * (1 + 0.1 * random);
  const asked = outcome.kind === 'response' ? Math.min(outcome.retryAfterSeconds ?? 0, 3600) : 0;
  return { result: 'retry', delaySeconds: Math.round(Math.max(jittered, asked) * 1000) / 1000 };
}

/**
 * Fan-out sends an event's first attempts itself, while the event's worker waits for them, to
 * every webhook that answered its last attempts quickly. A webhook whose attempt took longer than
 * SLOW_ATTEMPT_MS, or ended in a timeout or a network error, is queued instead (its own consumer
 * waits for it) for SLOW_FOR_SECONDS, so one slow receiver holds an event's worker at most once
 * in that time.
 */
const SLOW_ATTEMPT_MS = 1000;
export const SLOW_FOR_SECONDS = 3600;

export function wasSlow(outcome: AttemptOutcome, elapsedMs: number): boolean {
  return outcome.kind === 'timeout' || outcome.kind === 'network-error' || elapsedMs > SLOW_ATTEMPT_MS;
}

/** Whether fan-out may make the first attempt itself: the webhook was not slow lately. */
export function sendsDirectly(webhook: { readonly slow_until?: string | null }, now: Date): boolean {
  return !webhook.slow_until || Date.parse(webhook.slow_until) <= now.getTime();
}

/** `"*"` means every type; otherwise the list names them. */
export function subscribes(events: readonly string[], type: string): boolean {
  return events.includes('*') || events.includes(type);
}

/** A non-empty list of known types, without duplicates; `"*"` stands alone. */
export function normaliseEventList(events: readonly string[]): { ok: true; events: string[] } | { ok: false; unknown: string[] } {
  const unique = [...new Set(events)];
  const unknown = unique.filter((e) => e !== '*' && !(EVENT_TYPES as readonly string[]).includes(e));
  if (unknown.length > 0) return { ok: false, unknown };
  return { ok: true, events: unique.includes('*') ? ['*'] : unique };
}
