// The API description and its explorer.
import * as z from 'zod/mini';
import type { RouteSpec } from './spec.ts';

export const docsRoutes = {
  'GET /openapi.json': {
    handler: 'docs/openapi',
    summary: 'This OpenAPI 3.0 description',
    tag: 'Documentation',
    rateClass: 'read',
    auth: 'docs',
    responses: { 200: { description: 'OpenAPI 3.0 document' } },
  },
  'GET /docs': {
    handler: 'docs/explorer',
    summary: 'Interactive API explorer (Swagger UI); open it in a browser with ?token=',
    tag: 'Documentation',
    rateClass: 'read',
    auth: 'docs',
    responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
  },
  'GET /docs/assets/{file}': {
    handler: 'docs/asset',
    summary: 'Static files of the API explorer',
    tag: 'Documentation',
    rateClass: 'read',
    auth: 'docs',
    params: () => z.object({ file: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) }),
    responses: { 200: { description: 'A static file', contentType: 'application/octet-stream' } },
  },
} as const satisfies Record<string, RouteSpec>;
