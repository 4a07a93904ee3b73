import { noContent } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { deleteWebhook } from '#shared/webhooks/manage.ts';

export const handler = route(webhookRoutes, 'DELETE /webhooks/{id}', async ({ caller, params }) => {
  await deleteWebhook(caller.userId, params.id);
  return noContent();
});
