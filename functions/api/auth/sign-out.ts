import { clearedCookie } from '#shared/auth/web.ts';
import { BadRequestError } from '#shared/domain/errors.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';
import { deleteSession } from '#shared/store/sessions.ts';

export const handler = route(authRoutes, 'POST /auth/sign-out', async ({ caller, event }) => {
  if (!caller.session) throw new BadRequestError('Sign-out ends a web session; an API token is revoked with DELETE /api/v1/tokens/{id}');
  await deleteSession(caller.session.hash);
  return { ...ok({ success: true }), cookies: [clearedCookie(event)] };
});
