// The route table: the single source for the local gateway, the CDK routes and functions,
// the OpenAPI document and the rate-limit classes. A new route is one row plus one handler
// file at functions/api/<handler>.ts.
import * as z from 'zod/mini';
import type { RateClass } from './config.ts';
import * as s from './http/schemas.ts';

export const API_PREFIX = '/api/v1';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schema = z.ZodMiniType;

export interface RouteSpec {
  readonly handler: string;
  readonly summary: string;
  readonly tag: string;
  /** null: not rate limited. */
  readonly rateClass: RateClass | null;
  /** 'token': a valid credential is required; 'docs': the same unless DOCS_PUBLIC=true. */
  readonly auth: 'token' | 'docs';
  readonly params?: Schema;
  readonly query?: Schema;
  /** A JSON request body; absent means the route takes none. */
  readonly body?: Schema;
  readonly responses: Readonly<Record<number, { readonly description: string; readonly schema?: Schema; readonly contentType?: string }>>;
  readonly description?: string;
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
}

const idParams = z.object({ id: s.id });

export const routes = {
  'GET /users/me': {
    handler: 'users/me',
    summary: 'Your profile, admin flag and group memberships',
    tag: 'Account',
    rateClass: 'read',
    auth: 'token',
    responses: { 200: { description: 'The caller', schema: s.profile } },
  },
  'GET /tokens': {
    handler: 'tokens/list',
    summary: 'List your API tokens (never their secrets)',
    tag: 'Tokens',
    rateClass: 'read',
    auth: 'token',
    responses: { 200: { description: 'Tokens', schema: z.object({ tokens: z.array(s.tokenView) }) } },
  },
  'POST /tokens': {
    handler: 'tokens/create',
    summary: 'Create an API token; the secret is shown once',
    tag: 'Tokens',
    rateClass: 'write',
    auth: 'token',
    body: s.createTokenBody,
    responses: { 201: { description: 'The new token with its secret', schema: s.createdToken } },
  },
  'PATCH /tokens/{id}': {
    handler: 'tokens/update',
    summary: 'Rename an API token',
    tag: 'Tokens',
    rateClass: 'write',
    auth: 'token',
    params: idParams,
    body: s.renameTokenBody,
    responses: { 200: { description: 'The token', schema: z.object({ success: z.boolean(), token: s.tokenView }) } },
  },
  'DELETE /tokens/{id}': {
    handler: 'tokens/revoke',
    summary: 'Revoke an API token (it stays listed as revoked)',
    tag: 'Tokens',
    rateClass: 'write',
    auth: 'token',
    params: idParams,
    responses: { 200: { description: 'The revoked token', schema: z.object({ success: z.boolean(), token: s.tokenView }) } },
  },
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
    params: z.object({ file: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) }),
    responses: { 200: { description: 'A static file', contentType: 'application/octet-stream' } },
  },
} as const satisfies Record<string, RouteSpec>;

export type RouteKey = keyof typeof routes;
export type Routes = typeof routes;

export interface RouteRow {
  readonly key: RouteKey;
  readonly method: Method;
  /** Path relative to API_PREFIX, with {param} placeholders. */
  readonly path: string;
  readonly spec: RouteSpec;
}

export const routeRows: readonly RouteRow[] = (Object.entries(routes) as [RouteKey, RouteSpec][]).map(([key, spec]) => {
  const [method, path] = key.split(' ') as [Method, string];
  return { key, method, path, spec };
});

/** A stable, CloudFormation-safe name for a row, e.g. "GetRecordingsId". */
export function routeName(row: RouteRow): string {
  const words = [row.method.toLowerCase(), ...row.path.split(/[/{}.\-]+/)].filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}
