import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { rotateSecret } from '#shared/webhooks/manage.ts';
import { viewWebhookWithSecret } from '#shared/webhooks/present.ts';

export const handler = route(webhookRoutes, 'POST /webhooks/{id}/rotate-secret', async ({ caller, params }) => ok(viewWebhookWithSecret(await rotateSecret(caller.userId, params.id))));
