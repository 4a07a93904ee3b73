// Request and response shapes of signing in, sessions, passwords and invitations.
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { oneLine, profile } from './schemas.ts';

const email = lazySchema(() => z.string().check(z.trim(), z.minLength(3), z.maxLength(320), z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')));
/** The length policy is checked by the domain, so a refusal says what it wants. */
const password = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(1024)));

export const signInBody = lazySchema(() => z.strictObject({ email: email(), password: password() }));
export const acceptLinkBody = lazySchema(() => z.strictObject({ code: z.string().check(z.minLength(1), z.maxLength(200)), password: password() }));
export const changePasswordBody = lazySchema(() => z.strictObject({ current_password: z.string().check(z.maxLength(1024)), new_password: password() }));

export const sessionView = lazySchema(() => z.object({
  success: z.boolean(),
  user: profile(),
  csrf_token: z.nullable(z.string()).check(z.describe('Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE carried by the session cookie; null for a token')),
}));

export const userSummary = lazySchema(() => z.object({ id: z.number(), email: z.string(), name: z.string(), is_admin: z.boolean(), created_at: z.string() }));
export const inviteBody = lazySchema(() => z.strictObject({
  email: email(),
  name: z.optional(z.string().check(oneLine(), z.trim(), z.minLength(1), z.maxLength(200))),
  is_admin: z.optional(z.boolean()),
}));
export const signInLink = lazySchema(() => z.object({ url: z.string(), expires_at: z.string() }));
export const roleBody = lazySchema(() => z.strictObject({ email: email(), is_admin: z.boolean() }));

const groupRole = lazySchema(() => z.enum(['admin', 'member']).check(z.describe('admin: may change the group\'s tags; member: sees them')));
export const groupView = lazySchema(() => z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  members: z.array(z.object({ user_id: z.number(), email: z.string(), name: z.string(), role: groupRole() })),
}));
export const createGroupBody = lazySchema(() => z.strictObject({ name: z.string().check(oneLine(), z.trim(), z.minLength(1), z.maxLength(100)) }));
const groupId = lazySchema(() => z.number().check(z.int(), z.gte(1), z.lte(Number.MAX_SAFE_INTEGER)));
export const membershipBody = lazySchema(() => z.strictObject({ group_id: groupId(), email: email(), role: z._default(groupRole(), 'member') }));
export const removeMemberBody = lazySchema(() => z.strictObject({ group_id: groupId(), email: email() }));
