import { created } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { speakerRoutes } from '#shared/routes/speakers.ts';
import { createSpeaker } from '#shared/speakers/manage.ts';

export const handler = route(speakerRoutes, 'POST /speakers', async ({ caller, body }) => created(await createSpeaker(caller.userId, body.name)));
