import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { speakerRoutes } from '#shared/routes/speakers.ts';
import { assignSpeakers } from '#shared/speakers/assign.ts';

export const handler = route(speakerRoutes, 'PUT /recordings/{id}/speakers/assign', async ({ caller, params, body }) => ok(await assignSpeakers(caller.userId, params.id, body)));
