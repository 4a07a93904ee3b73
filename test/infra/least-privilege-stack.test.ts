// The stack suites fail on any refused AWS call: the shared stack's global setup is run here on
// a stack of its own, a call its role lacks is made as `npm run invoke` would make it (through
// the running stack's IAM proxies, signing as the function), and the teardown must fail the run
// with a message naming function, action and resource.
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareArtifacts } from '../../infra/local/artifacts/prepare.ts';
import type { LocalFunctions } from '../../infra/local/lambda/functions.ts';
import { readLiveRuntime, type LiveRuntime } from '../../infra/local/runtime-file.ts';
import { functionsOfRunning } from '../../infra/local/runtime.ts';
import setup, { type StackInfo } from '../support/global-setup.ts';

let info: StackInfo;
let teardown: (() => Promise<void>) | undefined;
let running: LiveRuntime;
let functions: LocalFunctions;

beforeAll(async () => {
  teardown = await setup({ provide: (_key: string, value: unknown) => void (info = value as StackInfo) } as Parameters<typeof setup>[0]);
  running = readLiveRuntime(info.dataDir)!;
  functions = functionsOfRunning(await prepareArtifacts(), running);
}, 600_000);

afterAll(async () => {
  await functions?.stop();
  // Only if a test failed before running the teardown itself.
  const exitCode = process.exitCode;
  await teardown?.().catch(() => undefined);
  process.exitCode = exitCode;
});

describe('npm run invoke on a running stack', () => {
  it("gives the function the stack's IAM proxies and its own credentials, never the emulators", () => {
    for (const entry of ['api/users/me', 'workers/transcribe']) {
      const env = functions.environment(entry);
      expect(env.AWS_ENDPOINT_URL_DYNAMODB).toBe(running.iam!.endpoints.dynamodb);
      expect(env.AWS_ENDPOINT_URL_S3).toBe(running.iam!.endpoints.s3);
      expect(env.AWS_ENDPOINT_URL_SQS).toBe(running.iam!.endpoints.sqs);
      expect(env.AWS_ENDPOINT_URL_SCHEDULER).toBe(running.iam!.endpoints.scheduler);
      expect(env.AWS_ENDPOINT_URL_DYNAMODB).not.toBe(running.env.AWS_ENDPOINT_URL_DYNAMODB);
    }
  });

  it("runs a real bundle through the proxies: a route's own calls are allowed", async () => {
    const event = { version: '2.0', routeKey: 'GET /api/v1/users/me', rawPath: '/api/v1/users/me', rawQueryString: '', headers: { authorization: `Bearer ${info.adminToken}` }, requestContext: { http: { method: 'GET', path: '/api/v1/users/me', sourceIp: '127.0.0.1' }, requestId: 'invoke-test', routeKey: 'GET /api/v1/users/me', stage: '$default', timeEpoch: Date.now() }, isBase64Encoded: false };
    const answer = (await functions.get('api/users/me').invoke(event)) as { statusCode: number; body: string };
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ email: 'admin@localhost' });
  });
});

describe('the stack suites', () => {
  it('fail on a refused call, naming function, action and resource', async () => {
    // api/fallback's role grants nothing on the table; signing as it through its proxy is refused.
    const env = functions.environment('api/fallback');
    const dynamo = new DynamoDBClient({ region: env.AWS_REGION!, endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! } });
    try {
      await expect(dynamo.send(new GetItemCommand({ TableName: env.TABLE_NAME!, Key: { pk: { S: 'USER#1' }, sk: { S: 'PROFILE' } } }))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    } finally {
      dynamo.destroy();
    }
    const before = process.exitCode;
    const ending = teardown!();
    teardown = undefined;
    try {
      await expect(ending).rejects.toThrow(/IAM refused 1 AWS call\(s\)[^\n]*\n {2}api\/fallback may not dynamodb:GetItem on arn:aws:dynamodb:us-east-1:000000000000:table\/verbatim$/);
      expect(process.exitCode).toBe(1);
    } finally {
      process.exitCode = before;
    }
  });
});
