import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { getRecordingEvents } from '#shared/recordings/calendar.ts';

export const handler = route('GET /recordings/{id}/events', async ({ caller, params }) => ok(await getRecordingEvents(caller.userId, params.id)));
