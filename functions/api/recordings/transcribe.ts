import { accepted } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { requestTranscription } from '#shared/recordings/processing.ts';

export const handler = route(recordingRoutes, 'POST /recordings/{id}/transcribe', async ({ caller, params, body }) => accepted(await requestTranscription(caller.userId, params.id, body)));
