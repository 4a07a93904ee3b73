import { changePassword } from '#shared/auth/sessions.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';

export const handler = route(authRoutes, 'PUT /auth/password', async ({ caller, body }) => {
  const ended = await changePassword(caller.userId, body.current_password, body.new_password, caller.session?.hash);
  return ok({ success: true, sessions_ended: ended });
});
