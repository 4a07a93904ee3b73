// Personal API tokens: `vbt_` + 43 random base62 characters + a 6-character base62 CRC32 of
// those 43 characters. The checksum lets a typo or a forged string be refused before any
// database read, and lets secret scanners recognise our tokens offline.
import { createHash, timingSafeEqual } from 'node:crypto';

const TOKEN_PREFIX = 'vbt_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
const SHAPE = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

export const TOKEN_EXPIRY_DAYS = [0, 30, 90, 365] as const;
export type TokenExpiryDays = (typeof TOKEN_EXPIRY_DAYS)[number];
export type TokenStatus = 'active' | 'expired' | 'revoked';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'ascii')) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

/** `randomBytes(n)` in production; tests pass a fixed source. */
export type RandomSource = (size: number) => Uint8Array;

export function generateToken(random: RandomSource): string {
  let body = '';
  // Rejection sampling keeps every base62 character equally likely.
  while (body.length < RANDOM_LENGTH) {
    for (const byte of random(64)) {
      if (byte < 248 && body.length < RANDOM_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  return TOKEN_PREFIX + body + base62(crc32(body), CHECKSUM_LENGTH);
}

/** True when the string has our shape and its checksum matches. */
export function isWellFormedToken(candidate: string): boolean {
  if (!SHAPE.test(candidate)) return false;
  const body = candidate.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + RANDOM_LENGTH);
  const checksum = candidate.slice(TOKEN_PREFIX.length + RANDOM_LENGTH);
  return constantTimeEqual(checksum, base62(crc32(body), CHECKSUM_LENGTH));
}

/** Tokens are 256-bit random, so a fast unsalted hash is the right storage form. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface TokenLifetime {
  readonly expires_at: string | null;
  readonly revoked_at: string | null;
}

export function tokenStatus(token: TokenLifetime, nowMs: number): TokenStatus {
  if (token.revoked_at) return 'revoked';
  if (token.expires_at && Date.parse(token.expires_at) <= nowMs) return 'expired';
  return 'active';
}

export function expiryFor(days: TokenExpiryDays, nowMs: number): string | null {
  return days === 0 ? null : new Date(nowMs + days * 86_400_000).toISOString();
}

/** last_used_at is written at most once a minute per token. */
export function lastUsedIsStale(lastUsedAt: string | null, nowMs: number): boolean {
  return !lastUsedAt || nowMs - Date.parse(lastUsedAt) >= 60_000;
}
