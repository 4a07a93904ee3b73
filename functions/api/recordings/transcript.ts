import { content, ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { getTranscript, transcriptFile } from '#shared/recordings/detail.ts';

export const handler = route(recordingRoutes, 'GET /recordings/{id}/transcript', async ({ caller, params, query }) => {
  const { recording, transcript } = await getTranscript(caller.userId, params.id, query.format);
  if (!query.download) return ok(transcript);
  const file = transcriptFile(recording, transcript);
  return content(file.body, file.contentType, { 'Content-Disposition': file.disposition });
});
