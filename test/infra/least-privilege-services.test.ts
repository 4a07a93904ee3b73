// What AWS services do with the template's roles, judged locally as AWS judges it (the
// cloud-copilot simulator on the synthesized template's own documents): EventBridge Scheduler
// assumes a schedule's role, then sends as it to the target and, on a failed delivery, to the
// dead-letter queue; Lambda assumes each function's execution role before it runs the function.
// Each check passes on the real template and is refused on a copy missing what it needs.
import { createServer, type Server } from 'node:http';
import { CreateScheduleCommand, CreateScheduleGroupCommand, SchedulerClient, type CreateScheduleCommandInput } from '@aws-sdk/client-scheduler';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Resources } from '../../infra/aws/template.ts';
import { target } from '../../infra/aws/template.ts';
import type { Artifacts } from '../../infra/local/artifacts/manifest.ts';
import { prepareArtifacts } from '../../infra/local/artifacts/prepare.ts';
import { resolver } from '../../infra/local/artifacts/resolve.ts';
import { judgeOf } from '../../infra/local/iam/policies.ts';
import type { Refusal } from '../../infra/local/iam/proxy.ts';
import { deliveryGate, executionRoleGate } from '../../infra/local/iam/services.ts';
import { localFunctions } from '../../infra/local/lambda/functions.ts';
import { startSchedulerEmulator } from '../../infra/local/scheduler/emulator.ts';

const ACCOUNT = '000000000000';
const queueArn = (name: string) => `arn:aws:sqs:us-east-1:${ACCOUNT}:verbatim-${name}`;
let artifacts: Artifacts;

beforeAll(async () => {
  artifacts = await prepareArtifacts();
}, 600_000);

const idOf = (template: Resources, type: string, pattern: RegExp) => Object.keys(template).find((id) => template[id]!.Type === type && pattern.test(id))!;
const schedulerRoleId = (template: Resources) => idOf(template, 'AWS::IAM::Role', /^DataSchedulerRole/);
const schedulerRole = () => resolver(artifacts, () => '')({ 'Fn::GetAtt': [schedulerRoleId(artifacts.template), 'Arn'] }) as string;
const trustOf = (template: Resources, roleId: string) => template[roleId]!.Properties!.AssumeRolePolicyDocument.Statement as Record<string, any>[];
/** A copy of the template, as `edit` leaves it. */
function templateWith(edit: (template: Resources) => void): Resources {
  const copy = structuredClone(artifacts.template);
  edit(copy);
  return copy;
}

