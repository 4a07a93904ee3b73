import { inviteUser } from '#shared/auth/invite.ts';
import { baseUrlOf, requireAdmin } from '#shared/auth/web.ts';
import { created } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';

export const handler = route(authRoutes, 'POST /admin/invitations', async ({ caller, body, event }) => {
  await requireAdmin(caller.userId);
  const { user, link } = await inviteUser({ email: body.email, name: body.name, isAdmin: body.is_admin }, baseUrlOf(event));
  return created({ success: true, user, link }, { 'Cache-Control': 'no-store' });
});
