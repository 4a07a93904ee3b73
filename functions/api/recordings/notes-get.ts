import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { getNotes } from '#shared/recordings/detail.ts';

export const handler = route('GET /recordings/{id}/notes', async ({ caller, params }) => ok(await getNotes(caller.userId, params.id)));
