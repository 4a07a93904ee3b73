import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { tagRoutes } from '#shared/routes/tags.ts';
import { deleteTag } from '#shared/tags/manage.ts';

export const handler = route(tagRoutes, 'DELETE /tags/{id}', async ({ caller, params }) => ok(await deleteTag(caller.userId, params.id)));
