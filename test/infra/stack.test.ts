// The CDK stack realises the route table and the topology: every route, queue, index and
// guard rail that the code relies on is checked on the synthesized template.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as topology from '../../shared/topology.ts';
import { consumers, periodic, queueUrlSetting, type ConsumerSpec, type PeriodicSpec } from '../../shared/topology.ts';
import { routeRows } from '../../shared/routes.ts';
import { isHelper, serviceFunctions, synth as synthStack, SYNTH_TIMEOUT_MS, target, type Resource, type Resources, type Synthesized } from './synth.ts';

function synth(stage: string, extra: { consumers?: ConsumerSpec[]; periodic?: PeriodicSpec[]; bundle?: boolean } = {}): Synthesized {
  return synthStack(stage, {
    bundle: extra.bundle,
    topology: { ...topology, consumers: extra.consumers ?? topology.consumers, periodic: extra.periodic ?? topology.periodic },
  });
}


/**
 * `import { createRequire as x } from 'module'; const y = x(import.meta.url)`, as minified (the
 * binding is dropped where no CommonJS code of the function requires anything).
 */
const REQUIRE_SHIM = /import\s*\{\s*createRequire as ([\w$]+)\s*\}\s*from\s*["']module["']\s*;\s*(?:(?:var|let|const)\s+[\w$]+\s*=\s*)?\1\(import\.meta\.url\)/;

/** The code of index.mjs and of the chunks it imports statically: what a cold start evaluates. */
function initFiles(dir: string): string[] {
  const seen = new Map<string, string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    const code = readFileSync(join(dir, file), 'utf8');
    seen.set(file, code);
    for (const [, chunk] of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^;"'`]*?\sfrom\s*|[^;"'`]*?from)?["']\.\/([\w.-]+\.mjs)["']/g)) visit(chunk!);
  };
  visit('index.mjs');
  return [...seen.values()];
}

describe('the dev stack', { timeout: SYNTH_TIMEOUT_MS }, () => {
  let synthesized: Synthesized;
  let template: Template;
  let resources: Resources;
  let assemblyDir: string;

  beforeAll(() => {
    synthesized = synth('dev');
    ({ template, resources, dir: assemblyDir } = synthesized);
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synthesized?.dispose());

  const bundleOf = (fn: Resource): string => join(assemblyDir, fn.Metadata!['aws:asset:path']);
  const functionFor = (description: string): Resource => {
    const found = serviceFunctions(template).filter(([, fn]) => fn.Properties!.Description === description);
    expect(found, description).toHaveLength(1);
    return found[0]![1];
  };

  it('builds one function per route row, per queue consumer and per periodic job, plus the $default fallback, and no other function but the bucket auto-delete helper', () => {
    const all = Object.keys(template.findResources('AWS::Lambda::Function'));
    expect(all.filter(isHelper)).toHaveLength(1);
    const descriptions = serviceFunctions(template).map(([, fn]) => fn.Properties!.Description as string);
    expect(descriptions.sort()).toEqual(
      [
        '$default -> functions/api/fallback.ts',
        ...routeRows.map((r) => `${r.method} /api/v1${r.path} -> functions/api/${r.spec.handler}.ts`),
        // A handler reading several queues (the delivery lanes) is one function, described by its first queue.
        ...consumers.filter((c, i) => consumers.findIndex((o) => o.handler === c.handler) === i).map((c) => `${c.queue} queue -> functions/workers/${c.handler}.ts`),
        ...periodic.map((p) => `every ${p.everySeconds}s -> functions/workers/${p.handler}.ts`),
      ].sort(),
    );
  });

  it('serves exactly the route table under /api/v1 plus a $default route', () => {
    const keys = Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Resources).map((r) => r.Properties!.RouteKey);
    expect(keys.sort()).toEqual([...routeRows.map((r) => `${r.method} /api/v1${r.path}`), '$default'].sort());
  });

  it('sends each route to the function bundled from its own handler module', () => {
    for (const route of Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Resources)) {
      const key: string = route.Properties!.RouteKey;
      const join: [string, unknown[]] = route.Properties!.Target['Fn::Join'];
      const integration = resources[target(join[1][1])]!;
      expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
      const fn = resources[target(integration.Properties!.IntegrationUri)]!;
      const row = routeRows.find((r) => `${r.method} /api/v1${r.path}` === key);
      const module = row ? `functions/api/${row.spec.handler}.ts` : 'functions/api/fallback.ts';
      expect(fn.Properties!.Description, key).toBe(`${key} -> ${module}`);
    }
  });

  it('runs every function on Node 22 and arm64 with the size and time its route asks for', () => {
    const functions = serviceFunctions(template);
    expect(functions.length).toBeGreaterThan(0);
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
    }
    for (const row of routeRows) {
      const fn = functionFor(`${row.method} /api/v1${row.path} -> functions/api/${row.spec.handler}.ts`);
      expect(fn.Properties).toMatchObject({ MemorySize: row.spec.memoryMb ?? 512, Timeout: row.spec.timeoutSeconds ?? 29 });
    }
  });

  it('gives every function the resource names, queue URLs and scheduler settings it reads, with no NODE_OPTIONS (stacks are mapped when an error is logged, not at init)', () => {
    const queueSettings = topology.queues.map((q) => queueUrlSetting(q.name));
    for (const [id, fn] of serviceFunctions(template)) {
      const env: Record<string, any> = fn.Properties!.Environment.Variables;
      expect(Object.keys(env), id).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'BUCKET_NAME', 'SCHEDULE_GROUP', 'SCHEDULER_ROLE_ARN', 'LOG_LEVEL', 'DOCS_PUBLIC', ...queueSettings]),
      );
      expect(env.NODE_OPTIONS).toBeUndefined();
      expect(env.SCHEDULE_GROUP).toBe(`${topology.scheduleGroup}-dev`);
      expect(resources[target(env.TABLE_NAME)]!.Type).toBe('AWS::DynamoDB::GlobalTable');
      expect(resources[target(env.BUCKET_NAME)]!.Type).toBe('AWS::S3::Bucket');
      expect(resources[target(env.SCHEDULER_ROLE_ARN)]!.Type).toBe('AWS::IAM::Role');
      for (const s of queueSettings) expect(resources[target(env[s])]!.Type, s).toBe('AWS::SQS::Queue');
    }
  });

  it('ships every function as a minified ESM bundle of its own module, with a require shim and the AWS SDK inside it', () => {
    for (const [id, fn] of serviceFunctions(template)) {
      const init = initFiles(bundleOf(fn));
      // The banner's `require` for CommonJS code, in index.mjs or a chunk it imports statically.
      expect(init.some((code) => REQUIRE_SHIM.test(code)), id).toBe(true);
      for (const code of init) expect(code, id).not.toMatch(/from\s*["']@aws-sdk\//);
      // The source map names the handler module the description names: no bundle is another's.
      const module = (fn.Properties!.Description as string).split(' -> ')[1]!;
      const map = JSON.parse(readFileSync(join(bundleOf(fn), 'index.mjs.map'), 'utf8')) as { sources: string[] };
      expect(map.sources.some((source) => source.endsWith(module)), `${id}: ${module}`).toBe(true);
    }
  });

  it('packs the Swagger UI files that the docs asset route reads at run time', () => {
    const row = routeRows.find((r) => r.spec.handler === 'docs/asset')!;
    const dir = join(bundleOf(functionFor(`${row.method} /api/v1${row.path} -> functions/api/docs/asset.ts`)), 'node_modules', 'swagger-ui-dist');
    for (const file of ['package.json', 'swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
  });

  it('creates every topology queue with its own dead-letter queue after the topology maxReceiveCount', () => {
    expect(Object.keys(template.findResources('AWS::SQS::Queue'))).toHaveLength(topology.queues.length * 2);
    const env: Record<string, any> = serviceFunctions(template)[0]![1].Properties!.Environment.Variables;
    const dlqs = new Set<string>();
    for (const q of topology.queues) {
      const queue = resources[target(env[queueUrlSetting(q.name)])]!;
      expect(queue.Properties, q.name).toMatchObject({
        VisibilityTimeout: q.visibilityTimeoutSeconds,
        MessageRetentionPeriod: q.retentionDays * 86_400,
        SqsManagedSseEnabled: true,
        RedrivePolicy: { maxReceiveCount: q.maxReceiveCount },
      });
      const dlqId = target(queue.Properties!.RedrivePolicy.deadLetterTargetArn);
      expect(resources[dlqId]!.Type).toBe('AWS::SQS::Queue');
      expect(resources[dlqId]!.Properties!.RedrivePolicy).toBeUndefined();
      dlqs.add(dlqId);
    }
    expect(dlqs.size).toBe(topology.queues.length);
  });

  it('makes every queue refuse requests that do not use TLS', () => {
    const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy') as Resources);
    const covered = policies
      .filter((p) =>
        p.Properties!.PolicyDocument.Statement.some(
          (s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        ),
      )
      .flatMap((p) => p.Properties!.Queues.map(target));
    expect(new Set(covered)).toEqual(new Set(Object.keys(template.findResources('AWS::SQS::Queue'))));
  });

  it('keeps records in an on-demand table with point-in-time recovery, TTL on ttl and both GSIs', () => {
    const tables = Object.values(template.findResources('AWS::DynamoDB::GlobalTable') as Resources);
    expect(tables).toHaveLength(1);
    const table = tables[0]!;
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
    expect(table.Properties!.Replicas).toHaveLength(1);
    expect(table.Properties!.Replicas[0].PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    const indexes = table.Properties!.GlobalSecondaryIndexes.map((ix: any) => ({
      name: ix.IndexName,
      partitionKey: ix.KeySchema[0].AttributeName,
      sortKey: ix.KeySchema[1].AttributeName,
      projection: ix.Projection.ProjectionType,
    }));
    expect(indexes).toEqual(topology.table.indexes.map((ix) => ({ ...ix, projection: 'ALL' })));
    // Outside prod the table may be thrown away with the stack.
    expect(table.DeletionPolicy).toBe('Delete');
  });

  it('keeps audio in a private, encrypted bucket that refuses plain HTTP and accepts presigned browser uploads', () => {
    // The audio bucket; the web app's static files have a bucket of their own (infra/aws/web.ts).
    const buckets = Object.entries(template.findResources('AWS::S3::Bucket') as Resources).filter(([id]) => id.startsWith('DataBucket')).map(([, b]) => b);
    expect(buckets).toHaveLength(1);
    const bucket = buckets[0]!.Properties!;
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(bucket.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({ AllowedMethods: ['PUT', 'GET'], AllowedOrigins: ['*'], AllowedHeaders: ['*'], ExposedHeaders: ['ETag'] }),
    ]);
    expect(bucket.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
        expect.objectContaining({ Prefix: topology.bucket.uploadStagingPrefix, ExpirationInDays: 2, Status: 'Enabled' }),
      ]),
    );
    const policy = Object.values(template.findResources('AWS::S3::BucketPolicy') as Resources)[0]!;
    expect(policy.Properties!.PolicyDocument.Statement).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      ]),
    );
  });

  it('lets the Scheduler role do nothing but send messages to the queues the code schedules to', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: `${topology.scheduleGroup}-dev` });
    const env: Record<string, any> = serviceFunctions(template)[0]![1].Properties!.Environment.Variables;
    const roleId = target(env.SCHEDULER_ROLE_ARN);
    const role = resources[roleId]!;
    expect(role.Properties!.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Effect: 'Allow', Action: 'sts:AssumeRole', Principal: { Service: 'scheduler.amazonaws.com' } }),
    ]);
    expect(role.Properties!.ManagedPolicyArns).toBeUndefined();
    const statements = Object.values(template.findResources('AWS::IAM::Policy') as Resources)
      .filter((p) => p.Properties!.Roles.some((r: any) => target(r) === roleId))
      .flatMap((p) => p.Properties!.PolicyDocument.Statement);
    // Webhook retries (deliveries) and job retries (transcribe, summarize) may wait longer than SQS allows.
    const scheduled = new Set([...synthesized.stack.touches.values()].flatMap((t) => [...t.schedules]));
    expect([...scheduled].sort()).toEqual(['deliveries', 'summarize', 'transcribe']);
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'sqs:SendMessage',
        Resource: [...scheduled].sort().map((q) => ({ 'Fn::GetAtt': [target(env[queueUrlSetting(q)]), 'Arn'] })),
      },
    ]);
  });

  it('publishes the API URL, table name, bucket name, dashboard, alarm topic and the web app URL and bucket as outputs', () => {
    expect(Object.keys(template.findOutputs('*')).sort()).toEqual(['AlarmTopicArn', 'ApiUrl', 'BucketName', 'DashboardUrl', 'TableName', 'WebWebBucketName5CCE3E81', 'WebWebUrl3D246F68']);
  });

  it('proves a request came through the distribution with a generated secret that only CloudFront and the sign-in function hold', () => {
    const secrets = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(1);
    const [secretId, secret] = secrets[0]!;
    expect(secret.Properties!.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    // A dynamic reference: CloudFormation resolves it at deploy time, the value is in no template.
    const reference = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
    const [distribution] = Object.values(resources).filter((r) => r.Type === 'AWS::CloudFront::Distribution');
    const origins: any[] = distribution!.Properties!.DistributionConfig.Origins;
    const api = origins.filter((o) => JSON.stringify(o.DomainName).includes('execute-api'));
    expect(api).toHaveLength(1);
    expect(api[0].CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    expect(api[0].OriginCustomHeaders).toEqual([{ HeaderName: 'x-origin-verify', HeaderValue: reference }]);
    const holders = serviceFunctions(template).filter(([, fn]) => 'ORIGIN_VERIFY' in fn.Properties!.Environment.Variables);
    expect(holders.map(([, fn]) => fn.Properties!.Description)).toEqual(['POST /api/v1/auth/sign-in -> functions/api/auth/sign-in.ts']);
    expect(holders[0]![1].Properties!.Environment.Variables.ORIGIN_VERIFY).toEqual(reference);
    // The viewer function names the viewer's address itself and drops a viewer's own proof.
    const viewerCode = Object.values(resources)
      .filter((r) => r.Type === 'AWS::CloudFront::Function')
      .map((r) => String(r.Properties!.FunctionCode))
      .find((code) => code.includes('x-viewer-address'));
    expect(viewerCode).toContain("request.headers['x-viewer-address'] = { value: event.viewer.ip }");
    expect(viewerCode).toContain("delete request.headers['x-origin-verify']");
  });
});

