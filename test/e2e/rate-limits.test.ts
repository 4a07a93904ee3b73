import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';

/** Waits for a fresh minute window when the current one is nearly over, so a burst fits in one. */
async function startOfWindowIfNeeded(seconds: number): Promise<void> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 100));
}

describe('rate limits', () => {
  it('answers the 101st GET within a minute with 429 and Retry-After', async () => {
    const { token } = await newUser();
    await startOfWindowIfNeeded(20);
    for (let i = 1; i <= 100; i++) {
      const ok = await call('/users/me', { token });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(100 - i));
    }
    const limited = await call('/users/me', { token });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number), request_id: expect.any(String) });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-policy')).toBe('"read";q=100;w=60');
    expect(limited.headers.get('ratelimit')).toBe(`"read";r=0;t=${retryAfter}`);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('100');
  }, 60_000);

  it('counts per user: every token of a user shares the budget, other users are untouched', async () => {
    const { token } = await newUser();
    const second = (await call('/tokens', { method: 'POST', token, body: { name: 'second' } })).body.token;
    await startOfWindowIfNeeded(10);
    const first = await call('/users/me', { token });
    const fromSecond = await call('/users/me', { token: second });
    expect(Number(fromSecond.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
    const stranger = await newUser();
    expect((await call('/users/me', { token: stranger.token })).headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('counts classes apart: writes have their own budget of 30', async () => {
    const { token } = await newUser();
    const write = await call('/tokens', { method: 'POST', token, body: { name: 'w' } });
    expect(write.headers.get('ratelimit-policy')).toBe('"write";q=30;w=60');
    expect(write.headers.get('x-ratelimit-remaining')).toBe('29');
  });

  it('puts the rate-limit fields on error answers too', async () => {
    const { token } = await newUser();
    const response = await call('/tokens/999999999', { method: 'DELETE', token });
    expect(response.status).toBe(404);
    expect(response.headers.get('ratelimit-policy')).toBe('"write";q=30;w=60');
  });
});
