import { accepted } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { testWebhook } from '#shared/webhooks/manage.ts';
import { viewDelivery } from '#shared/webhooks/present.ts';

export const handler = route(webhookRoutes, 'POST /webhooks/{id}/test', async ({ caller, params }) => accepted({ success: true, delivery: viewDelivery(await testWebhook(caller.userId, params.id)) }));
