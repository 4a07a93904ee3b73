// What a failed job does next: transient provider trouble retries with back-off until the
// attempts run out; anything else fails the recording with a message safe to show its owner.
import { ProviderError } from '../providers/types.ts';

export type FailureOutcome = { readonly retryInSeconds: number } | { readonly failWith: string };

export function onFailure(error: unknown, attempt: number, policy: { maxAttempts: number; retryDelaysSeconds: readonly number[] }, what: string): FailureOutcome {
  if (!(error instanceof ProviderError)) return { failWith: `${what} failed because of an internal error` };
  if (!error.retryable) return { failWith: error.message };
  if (attempt >= policy.maxAttempts) return { failWith: `${error.message} (gave up after ${attempt} attempts)` };
  const planned = policy.retryDelaysSeconds[Math.min(attempt - 1, policy.retryDelaysSeconds.length - 1)] ?? 60;
  return { retryInSeconds: Math.max(planned, error.retryAfterSeconds ?? 0) };
}
