import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { ownedDelivery } from '#shared/webhooks/manage.ts';
import { viewDeliveryDetail } from '#shared/webhooks/present.ts';

export const handler = route(webhookRoutes, 'GET /webhooks/{id}/deliveries/{did}', async ({ caller, params }) => {
  const { delivery } = await ownedDelivery(caller.userId, params.id, params.did);
  return ok(viewDeliveryDetail(delivery));
});
