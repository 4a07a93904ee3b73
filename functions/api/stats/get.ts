import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { globalStats, userStats } from '#shared/recordings/stats.ts';

export const handler = route('GET /stats', async ({ caller, query }) => ok(query.scope === 'all' ? await globalStats(caller.userId) : await userStats(caller.userId)));
