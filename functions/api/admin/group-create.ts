import { requireAdmin } from '#shared/auth/web.ts';
import { created } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { createGroup } from '#shared/store/users.ts';

export const handler = route('POST /admin/groups', async ({ caller, body }) => {
  await requireAdmin(caller.userId);
  const group = await createGroup(body.name);
  return created({ success: true, group: { ...group, members: [] } });
});
