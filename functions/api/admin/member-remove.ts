import { requireAdmin } from '#shared/auth/web.ts';
import { NotFoundError } from '#shared/domain/errors.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';
import { groupWithMembers, removeMember, requireGroup, requireUserByEmail } from '#shared/store/users.ts';

export const handler = route(authRoutes, 'DELETE /admin/memberships', async ({ caller, body }) => {
  await requireAdmin(caller.userId);
  const group = await requireGroup(body.group_id);
  const user = await requireUserByEmail(body.email);
  if (!(await removeMember(group.id, user.id))) throw new NotFoundError(`${user.email} is not in ${group.name}`);
  return ok({ success: true, group: await groupWithMembers(group.id) });
});
