// Resource policies judged as AWS judges them, with the synthesized template's own documents:
// the alarm topic lets CloudWatch publish (from this account only), the Scheduler may assume the
// role a schedule passes, that role may send to the queues the code schedules into, EventBridge
// may feed the transcribe queue from its rule only, and the TLS denies hold. Each check is also
// run on a copy of the template missing the grant, which must be refused.
import { createServer, type Server } from 'node:http';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resources } from '../../infra/aws/template.ts';
import type { Artifacts } from '../../infra/local/artifacts/manifest.ts';
import { prepareArtifacts } from '../../infra/local/artifacts/prepare.ts';
import { resolver } from '../../infra/local/artifacts/resolve.ts';
import { callsOf, type Call } from '../../infra/local/iam/calls.ts';
import { judgeOf } from '../../infra/local/iam/policies.ts';
import { deliveryGate } from '../../infra/local/iam/services.ts';
import { startIamProxy, type IamProxy, type Refusal } from '../../infra/local/iam/proxy.ts';
import { startSchedulerEmulator } from '../../infra/local/scheduler/emulator.ts';
import { accessKeyId } from '../../infra/local/lambda/functions.ts';

const ACCOUNT = '000000000000';
let artifacts: Artifacts;

beforeAll(async () => {
  artifacts = await prepareArtifacts();
}, 600_000);

const idOf = (template: Resources, type: string, pattern = /./) => Object.keys(template).find((id) => template[id]!.Type === type && pattern.test(id))!;
const arnOf = (id: string) => resolver(artifacts, () => '')({ 'Fn::GetAtt': [id, 'Arn'] }) as string;
/** Whether the stack (or the copy `edit` makes of its template and function policies) allows every call. */
async function allows(calls: readonly Call[], edit?: (copy: { template: Resources; functions: Artifacts['functions'] }) => void, entry = 'workers/deliver'): Promise<boolean> {
  const copy = structuredClone({ template: artifacts.template, functions: artifacts.functions });
  edit?.(copy);
  const judge = judgeOf({ ...artifacts, ...copy });
  for (const call of calls) if (!(await judge.allows(entry, call))) return false;
  return true;
}
const statementsOf = (template: Resources, id: string, key = 'PolicyDocument') => template[id]!.Properties![key].Statement as Record<string, any>[];

describe('the alarm topic policy', () => {
  const publish = (context: Record<string, string>): Call => {
    const topic = idOf(artifacts.template, 'AWS::SNS::Topic', /Alarm/);
    return { principal: 'cloudwatch.amazonaws.com', action: 'sns:Publish', resource: `arn:aws:sns:us-east-1:${ACCOUNT}:${topic}`, context: { 'aws:SecureTransport': 'true', ...context } };
  };

  it('lets CloudWatch alarms of this account publish, and no other account', async () => {
    expect(await allows([publish({ 'aws:SourceAccount': ACCOUNT })])).toBe(true);
    expect(await allows([publish({ 'aws:SourceAccount': '111111111111' })])).toBe(false);
    expect(await allows([publish({ 'aws:SourceAccount': ACCOUNT, 'aws:SecureTransport': 'false' })])).toBe(false);
  });

  it('refuses CloudWatch once the template lacks the statement allowing it (a topic policy replaces the default)', async () => {
    const dropCloudWatch = ({ template }: { template: Resources }) => {
      const statements = statementsOf(template, idOf(template, 'AWS::SNS::TopicPolicy'));
      statements.splice(statements.findIndex((s) => JSON.stringify(s.Principal).includes('cloudwatch.amazonaws.com')), 1);
    };
    expect(await allows([publish({ 'aws:SourceAccount': ACCOUNT })], dropCloudWatch)).toBe(false);
  });
});

