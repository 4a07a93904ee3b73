import { sessionView } from '#shared/auth/web.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { authRoutes } from '#shared/routes/auth.ts';

export const handler = route(authRoutes, 'GET /auth/session', async ({ caller }) => ok(await sessionView(caller.userId, caller.session?.csrfToken ?? null), { 'Cache-Control': 'no-store' }));
