import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { searchRoutes } from '#shared/routes/search.ts';
import { chatWithLibrary } from '#shared/search/chat.ts';

export const handler = route(searchRoutes, 'POST /chat', async ({ caller, body }) => ok(await chatWithLibrary(caller.userId, body)));
