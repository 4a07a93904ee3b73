import { accepted } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { requestSummary } from '#shared/recordings/processing.ts';

export const handler = route(recordingRoutes, 'POST /recordings/{id}/summarize', async ({ caller, params, body }) => accepted(await requestSummary(caller.userId, params.id, body.custom_prompt)));
