import { signOutEverywhere } from '#shared/auth/sessions.ts';
import { clearedCookie } from '#shared/auth/web.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';

export const handler = route(authRoutes, 'POST /auth/sign-out-everywhere', async ({ caller, event }) => {
  const ended = await signOutEverywhere(caller.userId);
  return { ...ok({ success: true, sessions_ended: ended }), cookies: [clearedCookie(event)] };
});
