import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { listRecordings } from '#shared/recordings/list.ts';

export const handler = route('GET /recordings', async ({ caller, query }) => ok(await listRecordings(caller.userId, query)));
