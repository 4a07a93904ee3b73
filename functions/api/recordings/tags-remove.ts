import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { tagRoutes } from '#shared/routes/tags.ts';
import { removeRecordingTag } from '#shared/tags/recording-tags.ts';

export const handler = route(tagRoutes, 'DELETE /recordings/{id}/tags/{tag_id}', async ({ caller, params }) => ok(await removeRecordingTag(caller.userId, params.id, params.tag_id)));
