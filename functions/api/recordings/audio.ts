import { content, redirect } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { getAudio } from '#shared/recordings/audio.ts';

export const handler = route(recordingRoutes, 'GET /recordings/{id}/audio', async ({ caller, params, query, event }) => {
  const audio = await getAudio(caller.userId, params.id, { download: query.download, range: event.headers?.range });
  if (audio.kind === 'redirect') return redirect(audio.url, { 'Cache-Control': 'private, no-store' });
  return content(audio.body, audio.contentType, audio.headers, audio.status);
});
