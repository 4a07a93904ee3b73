import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { accountRoutes } from '#shared/routes/account.ts';
import { getOwnedToken, revokeToken, viewToken } from '#shared/store/tokens.ts';

export const handler = route(accountRoutes, 'DELETE /tokens/{id}', async ({ caller, params }) => {
  const token = await getOwnedToken(params.id, caller.userId);
  return ok({ success: true, token: viewToken(await revokeToken(token), Date.now()) });
});
