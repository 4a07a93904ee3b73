// KMS requests (shared/clients/kms.ts, aws-lite's client), which only the stack on AWS makes, so
// no emulator sees them: a loopback stand-in for KMS's JSON 1.1 API checks each request's
// X-Amz-Target, JSON body and SigV4 Authorization header (recomputed by the AWS SDK's own
// signer, @smithy/signature-v4, from the same credentials, time and signed headers), and the
// AWS SDK's KMS client, sent the same input, must send the same target and body. Through it,
// secrets sealed under WEBHOOK_SECRET_KEY_ID are wrapped and unwrapped with the purpose's
// encryption context.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetClients } from '#shared/clients.ts';
import { kmsDecrypt, kmsEncrypt } from '#shared/clients/kms.ts';
import { reloadSettings, settings } from '#shared/config.ts';
import { openSecret, sealSecret } from '#shared/secrets/box.ts';
import { Sha256 } from '../support/sha256.ts';

const KEY_ID = 'arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const credentials = { accessKeyId: 'ASIAKMSTESTKEY', secretAccessKey: 'kms-test-secret/+=', sessionToken: 'kms+session/token=' };
const ENV = ['AWS_ENDPOINT_URL_KMS', 'WEBHOOK_SECRET_KEY_ID', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

interface Received {
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
  /** Whether the Authorization header is the one the SDK's signer computes for the request. */
  readonly signatureMatches: boolean;
}

const received: Received[] = [];
/** The stand-in's answer to a call; by default a reversible "encryption" bound to the context. */
let answer: (call: Received) => { status: number; json: unknown } = (call) => {
  const context = JSON.stringify(call.body.EncryptionContext);
  if (call.target === 'TrentService.Encrypt') return { status: 200, json: { CiphertextBlob: Buffer.from(`${context}|${String(call.body.Plaintext)}`).toString('base64'), KeyId: call.body.KeyId, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' } };
  const [boundTo, plaintext] = Buffer.from(String(call.body.CiphertextBlob), 'base64').toString().split('|');
  if (boundTo !== context) return { status: 400, json: { __type: 'InvalidCiphertextException', message: 'context mismatch' } };
  return { status: 200, json: { Plaintext: plaintext, KeyId: call.body.KeyId, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' } };
};

/** Recomputes the request's signature with the SDK's signer, over the headers it says it signed. */
async function sdkSigned(method: string, path: string, headers: IncomingHttpHeaders, body: string): Promise<boolean> {
  const authorization = String(headers.authorization);
  const signedNames = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
  const signedHeaders = Object.fromEntries(signedNames.map((name) => [name, String(headers[name])]));
  const date = String(headers['x-amz-date']).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z');
  const signer = new SignatureV4({ credentials, region: settings().region, service: 'kms', sha256: Sha256, applyChecksum: false });
  const signed = await signer.sign({ method, protocol: 'http:', hostname: '127.0.0.1', path, query: {}, headers: signedHeaders, body }, { signingDate: new Date(date) });
  return signed.headers.authorization === authorization;
}

let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const call = { target: String(req.headers['x-amz-target']), headers: req.headers, body: JSON.parse(text || '{}') as Record<string, unknown>, signatureMatches: await sdkSigned(req.method ?? '', req.url ?? '/', req.headers, text) };
      received.push(call);
      const { status, json } = answer(call);
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': 'kms-stand-in' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, { AWS_ENDPOINT_URL_KMS: endpoint, WEBHOOK_SECRET_KEY_ID: KEY_ID, AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey, AWS_SESSION_TOKEN: credentials.sessionToken });
  reloadSettings();
  resetClients();
});
beforeEach(() => void received.splice(0));
afterAll(async () => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  reloadSettings();
  resetClients();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('KMS through aws-lite', () => {
  it('seals a secret with Encrypt and opens it with Decrypt, under the purpose’s encryption context, signed as the SDK signs', async () => {
    const sealed = await sealSecret('webhook-secret', 'whsec_kms_round_trip');
    expect(sealed).toMatch(/^v1\.kms\./);
    expect(await openSecret('webhook-secret', sealed)).toBe('whsec_kms_round_trip');
    expect(received.map((r) => r.target)).toEqual(['TrentService.Encrypt', 'TrentService.Decrypt']);
    const [encrypt, decrypt] = received as [Received, Received];
    expect(encrypt.body).toEqual({ KeyId: KEY_ID, Plaintext: expect.any(String), EncryptionContext: { purpose: 'verbatim-webhook-secret' } });
    expect(Buffer.from(encrypt.body.Plaintext as string, 'base64')).toHaveLength(32);
    expect(decrypt.body).toEqual({ KeyId: KEY_ID, CiphertextBlob: expect.any(String), EncryptionContext: { purpose: 'verbatim-webhook-secret' } });
    for (const call of received) {
      expect(call.headers['content-type']).toBe('application/x-amz-json-1.1');
      expect(call.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/\\d{8}/${settings().region}/kms/aws4_request, SignedHeaders=[^,]*x-amz-security-token[^,]*x-amz-target[^,]*, Signature=[0-9a-f]{64}$`));
      expect(call.headers['x-amz-security-token']).toBe(credentials.sessionToken);
      expect(call.signatureMatches).toBe(true);
    }
  });

  it('sends the body and target the SDK’s KMS client sends for the same input, and reads the answer as it does', async () => {
    const plaintext = randomBytes(32);
    const context = { purpose: 'verbatim-kept-answer' };
    const ours = await kmsEncrypt(KEY_ID, plaintext, context);
    const sdk = new KMSClient({ region: settings().region, endpoint, credentials });
    const theirs = await sdk.send(new EncryptCommand({ KeyId: KEY_ID, Plaintext: plaintext, EncryptionContext: context }));
    sdk.destroy();
    const [mine, sdkCall] = received as [Received, Received];
    expect(mine.target).toBe(sdkCall.target);
    expect(mine.body).toEqual(sdkCall.body);
    expect(mine.headers['content-type']).toBe(sdkCall.headers['content-type']);
    expect(sdkCall.signatureMatches).toBe(true);
    expect(ours).toEqual(Buffer.from(theirs.CiphertextBlob!));
    expect(await kmsDecrypt(KEY_ID, ours, context)).toEqual(plaintext);
  });

  it('names a refusal as the SDK does', async () => {
    const ciphertext = await kmsEncrypt(KEY_ID, randomBytes(32), { purpose: 'verbatim-webhook-secret' });
    await expect(kmsDecrypt(KEY_ID, ciphertext, { purpose: 'verbatim-kept-answer' })).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
    const before = answer;
    answer = () => ({ status: 400, json: { __type: 'AccessDeniedException', message: 'not allowed' } });
    try {
      await expect(kmsEncrypt(KEY_ID, randomBytes(32), { purpose: 'verbatim-webhook-secret' })).rejects.toMatchObject({ name: 'AccessDeniedException' });
    } finally {
      answer = before;
    }
  });
});
