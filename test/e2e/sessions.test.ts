// Web sessions over HTTP, the way the browser uses them: the cookie with Origin and the CSRF
// token on writes, what ends a session, and what a session may not do.
import { describe, expect, it } from 'vitest';
import { settings } from '#shared/config.ts';
import { windowAt } from '#shared/domain/rate-limit.ts';
import { countRequest } from '#shared/store/rate-counters.ts';
import { send } from '../fuzz/http.ts';
import { newSession, newUser, sessionHeaders, type WebSession } from '../support/api.ts';

const asSession = (session: WebSession, method: string, path: string, body?: unknown) =>
  send({ method, path, headers: sessionHeaders(session), body: body === undefined ? undefined : { kind: 'json', value: body } });

/** Spends the rest of the user's budget of a class in this minute's window; the window's start. */
async function spendBudget(userId: number, rateClass: 'read' | 'write'): Promise<number> {
  // A window about to end would give the budget back before the test is done.
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < 15) await new Promise((r) => setTimeout(r, left * 1000 + 100));
  const window = windowAt(Date.now());
  await countRequest(userId, rateClass, window.start, window.resetAt + 60, settings().rateLimits[rateClass]);
  return window.start;
}

describe('the CSRF token of a cookie-carried write', () => {
  it('is refused with 403, not a failure, when it is non-ASCII and as long as the real one in characters', async () => {
    const { user } = await newUser();
    const session = await newSession(user.id);
    // Node sends these as Latin-1 bytes, so the function sees 43 characters of 86 UTF-8 bytes.
    const headers = { ...sessionHeaders(session), 'x-csrf-token': 'é'.repeat(session.csrfToken.length) };
    const res = await send({ method: 'PUT', path: '/users/me', headers, body: { kind: 'json', value: { name: 'Mallory' } } });
    expect(res.status, res.text).toBe(403);
    expect(res.json).toMatchObject({ code: 'forbidden', error: expect.stringMatching(/CSRF/) });
    const right = await send({ method: 'PUT', path: '/users/me', headers: sessionHeaders(session), body: { kind: 'json', value: { name: 'Alice' } } });
    expect(right.status, right.text).toBe(200);
  });
});

describe('signing out', () => {
  it('works for a user with no write budget left, and ends the session at once', async () => {
    const { user } = await newUser();
    const session = await newSession(user.id);
    const window = await spendBudget(user.id, 'write');
    const write = await asSession(session, 'PUT', '/users/me', { name: 'Busy' });
    expect(write.status, write.text).toBe(429);
    const out = await asSession(session, 'POST', '/auth/sign-out');
    expect(out.status, out.text).toBe(200);
    expect(out.headers['set-cookie']).toEqual([expect.stringMatching(/^vb_session=; .*Max-Age=0/)]);
    expect(windowAt(Date.now()).start, 'the budget was spent throughout').toBe(window);
    expect((await asSession(session, 'GET', '/users/me')).status).toBe(401);
  });
});
