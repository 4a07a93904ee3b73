// Sign-in throttling: attempts are counted per account and per client address; after the
// free ones, each further attempt must wait twice as long as the one before (up to 15 min),
// counted from the last failure's answer. An attempt is counted before its password is checked,
// in one atomic step per counter, so parallel attempts cannot all pass before any is counted;
// a refused attempt counts too (the wait it is told is the one its own count starts), a right
// password gives its count back. Unknown accounts are counted the same way, so the answers
// never tell which emails exist.
import { createHash } from 'node:crypto';
import { RateLimitedError } from '../domain/errors.ts';
import { clearAttempts, countAttempt, markFailedAt, uncountAttempt, type FailureCount } from '../store/sign-in-attempts.ts';

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
const scopes = (attempt: Attempt) => [scope('account', attempt.email), scope('address', attempt.address)] as const;

export interface Attempt {
  readonly email: string;
  readonly address: string;
}

export interface Limits {
  readonly freeFailuresPerAccount: number;
  readonly freeFailuresPerAddress: number;
}

/** Counts the attempt; 429 when the counts before it say it had to wait. */
export async function admitAttempt(attempt: Attempt, limits: Limits, now: Date): Promise<void> {
  const [accountScope, addressScope] = scopes(attempt);
  const [account, address] = await Promise.all([countAttempt(accountScope, now), countAttempt(addressScope, now)]);
  const free = [limits.freeFailuresPerAccount, limits.freeFailuresPerAddress] as const;
  const wait = Math.max(waitFor(account, free[0], now.getTime()), waitFor(address, free[1], now.getTime()));
  if (wait === 0) return;
  throw new RateLimitedError(Math.max(delayAfter(account.count + 1, free[0]), delayAfter(address.count + 1, free[1])), {});
}

/** The attempt's password was wrong (or its account unknown): the next wait counts from now. */
export async function recordFailure(attempt: Attempt, now: Date): Promise<void> {
  await Promise.all(scopes(attempt).map((s) => markFailedAt(s, now)));
}

/**
 * A right password forgives the account's failures and gives the address its count back (not
 * the address's failures: one's own account must not reset a guesser).
 */
export async function recordSuccess(attempt: Attempt): Promise<void> {
  const [accountScope, addressScope] = scopes(attempt);
  await Promise.all([clearAttempts(accountScope), uncountAttempt(addressScope)]);
}
