import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';

describe('managing API tokens over the API', () => {
  it('creates a token whose secret is shown once and works at once', async () => {
    const { token } = await newUser();
    const created = await call('/tokens', { method: 'POST', token, body: { name: 'zapier', expires_in_days: 90 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, name: 'zapier', status: 'active', token: expect.stringMatching(/^vbt_/) });
    expect(Date.parse(created.body.expires_at) - Date.now()).toBeGreaterThan(89 * 86_400_000);
    expect((await call('/users/me', { token: created.body.token })).status).toBe(200);

    const list = await call('/tokens', { token });
    expect(list.body.tokens.map((t: { name: string }) => t.name)).toEqual(['test', 'zapier']);
    expect(list.text).not.toContain(created.body.token);
    expect(list.text).not.toMatch(/vbt_|hash/);
  });

  it('never expires a token created with 0 days', async () => {
    const { token } = await newUser();
    const created = await call('/tokens', { method: 'POST', token, body: { name: 'forever' } });
    expect(created.body.expires_at).toBeNull();
  });

  it('renames and revokes, keeping the revoked token listed', async () => {
    const { token } = await newUser();
    const { body } = await call('/tokens', { method: 'POST', token, body: { name: 'old name' } });
    const renamed = await call(`/tokens/${body.id}`, { method: 'PATCH', token, body: { name: 'new name' } });
    expect(renamed.body.token).toMatchObject({ id: body.id, name: 'new name', status: 'active' });
    const revoked = await call(`/tokens/${body.id}`, { method: 'DELETE', token });
    expect(revoked.body.token).toMatchObject({ id: body.id, status: 'revoked', revoked_at: expect.any(String) });
    const list = await call('/tokens', { token });
    expect(list.body.tokens.find((t: { id: number }) => t.id === body.id)).toMatchObject({ status: 'revoked' });
    const again = await call(`/tokens/${body.id}`, { method: 'DELETE', token });
    expect(again.body.token.revoked_at).toBe(revoked.body.token.revoked_at);
  });

  it("answers 403 for another user's token and 404 for one that does not exist", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { body } = await call('/tokens', { token: owner.token });
    const id = body.tokens[0].id;
    expect((await call(`/tokens/${id}`, { method: 'PATCH', token: other.token, body: { name: 'mine' } })).status).toBe(403);
    expect((await call(`/tokens/${id}`, { method: 'DELETE', token: other.token })).status).toBe(403);
    expect((await call('/users/me', { token: owner.token })).status).toBe(200);
    expect((await call('/tokens/999999999', { method: 'DELETE', token: other.token })).status).toBe(404);
  });

  it.each([
    ['an unknown expiry', { name: 'x', expires_in_days: 7 }, 'expires_in_days'],
    ['an empty name', { name: '  ' }, 'name'],
    ['an unknown field', { name: 'x', scope: 'all' }, 'scope'],
    ['a missing name', {}, 'name'],
  ])('refuses %s with 400 and stores nothing', async (_, body, field) => {
    const { token } = await newUser();
    const response = await call('/tokens', { method: 'POST', token, body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain(field);
    expect((await call('/tokens', { token })).body.tokens).toHaveLength(1);
  });

  it('refuses a non-integer id with 400', async () => {
    const { token } = await newUser();
    const response = await call('/tokens/abc', { method: 'DELETE', token });
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toBe('id');
  });
});
