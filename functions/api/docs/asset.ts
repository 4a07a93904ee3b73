import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { content } from '#shared/http/respond.ts';
import { route } from '#shared/http/route.ts';
import { docsRoutes } from '#shared/routes/docs.ts';

const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const TYPES: Record<string, string> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' };
const cache = new Map<string, string>();

export const handler = route(docsRoutes, 'GET /docs/assets/{file}', async ({ params }) => {
  const file = params.file;
  if (!cache.has(file)) cache.set(file, await readFile(join(distDir, file), 'utf8'));
  return content(cache.get(file)!, TYPES[file.split('.').pop()!]!, { 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' });
});
