import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { replaceNotes } from '#shared/recordings/edit.ts';

export const handler = route(recordingRoutes, 'PUT /recordings/{id}/notes', async ({ caller, params, body }) => ok(await replaceNotes(caller.userId, params.id, body.notes)));
