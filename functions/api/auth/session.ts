import { sessionView } from '#shared/auth/web.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';

export const handler = route('GET /auth/session', async ({ caller }) => ok(await sessionView(caller.userId, caller.session?.csrfToken ?? null), { 'Cache-Control': 'no-store' }));
