// Presigned URLs (shared/clients/s3.ts, aws4's query signing) are what real S3 accepts, which
// the local S3 does not check: proven against the AWS SDK's own presigner. Given the same
// credentials (with a session token, as on Lambda), time, region and request, the SDK's S3
// presigner computes the same signature; and the SDK's getSignedUrl for the same command makes
// the same URL but for its `x-id` marker (which it signs, so the signature differs): same path
// encoding, same parameters, no checksum parameters, content-type signed for a PUT.
import { GetObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl, S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { presignGet, presignPart, presignPut } from '#shared/blob/objects.ts';
import { resetClients } from '#shared/clients.ts';
import { reloadSettings } from '#shared/config.ts';
import { Sha256 } from '../support/sha256.ts';

const NOW = new Date('2026-11-24T09:30:12.000Z');
const REGION = 'eu-west-1';
const BUCKET = 'verbatim-audio-test';
const credentials = { accessKeyId: 'ASIAEXAMPLEKEY', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', sessionToken: 'IQoJb3JpZ2luX2VjE+token/with=odd&chars' };
const ENV = { AWS_REGION: REGION, BUCKET_NAME: BUCKET, AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey, AWS_SESSION_TOKEN: credentials.sessionToken, AWS_ENDPOINT_URL_S3: '' };
const saved = Object.fromEntries(Object.keys(ENV).map((k) => [k, process.env[k]]));
/** A key with what needs encoding: a space, parentheses, a plus, an apostrophe, non-ASCII. */
const KEY = "audio/42/réunion (1)+d'été.wav";

const sdkClient = new S3Client({ region: REGION, credentials, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
const SIGNING = new Set(['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature', 'X-Amz-Security-Token', 'X-Amz-Content-Sha256']);
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

/** The signature the SDK's S3 presigner gives the request our URL describes (its parameters less the signing ones). */
async function sdkSignature(ours: string, method: string, headers: Record<string, string> = {}): Promise<string> {
  const url = new URL(ours);
  const query = Object.fromEntries([...url.searchParams].filter(([name]) => !SIGNING.has(name)));
  const presigner = new S3RequestPresigner({ credentials, region: REGION, sha256: Sha256 });
  const request = { method, protocol: url.protocol, hostname: url.hostname, path: url.pathname, query, headers: { host: url.host, ...headers } };
  const signed = await presigner.presign(request, { signingDate: NOW, expiresIn: Number(url.searchParams.get('X-Amz-Expires')), signableHeaders: new Set(Object.keys(headers)) });
  return String(signed.query?.['X-Amz-Signature']);
}

/** Ours against the SDK's getSignedUrl for the same command: everything equal but `x-id` and the signature it changes. */
function expectSameUrlAsTheSdk(ours: string, sdk: string, operation: string): void {
  expect(new URL(ours).origin + new URL(ours).pathname).toBe(new URL(sdk).origin + new URL(sdk).pathname);
  const { 'x-id': marker, 'X-Amz-Signature': _sdkSignature, ...sdkParams } = params(sdk);
  const { 'X-Amz-Signature': _signature, ...ourParams } = params(ours);
  expect(marker).toBe(operation);
  expect(ourParams).toEqual(sdkParams);
  expect(Object.keys(params(ours)).filter((name) => /checksum/i.test(name))).toEqual([]);
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  Object.assign(process.env, ENV);
  delete process.env.AWS_ENDPOINT_URL_S3;
  reloadSettings();
  resetClients();
});

afterAll(() => {
  vi.useRealTimers();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  reloadSettings();
  resetClients();
});

describe('presigned URLs', () => {
  it('a GET answering with a Content-Disposition: signed as the SDK signs it, to the regional endpoint, path-style', async () => {
    const disposition = `attachment; filename="r_union.wav"; filename*=UTF-8''r%C3%A9union.wav`;
    const ours = await presignGet('audio/', KEY, { disposition, expiresInSeconds: 300 });
    expect(ours.startsWith(`https://s3.${REGION}.amazonaws.com/${BUCKET}/audio/42/`)).toBe(true);
    expect(params(ours)).toMatchObject({ 'X-Amz-Expires': '300', 'X-Amz-Date': '20261124T093012Z', 'X-Amz-Security-Token': credentials.sessionToken, 'X-Amz-SignedHeaders': 'host', 'response-content-disposition': disposition });
    expect(params(ours)['X-Amz-Signature']).toBe(await sdkSignature(ours, 'GET'));
    const sdk = await getSignedUrl(sdkClient, new GetObjectCommand({ Bucket: BUCKET, Key: KEY, ResponseContentDisposition: disposition }), { expiresIn: 300, signingDate: NOW });
    expectSameUrlAsTheSdk(ours, sdk, 'GetObject');
  });

  it('a PUT of a content type: the type signed, so an upload must send it', async () => {
    const ours = await presignPut('audio/', KEY, 'audio/wav', 900);
    expect(params(ours)['X-Amz-SignedHeaders']).toBe('content-type;host');
    expect(params(ours)['X-Amz-Signature']).toBe(await sdkSignature(ours, 'PUT', { 'content-type': 'audio/wav' }));
    expect(params(ours)['X-Amz-Signature']).not.toBe(await sdkSignature(ours, 'PUT', { 'content-type': 'audio/mpeg' }));
    const sdk = await getSignedUrl(sdkClient, new PutObjectCommand({ Bucket: BUCKET, Key: KEY, ContentType: 'audio/wav' }), { expiresIn: 900, signingDate: NOW, signableHeaders: new Set(['content-type']) });
    expectSameUrlAsTheSdk(ours, sdk, 'PutObject');
  });

  it('a part of a multipart upload', async () => {
    const uploadId = 'VXBsb2FkIElEIGZvciA2aWWpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA--+/=';
    const ours = await presignPart('audio/', KEY, uploadId, 3, 3600);
    expect(params(ours)).toMatchObject({ partNumber: '3', uploadId });
    expect(params(ours)['X-Amz-Signature']).toBe(await sdkSignature(ours, 'PUT'));
    const sdk = await getSignedUrl(sdkClient, new UploadPartCommand({ Bucket: BUCKET, Key: KEY, UploadId: uploadId, PartNumber: 3 }), { expiresIn: 3600, signingDate: NOW });
    expectSameUrlAsTheSdk(ours, sdk, 'UploadPart');
  });

  it('no session token when the credentials have none', async () => {
    delete process.env.AWS_SESSION_TOKEN;
    resetClients();
    try {
      const ours = await presignPut('audio/', KEY, 'audio/wav', 60);
      expect(params(ours)).not.toHaveProperty('X-Amz-Security-Token');
    } finally {
      process.env.AWS_SESSION_TOKEN = credentials.sessionToken;
      resetClients();
    }
  });
});
