// KMS in a module of its own (see clients.ts): aws-lite's client (why: lite.ts) speaking KMS's
// JSON protocol (`X-Amz-Target: TrentService.<operation>`, JSON 1.1, binary fields in base64),
// as the SDK's KMS client does. Only the stack on AWS uses it (secrets/key-wrap.ts); requests go
// to AWS_ENDPOINT_URL_KMS when set, else the region's KMS endpoint.
import { onResetClients } from '../clients.ts';
import { settings } from '../config.ts';
import { Command, jsonProtocolClient, type LiteServiceClient } from './lite.ts';

/** The encryption context: KMS binds it to the ciphertext, and IAM conditions can read it. */
type Context = Readonly<Record<string, string>>;

class EncryptCommand extends Command<{ KeyId: string; Plaintext: string; EncryptionContext: Context }, { CiphertextBlob: string }> {
  readonly operation = 'Encrypt';
  readonly commandName = 'EncryptCommand';
}
class DecryptCommand extends Command<{ KeyId: string; CiphertextBlob: string; EncryptionContext: Context }, { Plaintext: string }> {
  readonly operation = 'Decrypt';
  readonly commandName = 'DecryptCommand';
}

let kms: LiteServiceClient | undefined;

function kmsClient(): LiteServiceClient {
  kms ??= jsonProtocolClient({ region: settings().region, endpoint: settings().kmsEndpoint, service: 'kms', target: 'TrentService', contentType: 'application/x-amz-json-1.1' });
  return kms;
}

onResetClients(() => {
  kms = undefined;
});

/** KMS Encrypt under `keyId`: the ciphertext. */
export async function kmsEncrypt(keyId: string, plaintext: Buffer, context: Context): Promise<Buffer> {
  const { CiphertextBlob } = await kmsClient().send(new EncryptCommand({ KeyId: keyId, Plaintext: plaintext.toString('base64'), EncryptionContext: context }));
  return Buffer.from(CiphertextBlob, 'base64');
}

/** KMS Decrypt, with the key and context the value was encrypted under: the plaintext. */
export async function kmsDecrypt(keyId: string, ciphertext: Buffer, context: Context): Promise<Buffer> {
  const { Plaintext } = await kmsClient().send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: ciphertext.toString('base64'), EncryptionContext: context }));
  return Buffer.from(Plaintext, 'base64');
}
