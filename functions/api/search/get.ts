import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { searchRoutes } from '#shared/routes/search.ts';
import { searchLibraryPage } from '#shared/search/search.ts';

export const handler = route(searchRoutes, 'GET /search', async ({ caller, query }) => ok(await searchLibraryPage(caller.userId, query)));
