import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { updateTag } from '#shared/tags/manage.ts';

export const handler = route('PUT /tags/{id}', async ({ caller, params, body }) => ok(await updateTag(caller.userId, params.id, body)));
