import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { updateWebhook } from '#shared/webhooks/manage.ts';
import { viewWebhook } from '#shared/webhooks/present.ts';

export const handler = route(webhookRoutes, 'PATCH /webhooks/{id}', async ({ caller, params, body }) => ok(viewWebhook(await updateWebhook(caller.userId, params.id, body))));
