// Web sign-in: sessions, passwords, one-time sign-in links; administrators' user management.
import * as z from 'zod/mini';
import * as a from '../http/auth-schemas.ts';
import type { RouteSpec } from './spec.ts';

const done = z.object({ success: z.boolean() });

export const authRoutes = {
  'POST /auth/sign-in': {
    handler: 'auth/sign-in',
    summary: 'Sign in with email and password; sets the session cookie',
    description: 'Unknown emails and wrong passwords get the same 401. Failures are counted per account and per address; after a few, each attempt must wait longer (429 with Retry-After).',
    tag: 'Sign-in',
    rateClass: null,
    auth: 'none',
    body: a.signInBody,
    responses: { 200: { description: 'Signed in; the cookie is set', schema: a.sessionView } },
    memoryMb: 512,
  },
  'POST /auth/links/accept': {
    handler: 'auth/accept-link',
    summary: 'Set your password with a one-time sign-in link (first start, invitation) and sign in',
    tag: 'Sign-in',
    rateClass: null,
    auth: 'none',
    body: a.acceptLinkBody,
    responses: { 200: { description: 'Password set and signed in', schema: a.sessionView } },
    memoryMb: 512,
  },
  'GET /auth/session': {
    handler: 'auth/session',
    summary: 'Who is signed in, with the CSRF token the session’s writes must send',
    tag: 'Sign-in',
    rateClass: 'read',
    auth: 'token',
    responses: { 200: { description: 'The caller', schema: a.sessionView } },
  },
  'POST /auth/sign-out': {
    handler: 'auth/sign-out',
    summary: 'End this web session at once and clear its cookie',
    tag: 'Sign-in',
    rateClass: 'write',
    auth: 'token',
    responses: { 200: { description: 'Signed out', schema: done } },
  },
  'POST /auth/sign-out-everywhere': {
    handler: 'auth/sign-out-everywhere',
    summary: 'End every web session of yours, this one included (API tokens stay valid)',
    tag: 'Sign-in',
    rateClass: 'write',
    auth: 'token',
    responses: { 200: { description: 'Sessions ended', schema: z.object({ success: z.boolean(), sessions_ended: z.number() }) } },
  },
  'PUT /auth/password': {
    handler: 'auth/password',
    summary: 'Change your password; every other web session ends',
    tag: 'Sign-in',
    rateClass: 'write',
    auth: 'token',
    body: a.changePasswordBody,
    responses: { 200: { description: 'Password changed', schema: z.object({ success: z.boolean(), sessions_ended: z.number() }) } },
    memoryMb: 512,
  },
  'GET /admin/users': {
    handler: 'admin/users',
    summary: 'Every user (administrators only)',
    tag: 'Administration',
    rateClass: 'read',
    auth: 'token',
    responses: { 200: { description: 'Users', schema: z.object({ users: z.array(a.userSummary) }) } },
  },
  'POST /admin/invitations': {
    handler: 'admin/invite',
    summary: 'Invite a user: creates the account if needed and returns a one-time sign-in link valid 24 h (administrators only)',
    tag: 'Administration',
    rateClass: 'write',
    auth: 'token',
    body: a.inviteBody,
    responses: { 201: { description: 'The user and their link', schema: z.object({ success: z.boolean(), user: a.userSummary, link: a.signInLink }) } },
  },
  'PUT /admin/admins': {
    handler: 'admin/set-admin',
    summary: 'Make a user an administrator, or not (administrators only; not yourself)',
    tag: 'Administration',
    rateClass: 'write',
    auth: 'token',
    body: a.roleBody,
    responses: { 200: { description: 'The user', schema: z.object({ success: z.boolean(), user: a.userSummary }) } },
  },
} as const satisfies Record<string, RouteSpec>;