describe('schedules: iam:PassRole and the scheduler role', () => {
  const role = () => arnOf(idOf(artifacts.template, 'AWS::IAM::Role', /^DataSchedulerRole/));
  const create = (roleArn = role()) =>
    callsOf('scheduler', { method: 'POST', url: '/schedules/deliveries-1', headers: {} }, JSON.stringify({ GroupName: 'verbatim-local', Target: { Arn: `arn:aws:sqs:us-east-1:${ACCOUNT}:verbatim-deliveries`, RoleArn: roleArn } }));

  it('a worker creating a schedule may pass the role, and the Scheduler may assume it', async () => {
    expect(create().map((c) => `${c.principal ?? 'worker'} ${c.action}`)).toEqual(['worker scheduler:CreateSchedule', 'worker iam:PassRole', 'scheduler.amazonaws.com sts:AssumeRole']);
    expect(await allows(create())).toBe(true);
    // A route that schedules nothing may not pass the role.
    expect(await allows(create(), undefined, 'api/users/me')).toBe(false);
  });

  it('is refused when the role does not trust scheduler.amazonaws.com', async () => {
    const trustEvents = ({ template }: { template: Resources }) => {
      for (const s of statementsOf(template, idOf(template, 'AWS::IAM::Role', /^DataSchedulerRole/), 'AssumeRolePolicyDocument')) s.Principal = { Service: 'events.amazonaws.com' };
    };
    expect(await allows(create(), trustEvents)).toBe(false);
    expect(await allows(create().slice(0, 2), trustEvents)).toBe(true);
  });

  it("is refused when the worker's role lacks iam:PassRole", async () => {
    const noPassRole = ({ functions }: { functions: Artifacts['functions'] }) => {
      const deliver = functions.find((f) => f.entry === 'workers/deliver') as unknown as { policy: unknown[] };
      deliver.policy = deliver.policy.filter((s) => !JSON.stringify(s).includes('iam:PassRole'));
    };
    expect(await allows(create(), noPassRole)).toBe(false);
  });

  it('the role may send to the queues the code schedules into, and to no other', async () => {
    const send = (queue: string): Call => ({ principal: role(), action: 'sqs:SendMessage', resource: `arn:aws:sqs:us-east-1:${ACCOUNT}:verbatim-${queue}`, context: { 'aws:SecureTransport': 'true' } });
    expect(await allows(['deliveries', 'summarize', 'transcribe'].map(send))).toBe(true);
    expect(await allows([send('search')])).toBe(false);
  });
});

describe('queue and bucket policies', () => {
  it('EventBridge may feed the transcribe queue from its own rule only', async () => {
    const rule = arnOf(idOf(artifacts.template, 'AWS::Events::Rule', /^TranscribeJobStateChange/));
    const send = (sourceArn: string): Call => ({ principal: 'events.amazonaws.com', action: 'sqs:SendMessage', resource: `arn:aws:sqs:us-east-1:${ACCOUNT}:verbatim-transcribe`, context: { 'aws:SecureTransport': 'true', 'aws:SourceArn': sourceArn, 'aws:SourceAccount': ACCOUNT } });
    expect(await allows([send(rule)])).toBe(true);
    expect(await allows([send(`arn:aws:events:us-east-1:${ACCOUNT}:rule/another`)])).toBe(false);
    // Nor may it feed a queue whose policy does not name it.
    expect(await allows([{ ...send(rule), resource: `arn:aws:sqs:us-east-1:${ACCOUNT}:verbatim-summarize` }])).toBe(false);
  });

  it("the bucket's and queues' TLS denies override the functions' grants", async () => {
    const put = (secure: string): Call => ({ action: 's3:PutObject', resource: 'arn:aws:s3:::verbatim-audio/audio/x.wav', context: { 'aws:SecureTransport': secure } });
    expect(await allows([put('true')], undefined, 'api/recordings/upload')).toBe(true);
    expect(await allows([put('false')], undefined, 'api/recordings/upload')).toBe(false);
  });
});

