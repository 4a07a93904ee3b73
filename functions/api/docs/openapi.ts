import { openApiDocument } from '#shared/http/openapi.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { docsRoutes } from '#shared/routes/docs.ts';

let document: Record<string, unknown> | undefined;

export const handler = route(docsRoutes, 'GET /openapi.json', async () => {
  document ??= openApiDocument();
  return ok(document, { 'Cache-Control': 'no-store' });
});
