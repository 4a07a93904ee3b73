import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { speakerRoutes } from '#shared/routes/speakers.ts';
import { deleteSpeaker } from '#shared/speakers/manage.ts';

export const handler = route(speakerRoutes, 'DELETE /speakers/{id}', async ({ caller, params }) => ok(await deleteSpeaker(caller.userId, params.id)));
