import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { tagRoutes } from '#shared/routes/tags.ts';
import { listTags } from '#shared/tags/manage.ts';

export const handler = route(tagRoutes, 'GET /tags', async ({ caller }) => ok(await listTags(caller.userId)));
