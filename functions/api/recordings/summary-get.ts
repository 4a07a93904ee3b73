import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { getSummary } from '#shared/recordings/detail.ts';

export const handler = route(recordingRoutes, 'GET /recordings/{id}/summary', async ({ caller, params }) => ok(await getSummary(caller.userId, params.id)));
