import { requireAdmin } from '#shared/auth/web.ts';
import { BadRequestError } from '#shared/domain/errors.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';
import { requireUserByEmail, setUserAdmin } from '#shared/store/users.ts';

export const handler = route(authRoutes, 'PUT /admin/admins', async ({ caller, body }) => {
  const me = await requireAdmin(caller.userId);
  const user = await requireUserByEmail(body.email);
  if (user.id === me.id) throw new BadRequestError('You cannot change your own administrator flag');
  return ok({ success: true, user: await setUserAdmin(user.id, body.is_admin) });
});
