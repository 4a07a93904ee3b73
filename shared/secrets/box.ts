// Secrets at rest (webhook signing secrets, and answers kept for safe retries, which may hold a
// new token, a signing secret or a session): an AES-256-GCM envelope. Each process makes one
// random data key, has it wrapped once (KMS on AWS, the data folder's key file locally:
// key-wrap.ts) and seals every value it writes with it; the sealed value carries the wrapped
// key, so any process can open it. Unwrapped keys are cached, so a warm function unwraps each
// key once.
import { randomBytes } from 'node:crypto';
import { gcmOpen, gcmSeal, keyWrap } from './key-wrap.ts';

const VERSION = 'v1';

let sealing: Promise<{ key: Buffer; wrapped: string; scheme: string }> | undefined;
const opened = new Map<string, Promise<Buffer>>();

const b64 = (b: Buffer) => b.toString('base64url');

/** What every sealed value starts with. */
export const SEALED_PREFIX = `${VERSION}.`;

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

export async function sealSecret(secret: string): Promise<string> {
  const wrap = keyWrap();
  if (!sealing || (await sealing).scheme !== wrap.scheme) {
    const key = randomBytes(32);
    sealing = wrap.wrap(key).then((wrapped) => ({ key, wrapped: b64(wrapped), scheme: wrap.scheme }));
    sealing.catch(() => (sealing = undefined));
  }
  const { key, wrapped, scheme } = await sealing;
  return [VERSION, scheme, wrapped, b64(gcmSeal(key, Buffer.from(secret, 'utf8')))].join('.');
}

/** The secret itself; a value stored before secrets were sealed is returned as it is. */
export async function openSecret(stored: string): Promise<string> {
  if (!isSealed(stored)) return stored;
  const [, , wrapped, sealed] = stored.split('.');
  if (!wrapped || !sealed) throw new Error('Malformed sealed secret');
  let key = opened.get(wrapped);
  if (!key) {
    key = keyWrap().unwrap(Buffer.from(wrapped, 'base64url'));
    key.catch(() => opened.delete(wrapped));
    opened.set(wrapped, key);
  }
  return gcmOpen(await key, Buffer.from(sealed, 'base64url')).toString('utf8');
}
