import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { deleteRecording } from '#shared/recordings/remove.ts';

export const handler = route(recordingRoutes, 'DELETE /recordings/{id}', async ({ caller, params }) => ok(await deleteRecording(caller.userId, params.id)));
