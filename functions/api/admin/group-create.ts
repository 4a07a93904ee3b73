import { requireAdmin } from '#shared/auth/web.ts';
import { created } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';
import { createGroup } from '#shared/store/users.ts';

export const handler = route(authRoutes, 'POST /admin/groups', async ({ caller, body }) => {
  await requireAdmin(caller.userId);
  const group = await createGroup(body.name);
  return created({ success: true, group: { ...group, members: [] } });
});
