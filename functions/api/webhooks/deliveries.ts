import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { recentDeliveries } from '#shared/webhooks/manage.ts';
import { viewDelivery } from '#shared/webhooks/present.ts';

export const handler = route(webhookRoutes, 'GET /webhooks/{id}/deliveries', async ({ caller, params, query }) => {
  const deliveries = await recentDeliveries(caller.userId, params.id, query.limit);
  return ok({ deliveries: deliveries.map(viewDelivery), limit: query.limit });
});
