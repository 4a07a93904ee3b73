import { requireAdmin } from '#shared/auth/web.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';
import { addMember, groupWithMembers, requireGroup } from '#shared/store/users.ts';

export const handler = route(authRoutes, 'PUT /admin/memberships', async ({ caller, body }) => {
  await requireAdmin(caller.userId);
  const group = await requireGroup(body.group_id);
  await addMember(group.name, body.email, body.role);
  return ok({ success: true, group: await groupWithMembers(group.id) });
});
