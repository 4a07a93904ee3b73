import { NotFoundError } from '#shared/domain/errors.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { accountRoutes } from '#shared/routes/account.ts';
import { getProfile } from '#shared/store/users.ts';

export const handler = route(accountRoutes, 'GET /users/me', async ({ caller }) => {
  const profile = await getProfile(caller.userId);
  if (!profile) throw new NotFoundError('User not found');
  return ok(profile);
});
