// Least privilege on the synthesized template: no `*` action anywhere, `*` resources only
// where the service offers nothing narrower (each case with its reason), every function's
// grants exactly what its code touches, and the webhook delivery function fenced to its queue,
// the table and the Scheduler. Provider keys never appear in the environment.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bedrockResources, statementsFor, touchEnvironment } from '../../infra/aws/grants.ts';
import { PROJECT_ROOT } from '../../infra/aws/functions.ts';
import { touchesOf, type Touches } from '../../infra/aws/touches.ts';
import { queueUrlSetting } from '../../shared/topology.ts';
import { allStatements, list, roleStatements, serviceFunctions, synth, SYNTH_TIMEOUT_MS, target, type Statement, type Synthesized } from './synth.ts';

/** The only `*` in a resource the template may hold, and why. */
const WILDCARD_RESOURCES: readonly { why: string; actions: RegExp; resource: RegExp }[] = [
  { why: 'X-Ray PutTraceSegments/PutTelemetryRecords take no resource-level permissions', actions: /^xray:(PutTraceSegments|PutTelemetryRecords)$/, resource: /^"\*"$/ },
  {
    why: 'object actions on one folder of the bucket: keys are generated per recording (search/: one index object per user)',
    actions: /^s3:(GetObject|PutObject|AbortMultipartUpload|DeleteObject)$/,
    // The bucket's ARN, or the route stack's BucketArn parameter once the test template has put the ARN in its place.
    resource: /"DataBucket[0-9A-F]{8}","Arn"\]\},"\/(audio|transcripts|transcribe|search)\/\*"\]\]\}$/,
  },
  { why: "CreateSchedule in the service's own group: schedule names are generated per message", actions: /^scheduler:CreateSchedule$/, resource: /:schedule\/verbatim-dev\/\*"\]\]\}$/ },
  { why: 'StartTranscriptionJob supports no resource type (Service Authorization Reference)', actions: /^transcribe:StartTranscriptionJob$/, resource: /^"\*"$/ },
  {
    why: "Transcribe jobs are named per recording and attempt when they start, under the deployment's prefix",
    actions: /^transcribe:GetTranscriptionJob$/,
    resource: /:transcribe:us-east-1:000000000000:transcription-job\/verbatim-dev-",\{"Fn::Select".*"AWS::StackId".*,"-\*"\]\]\}$/,
  },
];

const actionsOf = (s: Statement) => list(s.Action);
const LOCAL = { ASR_PROVIDER: 'local', LLM_PROVIDER: 'local' };
const text = (v: unknown) => JSON.stringify(v);

