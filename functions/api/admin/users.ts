import { requireAdmin } from '#shared/auth/web.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { authRoutes } from '#shared/routes/auth.ts';
import { listUsers } from '#shared/store/users.ts';

export const handler = route(authRoutes, 'GET /admin/users', async ({ caller }) => {
  await requireAdmin(caller.userId);
  return ok({ users: await listUsers() });
});
