import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { speakerRoutes } from '#shared/routes/speakers.ts';
import { listSpeakers } from '#shared/speakers/manage.ts';

export const handler = route(speakerRoutes, 'GET /speakers', async ({ caller }) => ok(await listSpeakers(caller.userId)));