describe("the Scheduler's sends", () => {
  const refusals: Refusal[] = [];
  /** Requests that reached the stand-in for SQS, as "<operation> <body>". */
  const reached: string[] = [];
  const stops: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    refusals.length = 0;
    reached.length = 0;
  });

  /** A stand-in for SQS that records what reaches it and fails every call (so deliveries go to the dead-letter queue). */
  async function fakeSqs(): Promise<string> {
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        reached.push(`${String(req.headers['x-amz-target'] ?? req.url).replace('AmazonSQS.', '')} ${body}`);
        res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  /** The emulator judged against `template`, with one due schedule created in `group` (outside the proxy). */
  async function fire(template: Resources, schedule: Partial<CreateScheduleCommandInput['Target']> = {}, group?: string) {
    const authorize = deliveryGate(judgeOf({ ...artifacts, template }), (r) => refusals.push(r));
    const emulator = await startSchedulerEmulator({ sqsEndpoint: await fakeSqs(), tickMs: 3_600_000, authorize });
    const client = new SchedulerClient({ region: 'us-east-1', endpoint: emulator.url, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    stops.push(async () => {
      client.destroy();
      await emulator.stop();
    });
    if (group) await client.send(new CreateScheduleGroupCommand({ Name: group }));
    const Target = { Arn: queueArn('deliveries'), RoleArn: schedulerRole(), RetryPolicy: { MaximumRetryAttempts: 0 }, ...schedule };
    await client.send(new CreateScheduleCommand({ Name: 'deliveries-1', GroupName: group, ScheduleExpression: 'at(2020-01-01T00:00:00)', FlexibleTimeWindow: { Mode: 'OFF' }, Target }));
    await emulator.fireDue();
  }
  const sends = () => reached.filter((r) => r.startsWith('GetQueueUrl') || r.startsWith('SendMessage'));

  it('reach the target queue as the real template allows', async () => {
    await fire(artifacts.template);
    expect(refusals).toEqual([]);
    expect(sends().some((r) => r.includes('verbatim-deliveries'))).toBe(true);
  });

  it('are refused, naming who and what, when the role does not trust scheduler.amazonaws.com', async () => {
    const trustEvents = templateWith((t) => trustOf(t, schedulerRoleId(t)).forEach((s) => (s.Principal = { Service: 'events.amazonaws.com' })));
    await fire(trustEvents);
    expect(refusals).toEqual([{ function: 'scheduler', principal: 'scheduler.amazonaws.com', action: 'sts:AssumeRole', resource: schedulerRole() }]);
    expect(sends()).toEqual([]);
  });

  it("judge the trust policy's conditions with the schedule's group as the source", async () => {
    const groupArn = (name: string) => `arn:aws:scheduler:us-east-1:${ACCOUNT}:schedule-group/${name}`;
    const fromGroup = templateWith((t) => trustOf(t, schedulerRoleId(t)).forEach((s) => (s.Condition = { ...s.Condition, ArnEquals: { 'aws:SourceArn': groupArn('verbatim-local') } })));
    await fire(fromGroup, {}, 'verbatim-local');
    expect(refusals).toEqual([]);
    await fire(fromGroup, {}, 'another');
    expect(refusals).toEqual([{ function: 'scheduler', principal: 'scheduler.amazonaws.com', action: 'sts:AssumeRole', resource: schedulerRole() }]);
    // The template's own condition: this account only.
    const otherAccount = templateWith((t) => trustOf(t, schedulerRoleId(t)).forEach((s) => (s.Condition = { StringEquals: { 'aws:SourceAccount': '111111111111' } })));
    await fire(otherAccount);
    expect(refusals).toHaveLength(2);
  });

  it("dead-letter a failed delivery only where the role's policy allows sending to the dead-letter queue", async () => {
    const DeadLetterConfig = { Arn: queueArn('deliveries-dlq') };
    // The real role sends to the queues the code schedules into, not to their dead-letter queues.
    await fire(artifacts.template, { DeadLetterConfig });
    expect(refusals).toEqual([{ function: 'scheduler', principal: schedulerRole(), action: 'sqs:SendMessage', resource: DeadLetterConfig.Arn }]);
    expect(sends().some((r) => r.includes('verbatim-deliveries-dlq'))).toBe(false);
    expect(sends().some((r) => r.includes('verbatim-deliveries'))).toBe(true);
  });

  it('send to the dead-letter queue once the role is granted it', async () => {
    const DeadLetterConfig = { Arn: queueArn('deliveries-dlq') };
    const granted = templateWith((t) => {
      const role = schedulerRoleId(t);
      const policy = Object.values(t).find((r) => r.Type === 'AWS::IAM::Policy' && r.Properties!.Roles.some((x: unknown) => target(x) === role))!;
      policy.Properties!.PolicyDocument.Statement.push({ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: DeadLetterConfig.Arn });
    });
    await fire(granted, { DeadLetterConfig });
    expect(refusals).toEqual([]);
    expect(sends().some((r) => r.includes('verbatim-deliveries-dlq'))).toBe(true);
  });
});

describe("Lambda's execution roles", () => {
  const roleOf = (template: Resources, entry: string) => target(template[artifacts.functions.find((f) => f.entry === entry)!.logicalId]!.Properties!.Role);
  const roleArn = (entry: string) => `arn:aws:iam::${ACCOUNT}:role/${entry.replace(/[^A-Za-z0-9-]+/g, '-')}`;

  it("may all be assumed by lambda.amazonaws.com in the real template", async () => {
    const refusals: Refusal[] = [];
    const assume = executionRoleGate(judgeOf(artifacts), (r) => refusals.push(r));
    for (const { entry } of artifacts.functions) await assume(entry);
    expect(artifacts.functions.length).toBeGreaterThan(20);
    expect(refusals).toEqual([]);
  });

  it('is refused when the role trusts another principal, or names Lambda only to deny it', async () => {
    const refusals: Refusal[] = [];
    const trustEdge = templateWith((t) => trustOf(t, roleOf(t, 'api/fallback')).forEach((s) => (s.Principal = { Service: 'edgelambda.amazonaws.com' })));
    await expect(executionRoleGate(judgeOf({ ...artifacts, template: trustEdge }), (r) => refusals.push(r))('api/fallback')).rejects.toThrow(
      'The role defined for the function cannot be assumed by Lambda: lambda.amazonaws.com (for api/fallback) may not sts:AssumeRole on arn:aws:iam::000000000000:role/api-fallback',
    );
    const denied = templateWith((t) => trustOf(t, roleOf(t, 'api/fallback')).push({ Effect: 'Deny', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }));
    await expect(executionRoleGate(judgeOf({ ...artifacts, template: denied }), (r) => refusals.push(r))('api/fallback')).rejects.toThrow(/cannot be assumed by Lambda/);
    expect(refusals).toEqual([0, 1].map(() => ({ function: 'api/fallback', principal: 'lambda.amazonaws.com', action: 'sts:AssumeRole', resource: roleArn('api/fallback') })));
    // Only that function's role changed: the others still run.
    await executionRoleGate(judgeOf({ ...artifacts, template: trustEdge }), (r) => refusals.push(r))('api/users/me');
    expect(refusals).toHaveLength(2);
  });

  it('the local runtime runs a function only if Lambda may assume its role', async () => {
    const event = { version: '2.0', routeKey: '$default', rawPath: '/api/v1/nowhere', rawQueryString: '', headers: {}, requestContext: { http: { method: 'GET', path: '/api/v1/nowhere', sourceIp: '127.0.0.1' }, requestId: 'trust-test', routeKey: '$default', stage: '$default', timeEpoch: Date.now() }, isBase64Encoded: false };
    const run = async (template: Resources) => {
      const copy = { ...artifacts, template };
      const functions = localFunctions({ artifacts: copy, resolve: resolver(copy, () => ''), base: { AWS_REGION: 'us-east-1', LOG_LEVEL: 'ERROR' }, assumeRole: executionRoleGate(judgeOf(copy), () => undefined) });
      try {
        return (await functions.get('api/fallback').invoke(event)) as { statusCode: number };
      } finally {
        await functions.stop();
      }
    };
    expect(await run(artifacts.template)).toMatchObject({ statusCode: 404 });
    const trustEdge = templateWith((t) => trustOf(t, roleOf(t, 'api/fallback')).forEach((s) => (s.Principal = { Service: 'edgelambda.amazonaws.com' })));
    await expect(run(trustEdge)).rejects.toMatchObject({ name: 'InvalidParameterValueException', message: expect.stringMatching(/cannot be assumed by Lambda/) });
  }, 60_000);
});
