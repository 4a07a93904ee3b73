import { acceptSignInLink } from '#shared/auth/sessions.ts';
import { cookieFor, sessionView } from '#shared/auth/web.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';

export const handler = route(authRoutes, 'POST /auth/links/accept', async ({ body, event }) => {
  const session = await acceptSignInLink(body.code, body.password);
  return { ...ok(await sessionView(session.userId, session.csrfToken), { 'Cache-Control': 'no-store' }), cookies: [cookieFor(event, session)] };
});
