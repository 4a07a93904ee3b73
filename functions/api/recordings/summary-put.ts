import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { replaceSummary } from '#shared/recordings/edit.ts';

export const handler = route(recordingRoutes, 'PUT /recordings/{id}/summary', async ({ caller, params, body }) => ok(await replaceSummary(caller.userId, params.id, body.summary)));
