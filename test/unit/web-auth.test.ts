// Passwords, session expiry, CSRF rules and sign-in delays (decisions §2b).
import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, hashPassword, needsRehash, SCRYPT, verifyPassword } from '#shared/domain/passwords.ts';
import { csrfRefusal, csrfTokenFor, hashSessionId, newSessionId, requestOrigin, sessionCookie, sessionEndsAt, sessionIdFrom, sessionIsLive } from '#shared/domain/sessions.ts';
import { delayAfter, waitFor } from '#shared/auth/throttle.ts';

// scrypt at N = 2^17 takes a good fraction of a second on a busy machine.
describe('passwords', { timeout: 60_000 }, () => {
  it('hashes with scrypt at OWASP parameters, a fresh salt each time, and verifies only the right password', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(SCRYPT).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery staple', first)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('verifies hashes made with other parameters and says they need a rehash', async () => {
    const weak = await hashPassword('an older password', { N: 2 ** 14, r: 8, p: 1 });
    expect(await verifyPassword('an older password', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
  });

  it('refuses a stored value that is not one of our hashes', async () => {
    expect(await verifyPassword('x', 'plain text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$c2FsdA$')).toBe(false);
  });

  it('refuses short, long and control-character passwords', () => {
    expect(() => checkPasswordPolicy('short')).toThrow(/at least 12/);
    expect(() => checkPasswordPolicy('x'.repeat(257))).toThrow(/at most 256/);
    expect(() => checkPasswordPolicy('twelve chars\u0000long')).toThrow(/control/);
    expect(() => checkPasswordPolicy('lone surrogate \uD800 here')).toThrow(/ill-formed/);
    expect(() => checkPasswordPolicy('a perfectly fine passphrase')).not.toThrow();
  });
});

describe('session expiry', () => {
  const limits = { idleSeconds: 12 * 3600, absoluteSeconds: 14 * 86_400 };
  const created = Date.parse('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(ms).toISOString();

  it('ends 12 h after the last use', () => {
    const session = { created_at: at(created), last_seen_at: at(created) };
    expect(sessionIsLive(session, limits, created + 12 * 3600_000 - 1)).toBe(true);
    expect(sessionIsLive(session, limits, created + 12 * 3600_000)).toBe(false);
  });

  it('ends 14 days after sign-in however often it is used', () => {
    const session = { created_at: at(created), last_seen_at: at(created + 14 * 86_400_000 - 1000) };
    expect(sessionEndsAt(session, limits)).toBe(created + 14 * 86_400_000);
    expect(sessionIsLive(session, limits, created + 14 * 86_400_000)).toBe(false);
  });

  it('ids are 256 random bits, stored only as their SHA-256', () => {
    const id = newSessionId();
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(hashSessionId(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(newSessionId()).not.toBe(id);
  });

  it('the cookie is HttpOnly, SameSite=Lax, Path=/, and Secure over https only', () => {
    expect(sessionCookie('abc', false, 60)).toBe('vb_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60');
    expect(sessionCookie('abc', true, 60)).toMatch(/; Secure$/);
    expect(sessionIdFrom(['theme=dark', 'vb_session=abc'])).toBe('abc');
    expect(sessionIdFrom(['a=1; vb_session=xyz'])).toBe('xyz');
    expect(sessionIdFrom(undefined)).toBeUndefined();
    expect(requestOrigin({ host: 'app.example', 'x-forwarded-proto': 'https' })).toEqual({ origin: 'https://app.example', secure: true });
  });
});

describe('CSRF rules for cookie-carried requests', () => {
  const sessionId = newSessionId();
  const csrf = csrfTokenFor(sessionId);
  const ours = 'http://127.0.0.1:3000';
  const check = (method: string, headers: Record<string, string>) => csrfRefusal({ method, headers, sessionId, allowedOrigins: [ours] });

  it('lets reads through without anything', () => {
    expect(check('GET', {})).toBeUndefined();
  });

  it('lets a same-origin write with the token through', () => {
    expect(check('POST', { origin: ours, 'x-csrf-token': csrf })).toBeUndefined();
    expect(check('DELETE', { 'sec-fetch-site': 'same-origin', 'x-csrf-token': csrf })).toBeUndefined();
  });

  it('refuses writes from another site, another origin, or with no origin at all', () => {
    expect(check('POST', { origin: 'https://evil.example', 'x-csrf-token': csrf })).toMatch(/Cross-origin/);
    expect(check('POST', { 'sec-fetch-site': 'cross-site', origin: ours, 'x-csrf-token': csrf })).toMatch(/Cross-site/);
    expect(check('POST', { 'sec-fetch-site': 'same-site', 'x-csrf-token': csrf })).toMatch(/Cross-site/);
    expect(check('PUT', { 'x-csrf-token': csrf })).toMatch(/Origin/);
  });

  it('refuses a missing or wrong token even from our origin', () => {
    expect(check('PATCH', { origin: ours })).toMatch(/CSRF/);
    expect(check('POST', { origin: ours, 'x-csrf-token': csrfTokenFor(newSessionId()) })).toMatch(/CSRF/);
    expect(check('POST', { origin: ours, 'x-csrf-token': 'short' })).toMatch(/CSRF/);
  });

  it('refuses a non-ASCII token as long as the real one in characters (longer in bytes) instead of throwing', () => {
    const sent = 'é'.repeat(csrf.length);
    expect(sent).toHaveLength(43);
    expect(check('POST', { origin: ours, 'x-csrf-token': sent })).toMatch(/CSRF/);
    expect(check('POST', { origin: ours, 'x-csrf-token': `${csrf.slice(0, -1)}é` })).toMatch(/CSRF/);
  });
});

describe('sign-in delays', () => {
  it('cost nothing for the free failures, then double up to 15 minutes', () => {
    expect([0, 4].map((n) => delayAfter(n, 5))).toEqual([0, 0]);
    expect([5, 6, 7, 8].map((n) => delayAfter(n, 5))).toEqual([2, 4, 8, 16]);
    expect(delayAfter(50, 5)).toBe(900);
  });

  it('count from the last failure', () => {
    const last = Date.parse('2026-01-01T00:00:00Z');
    const failures = { count: 7, last_failure_at: new Date(last).toISOString() };
    expect(waitFor(failures, 5, last + 1000)).toBe(7);
    expect(waitFor(failures, 5, last + 8000)).toBe(0);
    expect(waitFor({ count: 2, last_failure_at: new Date(last).toISOString() }, 5, last)).toBe(0);
  });
});
