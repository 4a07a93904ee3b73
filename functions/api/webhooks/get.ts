import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { getOwnedWebhook } from '#shared/store/webhooks.ts';
import { viewWebhook } from '#shared/webhooks/present.ts';

export const handler = route(webhookRoutes, 'GET /webhooks/{id}', async ({ caller, params }) => ok(viewWebhook(await getOwnedWebhook(params.id, caller.userId))));
