// Your account: profile and API tokens.
import * as z from 'zod/mini';
import { lazySchema } from '../http/lazy-schema.ts';
import * as s from '../http/schemas.ts';
import type { RouteSpec } from './spec.ts';

const idParams = lazySchema(() => z.object({ id: s.id() }));

export const accountRoutes = {
  'GET /users/me': {
    handler: 'users/me',
    summary: 'Your profile, admin flag and group memberships',
    tag: 'Account',
    rateClass: 'read',
    auth: 'token',
    responses: { 200: { description: 'The caller', schema: s.profile } },
  },
  'PUT /users/me': {
    handler: 'users/update-me',
    summary: 'Change your name and preferences: transcript template, automatic summaries, language, summary prompt, time zone',
    tag: 'Account',
    rateClass: 'write',
    auth: 'token',
    body: s.updateProfileBody,
    responses: { 200: { description: 'The updated profile', schema: () => z.object({ success: z.boolean(), user: s.profile() }) } },
  },
  'GET /tokens': {
    handler: 'tokens/list',
    summary: 'List your API tokens (never their secrets)',
    tag: 'Tokens',
    rateClass: 'read',
    auth: 'token',
    responses: { 200: { description: 'Tokens', schema: () => z.object({ tokens: z.array(s.tokenView()) }) } },
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
    responses: { 200: { description: 'The token', schema: () => z.object({ success: z.boolean(), token: s.tokenView() }) } },
  },
  'DELETE /tokens/{id}': {
    handler: 'tokens/revoke',
    summary: 'Revoke an API token (it stays listed as revoked)',
    tag: 'Tokens',
    rateClass: 'write',
    auth: 'token',
    params: idParams,
    responses: { 200: { description: 'The revoked token', schema: () => z.object({ success: z.boolean(), token: s.tokenView() }) } },
  },
} as const satisfies Record<string, RouteSpec>;
