import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { tagRoutes } from '#shared/routes/tags.ts';
import { updateTag } from '#shared/tags/manage.ts';

export const handler = route(tagRoutes, 'PUT /tags/{id}', async ({ caller, params, body }) => ok(await updateTag(caller.userId, params.id, body)));
