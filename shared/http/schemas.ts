// Schemas shared by route rows: request shapes validate input, response shapes document output
// in the OpenAPI description.
import * as z from 'zod/mini';

/** Integer ids arrive as path strings; anything but a plain positive integer is a 400. */
export const id = z.pipe(
  z.string().check(z.regex(/^[1-9]\d{0,14}$/, 'must be a positive integer')),
  z.transform((v) => Number(v)),
);

const timestamp = z.string().check(z.describe('ISO 8601 UTC timestamp'));
const nullableTimestamp = z.nullable(timestamp);

export const errorBody = z.object({
  error: z.string(),
  code: z.string(),
  request_id: z.string(),
  details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});

export const profile = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  created_at: timestamp,
  groups: z.array(z.object({ group_id: z.number(), group_name: z.string(), role: z.enum(['admin', 'member']) })),
});

export const tokenView = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(['active', 'expired', 'revoked']),
  created_at: timestamp,
  last_used_at: nullableTimestamp,
  expires_at: z.nullable(timestamp).check(z.describe('null: the token never expires')),
  revoked_at: nullableTimestamp,
});

const tokenName = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

export const createTokenBody = z.strictObject({
  name: tokenName,
  expires_in_days: z._default(z.union([z.literal(0), z.literal(30), z.literal(90), z.literal(365)], { error: 'must be one of 0 (never), 30, 90 or 365' }), 0),
});

export const renameTokenBody = z.strictObject({ name: tokenName });

export const createdToken = z.object({
  success: z.boolean(),
  token: z.string().check(z.describe('The secret; shown only in this response')),
  ...tokenView.shape,
});
