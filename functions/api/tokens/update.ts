import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { accountRoutes } from '#shared/routes/account.ts';
import { getOwnedToken, renameToken, viewToken } from '#shared/store/tokens.ts';

export const handler = route(accountRoutes, 'PATCH /tokens/{id}', async ({ caller, params, body }) => {
  const token = await getOwnedToken(params.id, caller.userId);
  return ok({ success: true, token: viewToken(await renameToken(token, body.name), Date.now()) });
});
