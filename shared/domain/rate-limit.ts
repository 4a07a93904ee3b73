// Fixed one-minute windows per user and class. The counter lives in the database so every
// function instance sees the same count; this module only does the arithmetic.

export type RateClass = 'stats' | 'read' | 'write' | 'processing' | 'batch';

const WINDOW_SECONDS = 60;

export interface RateWindow {
  readonly start: number; // epoch seconds
  readonly resetAt: number; // epoch seconds
}

export function windowAt(nowMs: number): RateWindow {
  const start = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  return { start, resetAt: start + WINDOW_SECONDS };
}

export interface RateDecision {
  readonly allowed: boolean;
  readonly headers: Record<string, string>;
  readonly retryAfterSeconds: number;
}

export function decide(rateClass: RateClass, limit: number, count: number, window: RateWindow, nowMs: number): RateDecision {
  const secondsToReset = Math.max(1, Math.ceil(window.resetAt - nowMs / 1000));
  const remaining = Math.max(0, limit - count);
  return {
    allowed: count <= limit,
    retryAfterSeconds: secondsToReset,
    headers: {
      'RateLimit-Policy': `"${rateClass}";q=${limit};w=${WINDOW_SECONDS}`,
      RateLimit: `"${rateClass}";r=${remaining};t=${secondsToReset}`,
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(window.resetAt),
    },
  };
}
