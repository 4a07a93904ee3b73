import { settings } from '#shared/config.ts';
import { EVENT_TYPES } from '#shared/domain/webhooks/catalogue.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { webhookRoutes } from '#shared/routes/webhooks.ts';
import { listUserWebhooks } from '#shared/store/webhooks.ts';
import { viewWebhook } from '#shared/webhooks/present.ts';

export const handler = route(webhookRoutes, 'GET /webhooks', async ({ caller }) => {
  const webhooks = await listUserWebhooks(caller.userId);
  return ok({ webhooks: webhooks.map(viewWebhook), event_types: EVENT_TYPES, max_per_user: settings().webhooks.maxPerUser });
});