describe('the IAM proxy in front of the Scheduler', () => {
  let proxy: IamProxy;
  let upstream: Server;
  const refusals: Refusal[] = [];

  beforeAll(async () => {
    // The emulator is never reached: the proxy answers first.
    upstream = createServer((_req, res) => res.writeHead(500).end());
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const copy = structuredClone(artifacts.template);
    for (const s of statementsOf(copy, idOf(copy, 'AWS::IAM::Role', /^DataSchedulerRole/), 'AssumeRolePolicyDocument')) s.Principal = { Service: 'events.amazonaws.com' };
    const judge = judgeOf({ ...artifacts, template: copy });
    const target = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
    proxy = await startIamProxy({ service: 'scheduler', target, judge, caller: (key) => (key === accessKeyId('workers/deliver') ? 'workers/deliver' : undefined), onRefusal: (r) => refusals.push(r) });
  });

  afterAll(async () => {
    await proxy?.stop();
    upstream?.close();
  });

  it("answers CreateSchedule with AWS's ValidationException when the role does not trust the Scheduler, and records it", async () => {
    const scheduler = new SchedulerClient({ region: 'us-east-1', endpoint: proxy.endpoint, credentials: { accessKeyId: accessKeyId('workers/deliver'), secretAccessKey: 'x' } });
    const roleArn = arnOf(idOf(artifacts.template, 'AWS::IAM::Role', /^DataSchedulerRole/));
    try {
      const command = new CreateScheduleCommand({ Name: 'deliveries-1', GroupName: 'verbatim-local', ScheduleExpression: 'at(2030-01-01T00:00:00)', FlexibleTimeWindow: { Mode: 'OFF' }, Target: { Arn: `arn:aws:sqs:us-east-1:${ACCOUNT}:verbatim-deliveries`, RoleArn: roleArn } });
      await expect(scheduler.send(command)).rejects.toMatchObject({ name: 'ValidationException', message: expect.stringMatching(/must allow AWS EventBridge Scheduler to assume the role/) });
    } finally {
      scheduler.destroy();
    }
    expect(refusals).toEqual([{ function: 'workers/deliver', principal: 'scheduler.amazonaws.com', action: 'sts:AssumeRole', resource: roleArn }]);
  });
});

describe("the Scheduler's deliveries", () => {
  it("are made as the schedule's role: a queue its policy does not grant is never sent to", async () => {
    // A stand-in for SQS that only counts what reaches it.
    const reached: string[] = [];
    const sqs = createServer((req, res) => {
      req.resume();
      reached.push(String(req.headers['x-amz-target'] ?? req.url));
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => sqs.listen(0, '127.0.0.1', resolve));
    const refusals: Refusal[] = [];
    const emulator = await startSchedulerEmulator({ sqsEndpoint: `http://127.0.0.1:${(sqs.address() as { port: number }).port}`, tickMs: 3_600_000, authorize: deliveryGate(judgeOf(artifacts), (r) => refusals.push(r)) });
    const client = new SchedulerClient({ region: 'us-east-1', endpoint: emulator.url, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const roleArn = arnOf(idOf(artifacts.template, 'AWS::IAM::Role', /^DataSchedulerRole/));
    const schedule = (name: string, queue: string) =>
      new CreateScheduleCommand({ Name: name, ScheduleExpression: 'at(2020-01-01T00:00:00)', FlexibleTimeWindow: { Mode: 'OFF' }, Target: { Arn: `arn:aws:sqs:us-east-1:${ACCOUNT}:verbatim-${queue}`, RoleArn: roleArn } });
    try {
      await client.send(schedule('to-search', 'search'));
      await emulator.fireDue();
      expect(reached).toEqual([]);
      expect(refusals).toEqual([{ function: 'scheduler', principal: roleArn, action: 'sqs:SendMessage', resource: `arn:aws:sqs:us-east-1:${ACCOUNT}:verbatim-search` }]);
      await client.send(schedule('to-deliveries', 'deliveries'));
      await emulator.fireDue();
      expect(reached.length).toBeGreaterThan(0);
      expect(refusals).toHaveLength(1);
    } finally {
      client.destroy();
      await emulator.stop();
      sqs.close();
    }
  });
});
