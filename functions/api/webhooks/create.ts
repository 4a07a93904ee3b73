import { created } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { createWebhook } from '#shared/webhooks/manage.ts';
import { viewWebhookWithSecret } from '#shared/webhooks/present.ts';

export const handler = route('POST /webhooks', async ({ caller, body }) => created(viewWebhookWithSecret(await createWebhook(caller.userId, body))));