describe('least privilege', { timeout: SYNTH_TIMEOUT_MS }, () => {
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synth('dev', { bundle: false });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synthesized?.dispose());

  const logicalId = (fn: { node: { defaultChild?: unknown } }) => synthesized.stack.getLogicalId(fn.node.defaultChild as CfnFunction);
  const roleOf = (fnId: string) => target(synthesized.resources[fnId]!.Properties!.Role);
  const queueArn = (name: Parameters<typeof queueUrlSetting>[0]) => {
    const env = serviceFunctions(synthesized.template)[0]![1].Properties!.Environment.Variables;
    return { 'Fn::GetAtt': [target(env[queueUrlSetting(name)]), 'Arn'] };
  };

  it('has no IAM statement whose action holds a wildcard', () => {
    const statements = allStatements(synthesized.resources);
    expect(statements.length).toBeGreaterThan(50);
    const wild = statements.filter(({ statement }) => actionsOf(statement).some((a) => a.includes('*')));
    expect(wild).toEqual([]);
  });

  it('has `*` in a resource only in the justified cases', () => {
    const unjustified = allStatements(synthesized.resources).flatMap(({ owner, statement }) =>
      list(statement.Resource)
        .map(text)
        .filter((r) => r.includes('*'))
        .filter((r) => !WILDCARD_RESOURCES.some((w) => w.resource.test(r) && actionsOf(statement).every((a) => w.actions.test(a))))
        .map((r) => `${owner}: ${actionsOf(statement).join(',')} on ${r}`),
    );
    expect(unjustified).toEqual([]);
  });

  it("grants every function exactly what its code touches, in its own role, with no AWS managed policy", () => {
    const { stack, resources } = synthesized;
    const tracing = stack.getLogicalId(stack.tracingPolicy.node.defaultChild as CfnRole);
    for (const [fn, touches] of stack.touches) {
      const roleId = roleOf(logicalId(fn));
      expect(list(resources[roleId]!.Properties!.ManagedPolicyArns).map(target), fn.node.id).toEqual([tracing]);
      const statements = roleStatements(resources, roleId);
      const with_ = (action: string) => statements.filter((s) => actionsOf(s).includes(action));
      expect(with_('sqs:SendMessage').flatMap((s) => list(s.Resource)), fn.node.id).toEqual([...touches.sends].sort().map(queueArn));
      const dynamo = statements.flatMap(actionsOf).filter((a) => a.startsWith('dynamodb:'));
      expect(dynamo.sort(), fn.node.id).toEqual([...touches.table].map((a) => `dynamodb:${a}`).sort());
      const prefixes = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('s3:') && a !== 's3:ListBucket')).flatMap((s) => list(s.Resource).map((r) => /\/(\w+\/)\*"/.exec(text(r))![1]));
      const touched = [...touches.objects].filter(([, access]) => [...access].some((a) => a !== 'list')).map(([p]) => p);
      expect([...new Set(prefixes)].sort(), fn.node.id).toEqual(touched.sort());
      expect(with_('scheduler:CreateSchedule').length > 0, fn.node.id).toBe(touches.schedules.size > 0);
      expect(with_('ssm:GetParameter').length > 0, fn.node.id).toBe(touches.secrets.size > 0);
    }
  });

  it('lets the webhook delivery function reach only its queues, its secrets key, the table and the Scheduler, from outside any VPC', () => {
    const { resources, stack } = synthesized;
    const [fnId, fn] = serviceFunctions(synthesized.template).find(([, f]) => f.Properties!.Description === 'deliveries queue -> functions/workers/deliver.ts')!;
    expect(fn.Properties!.VpcConfig).toBeUndefined();
    const table = stack.getLogicalId(stack.data.table.node.defaultChild as CfnFunction);
    const schedulerRole = stack.getLogicalId(stack.data.schedulerRole.node.defaultChild as CfnRole);
    const allowed: ((s: Statement, r: string) => boolean)[] = [
      (s, r) => (r === text(queueArn('deliveries')) || /^\{"Fn::GetAtt":\["DataDeliveriesOverflowQueue[0-9A-F]{8}","Arn"\]\}$/.test(r)) && actionsOf(s).every((a) => a.startsWith('sqs:')),
      // Webhook secrets are sealed with a data key the stack's KMS key wraps (README: Security).
      (s, r) => /"WebhookSecretsKey[0-9A-F]{8}","Arn"/.test(r) && actionsOf(s).every((a) => /^kms:(Encrypt|Decrypt)$/.test(a)),
      (s, r) => r.includes(`"${table}","Arn"`) && actionsOf(s).every((a) => a.startsWith('dynamodb:')),
      (s, r) => /:schedule\/verbatim-dev\/\*"\]\]\}$/.test(r) && text(actionsOf(s)) === '["scheduler:CreateSchedule"]',
      (s, r) => r === text({ 'Fn::GetAtt': [schedulerRole, 'Arn'] }) && text(actionsOf(s)) === '["iam:PassRole"]' && text(s.Condition) === text({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } }),
      (s, r) => r === text({ 'Fn::GetAtt': [target(fn.Properties!.LoggingConfig.LogGroup), 'Arn'] }) && actionsOf(s).every((a) => a.startsWith('logs:')),
      (s, r) => r === '"*"' && actionsOf(s).every((a) => a.startsWith('xray:')),
    ];
    const statements = roleStatements(resources, roleOf(fnId));
    const outside = statements.flatMap((s) => list(s.Resource).map(text).filter((r) => !allowed.some((ok) => ok(s, r))).map((r) => `${actionsOf(s).join(',')} on ${r}`));
    expect(outside).toEqual([]);
    const actions = new Set(statements.flatMap(actionsOf));
    for (const needed of ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:SendMessage', 'dynamodb:GetItem', 'scheduler:CreateSchedule', 'iam:PassRole']) expect(actions, needed).toContain(needed);
    expect([...actions].filter((a) => /^(s3|ssm|bedrock|sns|events):/.test(a))).toEqual([]);
  });

  it('puts no provider key in any environment, only parameter names', () => {
    for (const [id, fn] of serviceFunctions(synthesized.template)) {
      const env: Record<string, unknown> = fn.Properties!.Environment.Variables;
      expect(Object.keys(env).filter((k) => /(API_?KEY|SECRET|PASSWORD|TOKEN)$/.test(k)), id).toEqual([]);
      expect(Object.values(env).filter((v) => typeof v === 'string' && /^(sk-|whsec_|vbt_|AKIA)/.test(v)), id).toEqual([]);
    }
    expect(() => synth('dev', { bundle: false, settings: { LLM_API_KEY: 'sk-123' } })).toThrow(/provider keys go in SSM Parameter Store/);
  });

  it('reads a provider key from the one SSM parameter it names, Transcribe jobs by their names, Bedrock only for the deployed model', () => {
    const { stack } = synthesized;
    const none: Touches = { table: new Set(), objects: new Map(), sends: new Set(), schedules: new Set(), secrets: new Set(), bedrock: false, transcribe: false, kms: new Map(), modules: [] };
    const ctx = { data: stack.data, bucketArn: stack.data.bucket.bucketArn, parameterPrefix: '/verbatim/dev', llm: { provider: 'bedrock', model: 'us.anthropic.claude-3-5-haiku-20241022-v1:0' }, transcribeJobPrefix: 'verbatim-dev-0a1b2c3d-' };
    const touches: Touches = { ...none, secrets: new Set(['asr', 'llm']), bedrock: true, transcribe: true };
    expect(touchEnvironment(ctx, touches)).toEqual({
      ASR_API_KEY_PARAMETER: '/verbatim/dev/asr-api-key',
      LLM_API_KEY_PARAMETER: '/verbatim/dev/llm-api-key',
      TRANSCRIBE_JOB_PREFIX: 'verbatim-dev-0a1b2c3d-',
    });
    const json = statementsFor(stack, touches, ctx).map((s) => stack.resolve(s.toStatementJson()));
    const arn = (rest: string) => ({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, rest]] });
    expect(json).toEqual([
      { Action: 'transcribe:StartTranscriptionJob', Effect: 'Allow', Resource: '*' },
      { Action: 'transcribe:GetTranscriptionJob', Effect: 'Allow', Resource: arn(':transcribe:us-east-1:000000000000:transcription-job/verbatim-dev-0a1b2c3d-*') },
      { Action: 'bedrock:InvokeModel', Effect: 'Allow', Resource: [arn(':bedrock:us-east-1:000000000000:inference-profile/us.anthropic.claude-3-5-haiku-20241022-v1:0'), arn(':bedrock:*::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0')] },
      { Action: 'ssm:GetParameter', Effect: 'Allow', Resource: [arn(':ssm:us-east-1:000000000000:parameter/verbatim/dev/asr-api-key'), arn(':ssm:us-east-1:000000000000:parameter/verbatim/dev/llm-api-key')] },
    ]);
    expect(bedrockResources(stack, { provider: 'openai', model: 'gpt-4o-mini' })).toEqual([]);
    expect(stack.resolve(bedrockResources(stack, { provider: 'bedrock', model: 'amazon.nova-lite-v1:0' }))).toEqual([arn(':bedrock:us-east-1::foundation-model/amazon.nova-lite-v1:0')]);
    for (const [fn, t] of stack.touches) {
      const env = stack.resolve((fn.node.defaultChild as CfnFunction).environment) as { variables: Record<string, string> };
      for (const key of t.secrets) expect(env.variables[`${key.toUpperCase()}_API_KEY_PARAMETER`], fn.node.id).toBe(`/verbatim/dev/${key}-api-key`);
    }
  });
});

