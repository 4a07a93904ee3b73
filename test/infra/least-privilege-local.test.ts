// Least privilege as AWS would judge it, on the local stack: every function runs from its
// bundle and reaches the emulators only through the IAM proxies, which evaluate each call
// against the function's role policy from the synthesized template. An upload goes through
// the whole pipeline with no refused call; a call a role does not grant is refused with the
// service's own AccessDenied error (this would pass silently without enforcement).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFunction } from '../../infra/local/lambda/pool.ts';
import { startRuntime, type Runtime } from '../../infra/local/runtime.ts';
import { silentWav, upload, waitForStatus } from '../support/uploads.ts';
import { fakeProviderSettings, startFakeProviders, type FakeProviders } from '../support/fake-openai.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-least-privilege-'));
let runtime: Runtime;
let providers: FakeProviders;

beforeAll(async () => {
  providers = await startFakeProviders();
  runtime = await startRuntime({ dataDir, port: 0, persistent: false, settings: { ...fakeProviderSettings(providers), RATE_LIMIT_PROCESSING_PER_MINUTE: '0' } });
}, 400_000);

afterAll(async () => {
  await runtime?.stop();
  await providers?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An SDK client as the function of `entry` builds it: its own credentials and endpoints. */
function clientsOf(entry: string) {
  const env = runtime.functions.environment(entry);
  const base = { region: env.AWS_REGION!, credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! } };
  return {
    env,
    dynamo: new DynamoDBClient({ ...base, endpoint: env.AWS_ENDPOINT_URL_DYNAMODB }),
    s3: new S3Client({ ...base, endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true }),
    sqs: new SQSClient({ ...base, endpoint: env.AWS_ENDPOINT_URL_SQS, useQueueUrlAsEndpoint: false }),
  };
}

const refusalsOf = (fn: string) => runtime.refusals.filter((r) => r.function === fn);

describe('IAM enforced on the local stack', () => {
  it('takes an upload through the whole pipeline to COMPLETED with no refused call', async () => {
    // Functions are pointed at the proxies, never at the emulators themselves.
    for (const { entry } of runtime.functions.artifacts.functions) {
      const env = runtime.functions.environment(entry);
      for (const service of ['DYNAMODB', 'SQS', 'S3', 'SCHEDULER']) expect(env[`AWS_ENDPOINT_URL_${service}`], entry).not.toBe(runtime.env[`AWS_ENDPOINT_URL_${service}`]);
    }
    const uploaded = await upload(runtime.firstAdminToken!, { name: 'silence.wav', bytes: silentWav(2) }, {}, {}, runtime.url);
    expect(uploaded.status).toBe(202);
    const done = await waitForStatus(uploaded.body.id, ['COMPLETED', 'FAILED'], 60_000);
    expect(done.status).toBe('COMPLETED');
    // The summary, events and search workers run after COMPLETED; give them their turn.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(runtime.refusals).toEqual([]);
  }, 90_000);

  it('refuses each service call the role does not grant, with the service\'s AccessDenied', async () => {
    // api/fallback answers unknown routes: its role grants nothing on the table, bucket or queues.
    const { dynamo, s3, sqs, env } = clientsOf('api/fallback');
    const table = runtime.env.TABLE_NAME!;
    const bucket = runtime.env.BUCKET_NAME!;
    await expect(dynamo.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'USER#1' }, sk: { S: 'PROFILE' } } }))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'audio/1.wav' }))).rejects.toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    await expect(sqs.send(new SendMessageCommand({ QueueUrl: runtime.env.QUEUE_URL_TRANSCRIBE ?? Object.entries(env).find(([k]) => k.startsWith('QUEUE_URL_'))![1], MessageBody: '{}' }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    expect(refusalsOf('api/fallback').map((r) => `${r.action} on ${r.resource}`)).toEqual([
      'dynamodb:GetItem on arn:aws:dynamodb:us-east-1:000000000000:table/verbatim',
      's3:GetObject on arn:aws:s3:::verbatim-audio/audio/1.wav',
      expect.stringMatching(/^sqs:SendMessage on arn:aws:sqs:us-east-1:000000000000:verbatim-/),
    ]);
  });

  it('allows what the role grants, and only on the resources it names', async () => {
    // The upload route may put audio, not a search index.
    const { s3 } = clientsOf('api/recordings/upload');
    const bucket = runtime.env.BUCKET_NAME!;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'audio/iam-test.wav', Body: 'x' }));
    await expect(s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'search/iam-test', Body: 'x' }))).rejects.toMatchObject({ name: 'AccessDenied' });
    expect(refusalsOf('api/recordings/upload').map((r) => r.resource)).toEqual(['arn:aws:s3:::verbatim-audio/search/iam-test']);
  });

  it("refuses a real bundle's calls when it signs as a function whose role lacks them", async () => {
    const me = runtime.functions.artifacts.functions.find((f) => f.entry === 'api/users/me')!;
    const fallback = runtime.functions.environment('api/fallback');
    const env = { ...runtime.functions.environment('api/users/me'), AWS_ACCESS_KEY_ID: fallback.AWS_ACCESS_KEY_ID!, AWS_SECRET_ACCESS_KEY: fallback.AWS_SECRET_ACCESS_KEY! };
    const fn = new LocalFunction({ name: 'api-users-me', bundle: me.bundle, memoryMb: me.memoryMb, timeoutSeconds: me.timeoutSeconds, env, maxInstances: 1 });
    const before = refusalsOf('api/fallback').length;
    try {
      const event = { version: '2.0', routeKey: 'GET /api/v1/users/me', rawPath: '/api/v1/users/me', rawQueryString: '', headers: { authorization: `Bearer ${runtime.firstAdminToken}` }, requestContext: { http: { method: 'GET', path: '/api/v1/users/me', sourceIp: '127.0.0.1' }, requestId: 'iam-test', routeKey: 'GET /api/v1/users/me', stage: '$default', timeEpoch: Date.now() }, isBase64Encoded: false };
      const answer = (await fn.invoke(event)) as { statusCode: number };
      expect(answer.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await fn.stop();
    }
    expect(refusalsOf('api/fallback').slice(before)[0]).toMatchObject({ action: expect.stringMatching(/^dynamodb:/), resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/verbatim' });
  });
});
