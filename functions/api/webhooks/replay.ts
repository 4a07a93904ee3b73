import { accepted } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { replayDelivery } from '#shared/webhooks/manage.ts';
import { viewDelivery } from '#shared/webhooks/present.ts';

export const handler = route(webhookRoutes, 'POST /webhooks/{id}/deliveries/{did}/replay', async ({ caller, params }) => {
  const delivery = await replayDelivery(caller.userId, params.id, params.did);
  return accepted({ success: true, delivery: viewDelivery(delivery) });
});
