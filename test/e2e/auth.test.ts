import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { generateToken, hashToken } from '#shared/domain/tokens.ts';
import { findTokenByHash, insertToken } from '#shared/store/tokens.ts';
import { call, newUser } from '../support/api.ts';

const BAD_CHECKSUM = 'vbt_Xq3Lr8VbN2pKt7WzJ5cYf1HsD9gMa4EuQ6oTiR0nBvC0uEu70';
const UNKNOWN = 'vbt_Xq3Lr8VbN2pKt7WzJ5cYf1HsD9gMa4EuQ6oTiR0nBvC0uEu7v';

const expect401 = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe('Bearer');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.body).toMatchObject({ code: 'unauthorized', error: expect.any(String), request_id: response.headers.get('x-request-id') });
};

describe('authentication carriers', () => {
  it.each([
    ['Authorization: Bearer', (t: string) => ({ headers: { authorization: `Bearer ${t}` } })],
    ['a lower-case bearer scheme', (t: string) => ({ headers: { authorization: `bearer ${t}` } })],
    ['X-API-Token', (t: string) => ({ headers: { 'X-API-Token': t } })],
    ['API-Token', (t: string) => ({ headers: { 'API-Token': t } })],
    ['?token=', (t: string) => ({ query: `?token=${t}` })],
  ])('accepts a token sent as %s', async (_, carry) => {
    const { user, token } = await newUser();
    const { headers, query } = carry(token) as { headers?: Record<string, string>; query?: string };
    const me = await call(`/users/me${query ?? ''}`, { headers });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it('uses the first carrier present and never falls back when it is invalid', async () => {
    const { token } = await newUser();
    expect401(await call('/users/me', { headers: { authorization: `Bearer ${BAD_CHECKSUM}`, 'x-api-token': token } }));
    expect401(await call(`/users/me?token=${token}`, { headers: { 'api-token': UNKNOWN } }));
    expect401(await call('/users/me', { headers: { authorization: `Basic ${token}`, 'x-api-token': token } }));
    expect((await call(`/users/me?token=${BAD_CHECKSUM}`, { headers: { 'x-api-token': token } })).status).toBe(200);
  });

  it('refuses a missing credential, a wrong checksum and an unknown token with 401 JSON', async () => {
    expect401(await call('/users/me'));
    expect401(await call('/users/me', { token: BAD_CHECKSUM }));
    expect401(await call('/users/me', { token: UNKNOWN }));
    expect401(await call('/users/me', { headers: { authorization: 'Bearer  ' + UNKNOWN } }));
  });

  it('refuses an expired token', async () => {
    const { user } = await newUser();
    const token = generateToken(randomBytes);
    await insertToken({ userId: user.id, name: 'old', hash: hashToken(token), expiresAt: new Date(Date.now() - 1000).toISOString() });
    const me = await call('/users/me', { token });
    expect401(me);
    // The same answer as an unknown token: a stolen token's holder learns nothing (issue 16, item 16).
    expect(me.body.error).toBe((await call('/users/me', { token: UNKNOWN })).body.error);
  });

  it('refuses a revoked token at once', async () => {
    const { token } = await newUser();
    const { body: list } = await call('/tokens', { token });
    const revoked = await call(`/tokens/${list.tokens[0].id}`, { method: 'DELETE', token });
    expect(revoked.status).toBe(200);
    const me = await call('/users/me', { token });
    expect401(me);
    expect(me.body.error).toBe((await call('/users/me', { token: UNKNOWN })).body.error);
    expect((await call('/users/me', { token: BAD_CHECKSUM })).body.error).toBe(me.body.error);
    expect((await call('/users/me', { headers: { authorization: 'Basic x' } })).body.error).toBe(me.body.error);
  });

  it('records last use at most once a minute', async () => {
    const { token } = await newUser();
    await call('/users/me', { token });
    const first = await findTokenByHash(hashToken(token));
    expect(first?.last_used_at).toEqual(expect.any(String));
    await call('/users/me', { token });
    await call('/users/me', { token });
    expect((await findTokenByHash(hashToken(token)))?.last_used_at).toBe(first?.last_used_at);
  });
});
