// Request and response shapes of signing in, sessions, passwords and invitations.
import * as z from 'zod/mini';
import { profile } from './schemas.ts';

const email = z.string().check(z.trim(), z.minLength(3), z.maxLength(320), z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'));
/** The length policy is checked by the domain, so a refusal says what it wants. */
const password = z.string().check(z.minLength(1), z.maxLength(1024));

export const signInBody = z.strictObject({ email, password });
export const acceptLinkBody = z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(200)), password });
export const changePasswordBody = z.strictObject({ current_password: z.string().check(z.maxLength(1024)), new_password: password });

export const sessionView = z.object({
  success: z.boolean(),
  user: profile,
  csrf_token: z.nullable(z.string()).check(z.describe('Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE carried by the session cookie; null for a token')),
});

export const userSummary = z.object({ id: z.number(), email: z.string(), name: z.string(), is_admin: z.boolean(), created_at: z.string() });
export const inviteBody = z.strictObject({
  email,
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  is_admin: z.optional(z.boolean()),
});
export const signInLink = z.object({ url: z.string(), expires_at: z.string() });
export const roleBody = z.strictObject({ email, is_admin: z.boolean() });
