import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { accountRoutes } from '#shared/routes/account.ts';
import { listTokens, viewToken } from '#shared/store/tokens.ts';

export const handler = route(accountRoutes, 'GET /tokens', async ({ caller }) => {
  const now = Date.now();
  const tokens = await listTokens(caller.userId);
  return ok({ tokens: tokens.map((t) => viewToken(t, now)) });
});
