import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { batchUpdate } from '#shared/recordings/batch.ts';

export const handler = route(recordingRoutes, 'PATCH /recordings/batch', async ({ caller, body }) => ok(await batchUpdate(caller.userId, body.recording_ids, body.updates)));
