import { signIn } from '#shared/auth/sessions.ts';
import { clientAddress } from '#shared/auth/client-address.ts';
import { cookieFor, sessionView } from '#shared/auth/web.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { authRoutes } from '#shared/routes/auth.ts';

export const handler = route(authRoutes, 'POST /auth/sign-in', async ({ body, event }) => {
  const session = await signIn({ email: body.email, password: body.password, address: clientAddress(event) });
  return { ...ok(await sessionView(session.userId, session.csrfToken), { 'Cache-Control': 'no-store' }), cookies: [cookieFor(event, session)] };
});
