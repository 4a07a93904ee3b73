import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { getNotes } from '#shared/recordings/detail.ts';

export const handler = route(recordingRoutes, 'GET /recordings/{id}/notes', async ({ caller, params }) => ok(await getNotes(caller.userId, params.id)));
