// Wraps and unwraps the data keys that encrypt secrets at rest (box.ts). With
// WEBHOOK_SECRET_KEY_ID set (the AWS stack creates the key and sets it) KMS does it and the key
// never leaves KMS; without it, a 256-bit key file in DATA_DIR (created at mode 0600) wraps
// them with AES-256-GCM.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kmsDecrypt, kmsEncrypt } from '../clients/kms.ts';
import { settings } from '../config.ts';

/** What a sealed value is; KMS sees it as the encryption context, so IAM can grant each apart. */
export const SECRET_PURPOSES = ['webhook-secret', 'kept-answer'] as const;
export type SecretPurpose = (typeof SECRET_PURPOSES)[number];

export interface KeyWrap {
  /** Written into each sealed value, so a value says what can open it. */
  readonly scheme: 'kms' | 'file';
  wrap(dataKey: Buffer): Promise<Buffer>;
  unwrap(wrapped: Buffer): Promise<Buffer>;
}

export const KEY_FILE = 'secrets.key';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM as iv | tag | ciphertext. */
export function gcmSeal(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function gcmOpen(key: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** The data folder's key, made on first use; 'wx' so two processes starting together agree on one. */
function localKey(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(path, randomBytes(32), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(path);
  if (key.length !== 32) throw new Error(`${path} is not a 256-bit key`);
  return key;
}

function fileWrap(dataDir: string): KeyWrap {
  let key: Buffer | undefined;
  return {
    scheme: 'file',
    wrap: async (dataKey) => gcmSeal((key ??= localKey(dataDir)), dataKey),
    unwrap: async (wrapped) => gcmOpen((key ??= localKey(dataDir)), wrapped),
  };
}

function kmsWrap(keyId: string, purpose: SecretPurpose): KeyWrap {
  const context = { purpose: `verbatim-${purpose}` };
  return {
    scheme: 'kms',
    wrap: (dataKey) => kmsEncrypt(keyId, dataKey, context),
    unwrap: (wrapped) => kmsDecrypt(keyId, wrapped, context),
  };
}

const current = new Map<SecretPurpose, { id: string; wrap: KeyWrap }>();

export function keyWrap(purpose: SecretPurpose): KeyWrap {
  const { webhookSecretKeyId, dataDir } = settings();
  const id = webhookSecretKeyId ? `kms:${webhookSecretKeyId}` : `file:${dataDir}`;
  if (current.get(purpose)?.id !== id) current.set(purpose, { id, wrap: webhookSecretKeyId ? kmsWrap(webhookSecretKeyId, purpose) : fileWrap(dataDir) });
  return current.get(purpose)!.wrap;
}
