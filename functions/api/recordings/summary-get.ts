import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { getSummary } from '#shared/recordings/detail.ts';

export const handler = route('GET /recordings/{id}/summary', async ({ caller, params }) => ok(await getSummary(caller.userId, params.id)));
