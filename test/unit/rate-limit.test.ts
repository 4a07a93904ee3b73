import { describe, expect, it } from 'vitest';
import { decide, windowAt } from '#shared/domain/rate-limit.ts';

describe('rate-limit windows', () => {
  const now = Date.parse('2026-11-21T12:00:42.500Z');
  const window = windowAt(now);

  it('uses fixed one-minute windows', () => {
    expect(window.start).toBe(Date.parse('2026-11-21T12:00:00Z') / 1000);
    expect(window.resetAt).toBe(window.start + 60);
  });

  it('allows the request that reaches the limit and refuses the next one', () => {
    expect(decide('read', 100, 100, window, now).allowed).toBe(true);
    expect(decide('read', 100, 101, window, now).allowed).toBe(false);
  });

  it('describes the budget with the IETF and X-RateLimit fields', () => {
    expect(decide('read', 100, 40, window, now).headers).toEqual({
      'RateLimit-Policy': '"read";q=100;w=60',
      RateLimit: '"read";r=60;t=18',
      'X-RateLimit-Limit': '100',
      'X-RateLimit-Remaining': '60',
      'X-RateLimit-Reset': String(window.resetAt),
    });
  });

  it('asks a refused client to retry when the window resets, never sooner than a second', () => {
    expect(decide('write', 30, 31, window, now).retryAfterSeconds).toBe(18);
    expect(decide('write', 30, 31, window, (window.resetAt - 0.1) * 1000).retryAfterSeconds).toBe(1);
    expect(decide('write', 30, 31, window, now).headers['X-RateLimit-Remaining']).toBe('0');
  });
});
