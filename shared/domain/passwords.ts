// Passwords: node:crypto scrypt at OWASP's parameters (N = 2^17, r = 8, p = 1), a 16-byte
// random salt, the parameters stored with the hash so they can be raised later, and a
// constant-time comparison. No native module, so the same code runs in Lambda.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ValidationError } from './errors.ts';

export const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keyLength: 64 } as const;
const PASSWORD_MIN = 12;
const PASSWORD_MAX = 256;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below OWASP's N.
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, keyLength, scryptOptions, (error, key) => (error ? reject(error) : resolve(key))));
}

const invalid = (message: string) => new ValidationError(message, [{ path: 'password', message }]);

/** Refuses passwords people should not use: too short, too long, control characters. */
export function checkPasswordPolicy(password: string): void {
  if ([...password].length < PASSWORD_MIN) throw invalid(`The password must have at least ${PASSWORD_MIN} characters`);
  if ([...password].length > PASSWORD_MAX) throw invalid(`The password must have at most ${PASSWORD_MAX} characters`);
  if (/[\u0000-\u001f\u007f]/.test(password) || /[\uD800-\uDFFF]/u.test(password)) throw invalid('The password contains control characters or ill-formed Unicode');
}

/** "scrypt$N$r$p$salt$hash", salt and hash in base64url. */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params, SCRYPT.keyLength);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(parts[4]!, 'base64url'), { N, r, p }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with weaker parameters than today's (rehash on next sign-in). */
export function needsRehash(stored: string): boolean {
  const [, N, r, p] = stored.split('$').map(Number);
  return N !== SCRYPT.N || r !== SCRYPT.r || p !== SCRYPT.p;
}

let dummy: Promise<string> | undefined;
/** A hash to verify against when the email is unknown, so both answers take the same time. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
