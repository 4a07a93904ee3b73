import { created } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { createWebhook } from '#shared/webhooks/manage.ts';
import { viewWebhookWithSecret } from '#shared/webhooks/present.ts';

export const handler = route(webhookRoutes, 'POST /webhooks', async ({ caller, body }) => created(viewWebhookWithSecret(await createWebhook(caller.userId, body))));
