import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { getRecordingDetail } from '#shared/recordings/detail.ts';

export const handler = route(recordingRoutes, 'GET /recordings/{id}', async ({ caller, params, query }) => ok(await getRecordingDetail(caller.userId, params.id, query)));
