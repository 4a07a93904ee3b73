import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { eventRoutes } from '#shared/routes/events.ts';
import { getRecordingEvents } from '#shared/recordings/calendar.ts';

export const handler = route(eventRoutes, 'GET /recordings/{id}/events', async ({ caller, params }) => ok(await getRecordingEvents(caller.userId, params.id)));
