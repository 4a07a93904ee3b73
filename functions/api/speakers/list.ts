import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { listSpeakers } from '#shared/speakers/manage.ts';

export const handler = route('GET /speakers', async ({ caller }) => ok(await listSpeakers(caller.userId)));
