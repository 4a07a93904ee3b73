import { queuePosition } from '#shared/domain/recordings/status.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { processingStatus } from '#shared/recordings/present.ts';
import { getOwnedRecording, pendingAhead } from '#shared/store/recordings.ts';

export const handler = route(recordingRoutes, 'GET /recordings/{id}/status', async ({ caller, params }) => {
  const recording = await getOwnedRecording(params.id, caller.userId);
  return ok(processingStatus(recording, queuePosition(recording.status, await pendingAhead(recording))));
});
