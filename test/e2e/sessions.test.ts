// Web sessions over HTTP, the way the browser uses them: the cookie with Origin and the CSRF
// token on writes, what ends a session, and what a session may not do.
import { describe, expect, it } from 'vitest';
import { send } from '../fuzz/http.ts';
import { newSession, newUser, sessionHeaders } from '../support/api.ts';

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
