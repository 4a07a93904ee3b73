import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { tagRoutes } from '#shared/routes/tags.ts';
import { addRecordingTags } from '#shared/tags/recording-tags.ts';

export const handler = route(tagRoutes, 'POST /recordings/{id}/tags', async ({ caller, params, body }) => ok(await addRecordingTags(caller.userId, params.id, body)));
