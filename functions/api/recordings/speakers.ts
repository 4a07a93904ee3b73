import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { speakerRoutes } from '#shared/routes/speakers.ts';
import { recordingSpeakers } from '#shared/speakers/recording.ts';

export const handler = route(speakerRoutes, 'GET /recordings/{id}/speakers', async ({ caller, params, query }) => ok(await recordingSpeakers(caller.userId, params.id, query.threshold)));
