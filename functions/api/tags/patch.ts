import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { tagRoutes } from '#shared/routes/tags.ts';
import { updateTag } from '#shared/tags/manage.ts';

// PATCH is accepted as PUT is (decisions §6).
export const handler = route(tagRoutes, 'PATCH /tags/{id}', async ({ caller, params, body }) => ok(await updateTag(caller.userId, params.id, body)));