describe('what a function touches', () => {
  const root = mkdtempSync(join(tmpdir(), 'verbatim-touches-'));
  const write = (file: string, source: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), source);
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('grants what the bundled code calls, naming each queue and folder in a literal', () => {
    write('shared/queue/jobs.ts', 'export async function send(queue: string, body: unknown) { return [queue, body]; }\nexport async function sendLater(queue: string, body: unknown, delay: number) { return [queue, body, delay]; }\n');
    write('shared/blob/objects.ts', 'export async function deleteObject(folder: string, key: string) { return [folder, key]; }\nexport async function getJson(folder: string, key: string) { return [folder, key]; }\n');
    write('shared/later.ts', "import { send, sendLater } from './queue/jobs.ts';\nexport const later = () => [send('events', {}), sendLater('summarize', {}, 3600)];\nexport const unused = () => send('deliveries', {});\n");
    write('shared/tidy.ts', "import { deleteObject, getJson } from './blob/objects.ts';\nexport const tidy = (key: string) => [deleteObject('audio/', key), getJson('transcripts/', key)];\n");
    write('functions/e.ts', "import { later } from '../shared/later.ts';\nimport { tidy } from '../shared/tidy.ts';\nexport const handler = () => [later(), tidy('audio/1')];\n");
    const t = touchesOf(root, 'e', LOCAL);
    // The unused function's send is shaken out of the bundle, so it grants nothing.
    expect([...t.sends].sort()).toEqual(['events', 'summarize']);
    expect([...t.schedules]).toEqual(['summarize']);
    expect(t.objects).toEqual(new Map([['audio/', new Set(['delete'])], ['transcripts/', new Set(['read'])]]));
  });

  it('refuses code that reaches AWS around the adapters, or names what it reaches in anything but a literal', () => {
    write('shared/queue/jobs.ts', 'export async function send(queue: string, body: unknown) { return [queue, body]; }\n');
    write('shared/notify.ts', "import { SNSClient } from '@aws-sdk/client-sns';\nexport const notify = () => new SNSClient({});\n");
    write('shared/relay.ts', "import { send } from './queue/jobs.ts';\nexport const relay = (queue: string) => send(queue, {});\n");
    write('shared/unknown.ts', "import { send } from './queue/jobs.ts';\nexport const unknown = () => send('nowhere', {});\n");
    write('shared/renamed.ts', "import { send as post } from './queue/jobs.ts';\nexport const renamed = () => post('events', {});\n");
    write('functions/a.ts', "import { notify } from '../shared/notify.ts';\nexport const handler = () => notify();\n");
    write('functions/b.ts', "import { relay } from '../shared/relay.ts';\nexport const handler = () => relay('events');\n");
    write('functions/f.ts', "import { unknown } from '../shared/unknown.ts';\nexport const handler = () => unknown();\n");
    write('functions/g.ts', "import { renamed } from '../shared/renamed.ts';\nexport const handler = () => renamed();\n");
    write('functions/c.ts', "import type { relay } from '../shared/relay.ts';\nexport const handler = (f: typeof relay) => 1;\n");
    expect(() => touchesOf(root, 'a', LOCAL)).toThrow(/shared\/notify\.ts imports @aws-sdk\/client-sns: reach AWS through an adapter/);
    expect(() => touchesOf(root, 'b', LOCAL)).toThrow(/shared\/relay\.ts calls send with no literal/);
    expect(() => touchesOf(root, 'f', LOCAL)).toThrow(/shared\/unknown\.ts calls send with "nowhere"/);
    expect(() => touchesOf(root, 'g', LOCAL)).toThrow(/shared\/renamed\.ts imports send under another name/);
    // A type-only import brings no code, so no grant.
    expect(touchesOf(root, 'c', LOCAL).modules).toEqual(['functions/c.ts']);
  });

  it('grants a provider\'s needs only when the deployment chooses that provider', () => {
    const worker = (deployed: typeof LOCAL) => touchesOf(PROJECT_ROOT, 'workers/transcribe', deployed);
    expect(worker(LOCAL)).toMatchObject({ transcribe: false, bedrock: false, secrets: new Set() });
    expect(worker(LOCAL).objects.has('transcribe/')).toBe(false);
    const aws = worker({ ASR_PROVIDER: 'aws-transcribe', LLM_PROVIDER: 'bedrock' });
    expect(aws).toMatchObject({ transcribe: true });
    expect(aws.objects.get('transcribe/')).toEqual(new Set(['read', 'write']));
    expect(worker({ ASR_PROVIDER: 'openai', LLM_PROVIDER: 'local' }).secrets).toEqual(new Set(['asr']));
  });

  it('reads DynamoDB actions from the commands and transaction items of the bundled code', () => {
    write(
      'shared/store/thing.ts',
      "import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';\nexport const items = () => [new GetCommand({} as never), new TransactWriteCommand({ TransactItems: [{ Put: { Item: {} } }, { ConditionCheck: { Key: {} } }] } as never)];\n",
    );
    write('functions/d.ts', "import { items } from '../shared/store/thing.ts';\nexport const handler = () => items();\n");
    expect([...touchesOf(root, 'd', LOCAL).table].sort()).toEqual(['ConditionCheckItem', 'GetItem', 'PutItem']);
  });
});
