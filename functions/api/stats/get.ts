import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { recordingRoutes } from '#shared/routes/recordings.ts';
import { globalStats, userStats } from '#shared/recordings/stats.ts';

export const handler = route(recordingRoutes, 'GET /stats', async ({ caller, query }) => ok(query.scope === 'all' ? await globalStats(caller.userId) : await userStats(caller.userId)));
