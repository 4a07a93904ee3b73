import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { speakerRoutes } from '#shared/routes/speakers.ts';
import { identifySpeakers } from '#shared/speakers/identify.ts';

export const handler = route(speakerRoutes, 'POST /recordings/{id}/speakers/identify', async ({ caller, params }) => ok(await identifySpeakers(caller.userId, params.id)));
