// Secrets at rest (webhook signing secrets, and answers kept for safe retries, which may hold a
// new token, a signing secret or a session): an AES-256-GCM envelope. Each process makes one
// random data key, has it wrapped once (KMS on AWS, the data folder's key file locally:
// key-wrap.ts) and seals every value it writes with it; the sealed value carries the wrapped
// key, so any process can open it. Unwrapped keys are cached, so a warm function unwraps each
// key once.
import { randomBytes } from 'node:crypto';
import { gcmOpen, gcmSeal, keyWrap, type SecretPurpose } from './key-wrap.ts';

export type { SecretPurpose };

const VERSION = 'v1';

const sealing = new Map<SecretPurpose, Promise<{ key: Buffer; wrapped: string; scheme: string }>>();
const opened = new Map<string, Promise<Buffer>>();

const b64 = (b: Buffer) => b.toString('base64url');

/** What every sealed value starts with. */
export const SEALED_PREFIX = `${VERSION}.`;

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/** Seals a value for `purpose`: only what may open that purpose's values can read it. */
export async function sealSecret(purpose: SecretPurpose, secret: string): Promise<string> {
  const wrap = keyWrap(purpose);
  let current = sealing.get(purpose);
  if (!current || (await current).scheme !== wrap.scheme) {
    const key = randomBytes(32);
    current = wrap.wrap(key).then((wrapped) => ({ key, wrapped: b64(wrapped), scheme: wrap.scheme }));
    current.catch(() => sealing.delete(purpose));
    sealing.set(purpose, current);
  }
  const { key, wrapped, scheme } = await current;
  return [VERSION, scheme, wrapped, b64(gcmSeal(key, Buffer.from(secret, 'utf8')))].join('.');
}

/** The secret itself; a value stored before secrets were sealed is returned as it is. */
export async function openSecret(purpose: SecretPurpose, stored: string): Promise<string> {
  if (!isSealed(stored)) return stored;
  const [, , wrapped, sealed] = stored.split('.');
  if (!wrapped || !sealed) throw new Error('Malformed sealed secret');
  const cached = `${purpose}.${wrapped}`;
  let key = opened.get(cached);
  if (!key) {
    key = keyWrap(purpose).unwrap(Buffer.from(wrapped, 'base64url'));
    key.catch(() => opened.delete(cached));
    opened.set(cached, key);
  }
  return gcmOpen(await key, Buffer.from(sealed, 'base64url')).toString('utf8');
}
