import { content } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { eventRoutes } from '#shared/routes/events.ts';
import { getRecordingCalendar } from '#shared/recordings/calendar.ts';

export const handler = route(eventRoutes, 'GET /recordings/{id}/events/ics', async ({ caller, params }) => {
  const file = await getRecordingCalendar(caller.userId, params.id);
  return content(file.body, file.contentType, { 'Content-Disposition': file.disposition });
});
