// Web sessions over HTTP, the way the browser uses them: the cookie with Origin and the CSRF
// token on writes, what ends a session, and what a session may not do.
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '#shared/clients/dynamodb.ts';
import { describe, expect, it } from 'vitest';
import { acceptSignInLink, createSignInLink, setPassword } from '#shared/auth/sessions.ts';
import { dynamo } from '#shared/clients.ts';
import { settings } from '#shared/config.ts';
import { windowAt } from '#shared/domain/rate-limit.ts';
import { hashSessionId } from '#shared/domain/sessions.ts';
import { routeRows } from '#shared/routes.ts';
import { key, tableName } from '#shared/store/table.ts';
import { findUserByEmail, getUser } from '#shared/store/users.ts';
import { send } from '../fuzz/http.ts';
import { linkCode, newSession, newUser, sessionHeaders, spendRateBudget, stack, type WebSession } from '../support/api.ts';

const asSession = (session: WebSession, method: string, path: string, body?: unknown) =>
  send({ method, path, headers: sessionHeaders(session), body: body === undefined ? undefined : { kind: 'json', value: body } });

/** Signs in over HTTP as the web app does; the session its answer sets. */
async function signIn(email: string, password: string): Promise<WebSession> {
  const res = await send({ method: 'POST', path: '/auth/sign-in', body: { kind: 'json', value: { email, password } } });
  expect(res.status, res.text).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { cookie, csrfToken: res.json.csrf_token, hash: '' };
}

/**
 * A session the sessions index does not list (yet): the index is eventually consistent, so a
 * query right after a sign-in may miss the session it opened.
 */
async function hideFromIndex(session: WebSession): Promise<void> {
  await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key.session(session.hash), UpdateExpression: 'REMOVE GSI1PK, GSI1SK', ConditionExpression: 'attribute_exists(PK)' }));
}

const status = async (session: WebSession) => (await asSession(session, 'GET', '/users/me')).status;

/** Spends the rest of the user's budget of a class in this minute's window; the window's start. */
const spendBudget = async (userId: number, rateClass: 'read' | 'write') => (await spendRateBudget(userId, rateClass)).start;

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

