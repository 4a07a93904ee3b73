import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { describeRecording } from '#shared/recordings/detail.ts';
import { editRecording } from '#shared/recordings/edit.ts';

export const handler = route(recordingRoutes, 'PATCH /recordings/{id}', async ({ caller, params, body }) => {
  const { recording, texts } = await editRecording(caller.userId, params.id, body);
  return ok({ success: true, recording: await describeRecording(recording, texts) });
});
