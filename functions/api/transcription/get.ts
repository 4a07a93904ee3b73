import { settings } from '#shared/config.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { transcriptionRoutes } from '#shared/routes/transcription.ts';
import { capabilities } from '#shared/providers/capabilities.ts';

export const handler = route(transcriptionRoutes, 'GET /transcription', async () => ok(capabilities(settings())));