describe('what ends the other sessions', () => {
  it('changing the password ends every other session at once; the one that changed it goes on', async () => {
    const { user } = await newUser();
    await setPassword(user.id, 'the first passphrase');
    const [first, second] = [await signIn(user.email, 'the first passphrase'), await signIn(user.email, 'the first passphrase')];
    expect([await status(first), await status(second)]).toEqual([200, 200]);
    const changed = await asSession(first, 'PUT', '/auth/password', { current_password: 'the first passphrase', new_password: 'the second passphrase' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toEqual({ success: true, sessions_ended: 1 });
    expect(await status(second)).toBe(401);
    expect(await status(first)).toBe(200);
  });

  it('changing the password ends a session opened just before, which the sessions index does not list yet', async () => {
    const { user } = await newUser();
    const [mine, other] = [await newSession(user.id), await newSession(user.id)];
    await hideFromIndex(other);
    expect(await status(other)).toBe(200);
    const changed = await asSession(mine, 'PUT', '/auth/password', { current_password: '', new_password: 'a brand new passphrase' });
    expect(changed.status, changed.text).toBe(200);
    expect(await status(other)).toBe(401);
    expect(await status(mine)).toBe(200);
  });

  it('signing out everywhere ends every session, the one that asked and one the index does not list yet', async () => {
    const { user, token } = await newUser();
    const [mine, other, listed] = [await newSession(user.id), await newSession(user.id), await newSession(user.id)];
    await hideFromIndex(other);
    const out = await asSession(mine, 'POST', '/auth/sign-out-everywhere');
    expect(out.status, out.text).toBe(200);
    expect(out.headers['set-cookie']).toEqual([expect.stringMatching(/^vb_session=; .*Max-Age=0/)]);
    expect([await status(mine), await status(other), await status(listed)]).toEqual([401, 401, 401]);
    expect((await send({ method: 'GET', path: '/users/me', token })).status, 'API tokens stay valid').toBe(200);
    expect(await status(await newSession(user.id)), 'a later sign-in works').toBe(200);
  });
});

describe('what a session may not do', () => {
  const body = (email: string): Record<string, unknown> => ({
    'POST /admin/invitations': { email, is_admin: true },
    'PUT /admin/admins': { email, is_admin: true },
    'POST /admin/groups': { name: `group of ${email}` },
    'PUT /admin/memberships': { group_id: 1, email, role: 'admin' },
    'DELETE /admin/memberships': { group_id: 1, email },
  });

  it('administration is refused with 403 to a user who is not an administrator, by token and by session alike', async () => {
    const { user, token } = await newUser();
    const session = await newSession(user.id);
    const admin = routeRows.filter((r) => r.path.startsWith('/admin/'));
    expect(admin.map((r) => r.key).sort()).toEqual(['DELETE /admin/memberships', 'GET /admin/groups', 'GET /admin/users', 'POST /admin/groups', 'POST /admin/invitations', 'PUT /admin/admins', 'PUT /admin/memberships']);
    const invited = `${randomUUID()}@example.test`;
    for (const row of admin) {
      const value = body(row.key === 'PUT /admin/admins' ? user.email : invited)[row.key];
      const json = value === undefined ? undefined : ({ kind: 'json', value } as const);
      const byToken = await send({ method: row.method, path: row.path, token, body: json });
      const bySession = await send({ method: row.method, path: row.path, headers: sessionHeaders(session), body: json });
      expect([byToken.status, byToken.json?.code], `${row.key} by token: ${byToken.text}`).toEqual([403, 'forbidden']);
      expect([bySession.status, bySession.json?.code], `${row.key} by session: ${bySession.text}`).toEqual([403, 'forbidden']);
    }
    expect(await findUserByEmail(invited), 'no one was invited').toBeUndefined();
    expect((await getUser(user.id))?.is_admin, 'the user did not make themselves an administrator').toBe(false);
  });
});

describe('what is stored', () => {
  it('a session from a sign-in link is stored by its SHA-256 only, with a TTL at its idle end', async () => {
    const { user } = await newUser();
    const link = await createSignInLink(user, stack().url);
    const code = linkCode(link.url);
    const res = await send({ method: 'POST', path: '/auth/links/accept', body: { kind: 'json', value: { code, password: 'a passphrase of mine' } } });
    expect(res.status, res.text).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`Max-Age=${settings().sessions.absoluteSeconds}`);
    const id = /^vb_session=([^;]+);/.exec(cookie)![1]!;
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.session(hashSessionId(id)), ConsistentRead: true }));
    expect(Item).toMatchObject({ type: 'session', user_id: user.id, hash: hashSessionId(id) });
    expect(Item!.ttl).toBe(Math.ceil((Date.parse(Item!.created_at) + settings().sessions.idleSeconds * 1000) / 1000));
    expect(JSON.stringify(Item)).not.toContain(id);
  });

  it('a one-time sign-in link works until 24 hours after it was made, then no more', async () => {
    const { user } = await newUser();
    const made = new Date();
    const codeOf = (link: { url: string }) => linkCode(link.url);
    const late = await createSignInLink(user, stack().url, made);
    expect(Date.parse(late.expires_at) - made.getTime()).toBe(24 * 3_600_000);
    await expect(acceptSignInLink(codeOf(late), 'a passphrase of mine', new Date(made.getTime() + 24 * 3_600_000))).rejects.toThrow(/invalid, used or expired/);
    const onTime = await createSignInLink(user, stack().url, made);
    const session = await acceptSignInLink(codeOf(onTime), 'a passphrase of mine', new Date(made.getTime() + 24 * 3_600_000 - 1000));
    expect(session.userId).toBe(user.id);
  });
});
