import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { listRecordings } from '#shared/recordings/list.ts';

export const handler = route(recordingRoutes, 'GET /recordings', async ({ caller, query }) => ok(await listRecordings(caller.userId, query)));
