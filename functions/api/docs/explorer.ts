// GET /docs: Swagger UI (shared/domain/explorer-page.ts), with the API token of ?token= passed on
// to its assets; never cached, never sent on as a referrer.
import { explorerPage } from '#shared/domain/explorer-page.ts';
import { content } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { docsRoutes } from '#shared/routes/docs.ts';
import { API_PREFIX } from '#shared/routes.ts';

export const handler = route(docsRoutes, 'GET /docs', async ({ event }) => {
  const token = event.queryStringParameters?.token;
  const assetQuery = token ? `?token=${encodeURIComponent(token)}` : '';
  return content(explorerPage(API_PREFIX, assetQuery), 'text/html; charset=utf-8', {
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
});
