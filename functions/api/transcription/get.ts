import { settings } from '#shared/config.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { capabilities } from '#shared/providers/capabilities.ts';

export const handler = route('GET /transcription', async () => ok(capabilities(settings())));