describe('a prod stack with other queue consumers and periodic jobs', { timeout: SYNTH_TIMEOUT_MS }, () => {
  // Stand-in rows that reuse an existing module as their entry (bundling is skipped), to
  // exercise the code path of rows other than today's.
  const consumer: ConsumerSpec = { queue: 'transcribe', handler: '../api/fallback', batchSize: 3, maxConcurrency: 4, memoryMb: 1024, timeoutSeconds: 300 };
  const job: PeriodicSpec = { handler: '../api/fallback', everySeconds: 120, memoryMb: 256, timeoutSeconds: 60 };
  let synthesized: Synthesized;
  let template: Template;
  let resources: Resources;

  beforeAll(() => {
    synthesized = synth('prod', { consumers: [consumer], periodic: [job], bundle: false });
    ({ template, resources } = synthesized);
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synthesized?.dispose());

  it('feeds a consumer from its queue in batches, capped in concurrency, reporting partial batch failures', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping') as Resources);
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties!;
    expect(mapping).toMatchObject({
      BatchSize: consumer.batchSize,
      ScalingConfig: { MaximumConcurrency: consumer.maxConcurrency },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const fn = resources[target(mapping.FunctionName)]!;
    expect(fn.Properties).toMatchObject({ MemorySize: consumer.memoryMb, Timeout: consumer.timeoutSeconds, Runtime: 'nodejs22.x', Architectures: ['arm64'] });
    const queueId = target(mapping.EventSourceArn);
    expect(resources[queueId]!.Properties!.VisibilityTimeout).toBe(topology.queues.find((q) => q.name === 'transcribe')!.visibilityTimeoutSeconds);
  });

  it('runs a periodic job from an EventBridge rate rule', () => {
    const rules = Object.values(template.findResources('AWS::Events::Rule') as Resources).filter((r) => r.Properties!.ScheduleExpression);
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties!.ScheduleExpression).toBe('rate(2 minutes)');
    const fn = resources[target(rules[0]!.Properties!.Targets[0].Arn)]!;
    expect(fn.Properties).toMatchObject({ MemorySize: job.memoryMb, Timeout: job.timeoutSeconds });
  });

  it('protects prod data: the table has deletion protection and is retained, and nothing auto-deletes the bucket', () => {
    const table = Object.values(template.findResources('AWS::DynamoDB::GlobalTable') as Resources)[0]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties!.Replicas[0].DeletionProtectionEnabled).toBe(true);
    const bucket = Object.values(template.findResources('AWS::S3::Bucket') as Resources)[0]!;
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(Object.keys(template.findResources('AWS::Lambda::Function')).filter(isHelper)).toEqual([]);
    template.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it('gives every consumed queue a visibility timeout of at least 6 × its consumer timeout, and refuses less', () => {
    for (const c of topology.consumers) {
      const queue = topology.queues.find((q) => q.name === c.queue)!;
      expect(queue.visibilityTimeoutSeconds, c.queue).toBeGreaterThanOrEqual(6 * c.timeoutSeconds);
      // SQS's ceiling: 12 hours.
      expect(queue.visibilityTimeoutSeconds, c.queue).toBeLessThanOrEqual(43_200);
    }
    const tooSlow = { ...consumer, queue: 'events' as const, timeoutSeconds: 91 };
    expect(() => synth('prod', { consumers: [tooSlow], bundle: false })).toThrow(/visibility timeout 540s < 6 × consumer timeout 91s/);
  });
});
