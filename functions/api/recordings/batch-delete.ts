import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { batchDelete } from '#shared/recordings/batch-delete.ts';

export const handler = route(recordingRoutes, 'DELETE /recordings/batch', async ({ caller, body }) => ok(await batchDelete(caller.userId, body.recording_ids)));
