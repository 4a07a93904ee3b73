import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { speakerRoutes } from '#shared/routes/speakers.ts';
import { renameSpeaker } from '#shared/speakers/manage.ts';

export const handler = route(speakerRoutes, 'PUT /speakers/{id}', async ({ caller, params, body }) => ok(await renameSpeaker(caller.userId, params.id, body.name)));
