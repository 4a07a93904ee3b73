// Sign-in throttling: failures are counted per account and per client address; after the
// free ones, each further attempt must wait twice as long as the one before (up to 15 min).
// Unknown accounts are counted the same way, so the answers never tell which emails exist.
import { createHash } from 'node:crypto';
import { RateLimitedError } from '../domain/errors.ts';
import { addFailure, clearFailures, readFailures, type FailureCount } from '../store/sessions.ts';

const MAX_DELAY_SECONDS = 900;

/** Seconds to wait after `count` failures when `free` of them cost nothing. */
export function delayAfter(count: number, free: number): number {
  if (count < free) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** Math.min(20, count - free + 1));
}

/** Seconds still to wait, 0 when an attempt may be made now. */
export function waitFor(failures: FailureCount, free: number, nowMs: number): number {
  const delay = delayAfter(failures.count, free);
  if (delay === 0 || failures.last_failure_at === null) return 0;
  return Math.max(0, Math.ceil((Date.parse(failures.last_failure_at) + delay * 1000 - nowMs) / 1000));
}

const scope = (kind: 'account' | 'address', value: string) => `${kind}#${createHash('sha256').update(value.trim().toLowerCase()).digest('hex')}`;

export interface Attempt {
  readonly email: string;
  readonly address: string;
}

export interface Limits {
  readonly freeFailuresPerAccount: number;
  readonly freeFailuresPerAddress: number;
}

export async function checkThrottle(attempt: Attempt, limits: Limits, nowMs: number): Promise<void> {
  const [account, address] = await Promise.all([readFailures(scope('account', attempt.email)), readFailures(scope('address', attempt.address))]);
  const wait = Math.max(waitFor(account, limits.freeFailuresPerAccount, nowMs), waitFor(address, limits.freeFailuresPerAddress, nowMs));
  if (wait > 0) throw new RateLimitedError(wait, {});
}

export async function recordFailure(attempt: Attempt, now: Date): Promise<void> {
  await Promise.all([addFailure(scope('account', attempt.email), now), addFailure(scope('address', attempt.address), now)]);
}

/** A right password forgives the account's failures (not the address's: one's own account must not reset a guesser). */
export const forgiveAccount = (attempt: Attempt) => clearFailures(scope('account', attempt.email));
