import { created } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { accountRoutes } from '#shared/routes/account.ts';
import { issueToken, viewToken } from '#shared/store/tokens.ts';

export const handler = route(accountRoutes, 'POST /tokens', async ({ caller, body }) => {
  const { secret, record } = await issueToken(caller.userId, body.name, body.expires_in_days);
  return created({ success: true, token: secret, ...viewToken(record, Date.now()) });
});
