import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { batchTranscribe } from '#shared/recordings/batch.ts';

export const handler = route(recordingRoutes, 'POST /recordings/batch/transcribe', async ({ caller, body }) => ok(await batchTranscribe(caller.userId, body.recording_ids)));
