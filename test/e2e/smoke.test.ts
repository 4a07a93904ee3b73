import { describe, expect, it } from 'vitest';
import { call, newUser, stack } from '../support/api.ts';

describe('the local stack', () => {
  it('answers /users/me for the first administrator', async () => {
    const me = await call('/users/me', { token: stack().adminToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'admin@localhost', is_admin: true });
  });

  it('answers /users/me for a new user with their own profile', async () => {
    const { user, token } = await newUser();
    const me = await call('/users/me', { token });
    expect(me.body).toMatchObject({ id: user.id, is_admin: false, groups: [] });
  });
});
