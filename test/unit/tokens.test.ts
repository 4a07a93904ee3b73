import { describe, expect, it } from 'vitest';
import { base62, crc32, generateToken, hashToken, isWellFormedToken, lastUsedIsStale, tokenStatus, expiryFor } from '#shared/domain/tokens.ts';

// Test vectors from the API decisions (auth-and-signature vectors).
const VECTOR = {
  randomPart: 'Xq3Lr8VbN2pKt7WzJ5cYf1HsD9gMa4EuQ6oTiR0nBvC',
  crc32: 831027163,
  checksum: '0uEu7v',
  token: 'vbt_Xq3Lr8VbN2pKt7WzJ5cYf1HsD9gMa4EuQ6oTiR0nBvC0uEu7v',
  badChecksum: 'vbt_Xq3Lr8VbN2pKt7WzJ5cYf1HsD9gMa4EuQ6oTiR0nBvC0uEu70',
  sha256: '3aaf20a5fbc05ff7dd80dd5381466729fd63050c6ec47cacf8aa2281b89f4f20',
};

describe('token format', () => {
  it('computes the CRC32 and base62 checksum of the vector', () => {
    expect(crc32(VECTOR.randomPart)).toBe(VECTOR.crc32);
    expect(base62(VECTOR.crc32, 6)).toBe(VECTOR.checksum);
  });

  it('accepts the vector token and refuses it with a wrong checksum', () => {
    expect(isWellFormedToken(VECTOR.token)).toBe(true);
    expect(isWellFormedToken(VECTOR.badChecksum)).toBe(false);
  });

  it.each([
    ['no prefix', VECTOR.token.slice(4)],
    ['another prefix', `ghp_${VECTOR.token.slice(4)}`],
    ['one character short', VECTOR.token.slice(0, -1)],
    ['one character long', `${VECTOR.token}0`],
    ['a character outside base62', VECTOR.token.replace('X', '-')],
    ['empty', ''],
  ])('refuses a token with %s', (_, candidate) => {
    expect(isWellFormedToken(candidate)).toBe(false);
  });

  it('stores the SHA-256 of the whole token', () => {
    expect(hashToken(VECTOR.token)).toBe(VECTOR.sha256);
  });

  it('generates tokens of the documented shape whose checksum verifies', () => {
    for (let i = 0; i < 50; i++) {
      const token = generateToken((n) => crypto.getRandomValues(new Uint8Array(n)));
      expect(token).toMatch(/^vbt_[0-9A-Za-z]{49}$/);
      expect(isWellFormedToken(token)).toBe(true);
    }
  });

  it('never uses the bytes that would bias the alphabet', () => {
    let calls = 0;
    const biased = (n: number) => new Uint8Array(n).fill(calls++ === 0 ? 255 : 61);
    expect(generateToken(biased).slice(4, 47)).toBe('z'.repeat(43));
  });
});

describe('token lifetime', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it.each([
    [{ expires_at: null, revoked_at: null }, 'active'],
    [{ expires_at: '2026-11-22T00:00:00Z', revoked_at: null }, 'active'],
    [{ expires_at: '2026-11-21T12:00:00Z', revoked_at: null }, 'expired'],
    [{ expires_at: '2026-11-20T00:00:00Z', revoked_at: null }, 'expired'],
    [{ expires_at: '2026-11-20T00:00:00Z', revoked_at: '2026-11-19T00:00:00Z' }, 'revoked'],
    [{ expires_at: null, revoked_at: '2026-11-21T11:00:00Z' }, 'revoked'],
  ] as const)('%o is %s', (token, status) => {
    expect(tokenStatus(token, now)).toBe(status);
  });

  it('expires after the chosen number of days, or never for 0', () => {
    expect(expiryFor(0, now)).toBeNull();
    expect(expiryFor(30, now)).toBe('2026-12-21T12:00:00.000Z');
    expect(expiryFor(365, now)).toBe('2027-11-21T12:00:00.000Z');
  });

  it('writes last_used_at at most once a minute', () => {
    expect(lastUsedIsStale(null, now)).toBe(true);
    expect(lastUsedIsStale(new Date(now - 59_000).toISOString(), now)).toBe(false);
    expect(lastUsedIsStale(new Date(now - 60_000).toISOString(), now)).toBe(true);
  });
});
