import { created } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { tagRoutes } from '#shared/routes/tags.ts';
import { createTag } from '#shared/tags/manage.ts';

export const handler = route(tagRoutes, 'POST /tags', async ({ caller, body }) => created(await createTag(caller.userId, body)));
