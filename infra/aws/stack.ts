// The service on AWS, built from the two descriptions: infra/topology.ts (data, queues,
// consumers, periodic jobs) and shared/routes.ts (one HTTP route → one Lambda each).
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { loadSettings } from '../../shared/config.ts';
import { API_PREFIX, routeName, routeRows, type RouteRow } from '../../shared/routes.ts';
import * as topology from '../topology.ts';
import { queueUrlSetting } from '../topology.ts';
import { Data, pascal, type Topology } from './data.ts';
import { serviceFunction, type ServiceFunctionProps } from './functions.ts';

/** Settings an operator may set per deployment (context `settings`); the rest come from resources. */
export const TUNABLE_SETTINGS = [
  'LOG_LEVEL',
  'PUBLIC_BASE_URL',
  'DOCS_PUBLIC',
  'RATE_LIMIT_STATS_PER_MINUTE',
  'RATE_LIMIT_READ_PER_MINUTE',
  'RATE_LIMIT_WRITE_PER_MINUTE',
  'RATE_LIMIT_PROCESSING_PER_MINUTE',
  'RATE_LIMIT_BATCH_PER_MINUTE',
  'MAX_JSON_BODY_KB',
  'UPLOAD_MAX_MB',
  'IDEMPOTENCY_TTL_HOURS',
] as const;

const DEFAULT_MEMORY_MB = 512;
/** API Gateway HTTP APIs give up on an integration after 30 s. */
const DEFAULT_TIMEOUT_SECONDS = 29;

export interface VerbatimStackProps extends StackProps {
  readonly stage: string;
  /** Values for TUNABLE_SETTINGS; validated at synth time with the service's own parser. */
  readonly settings?: Readonly<Record<string, string>>;
  /** Defaults to infra/topology.ts. */
  readonly topology?: Topology;
  /** Defaults to shared/routes.ts. */
  readonly routes?: readonly RouteRow[];
}

export class VerbatimStack extends Stack {
  readonly data: Data;
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: VerbatimStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const topo = props.topology ?? topology;
    const rows = props.routes ?? routeRows;
    const removalPolicy = stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const data = new Data(this, 'Data', { stage, topology: topo });
    this.data = data;
    const environment = this.functionEnvironment(data, topo, props.settings ?? {});
    const schedulesArn = this.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${data.scheduleGroupName}/*`,
    });

    const make = (id: string, fn: Omit<ServiceFunctionProps, 'environment' | 'removalPolicy'>): NodejsFunction => {
      const f = serviceFunction(this, id, { ...fn, environment, removalPolicy });
      // why: broad for now: every function may use the table, the bucket, every queue and
      // the schedule group. Least privilege per route/worker comes in a later issue, once
      // the route table says which resources each handler touches.
      data.table.grantReadWriteData(f);
      data.bucket.grantReadWrite(f);
      data.bucket.grantDelete(f);
      for (const q of data.queues.values()) q.grantSendMessages(f);
      f.addToRolePolicy(
        new PolicyStatement({
          actions: ['scheduler:CreateSchedule', 'scheduler:GetSchedule', 'scheduler:DeleteSchedule'],
          resources: [schedulesArn],
        }),
      );
      data.schedulerRole.grantPassRole(f.grantPrincipal);
      return f;
    };

    const fallback = make('Fallback', {
      entry: 'api/fallback',
      description: '$default → functions/api/fallback.ts',
      memoryMb: DEFAULT_MEMORY_MB,
      timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
    });
    this.api = new HttpApi(this, 'Api', {
      apiName: `verbatim-${stage}`,
      description: `Verbatim REST API ${API_PREFIX} (${stage})`,
      defaultIntegration: new HttpLambdaIntegration('FallbackIntegration', fallback),
    });

    const ids = new Set<string>();
    for (const row of rows) {
      const id = routeName(row);
      if (ids.has(id)) throw new Error(`two routes share the construct name ${id}; rename one`);
      ids.add(id);
      const path = `${API_PREFIX}${row.path}`;
      const fn = make(id, {
        entry: `api/${row.spec.handler}`,
        description: `${row.method} ${path} → functions/api/${row.spec.handler}.ts`,
        memoryMb: row.spec.memoryMb ?? DEFAULT_MEMORY_MB,
        timeoutSeconds: row.spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
      });
      this.api.addRoutes({
        path,
        methods: [HttpMethod[row.method]],
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
      });
    }

    for (const c of topo.consumers) {
      const spec = topo.queues.find((q) => q.name === c.queue);
      if (!spec) throw new Error(`consumer ${c.handler} reads queue "${c.queue}", which topology does not declare`);
      // SQS event sources are refused at deploy time when the queue's visibility timeout is
      // shorter than the function's timeout: say so at synth instead.
      if (spec.visibilityTimeoutSeconds < c.timeoutSeconds) {
        throw new Error(`queue ${c.queue}: visibility timeout ${spec.visibilityTimeoutSeconds}s < consumer timeout ${c.timeoutSeconds}s`);
      }
      const fn = make(`Consumer${pascal(c.handler)}`, {
        entry: `workers/${c.handler}`,
        description: `${c.queue} queue → functions/workers/${c.handler}.ts`,
        memoryMb: c.memoryMb,
        timeoutSeconds: c.timeoutSeconds,
      });
      fn.addEventSource(
        new SqsEventSource(data.queue(c.queue), {
          batchSize: c.batchSize,
          maxConcurrency: c.maxConcurrency,
          reportBatchItemFailures: true,
        }),
      );
    }

    for (const p of topo.periodic) {
      if (p.everySeconds < 60 || p.everySeconds % 60 !== 0) {
        throw new Error(`periodic ${p.handler}: EventBridge rates are whole minutes, got ${p.everySeconds}s`);
      }
      const id = `Periodic${pascal(p.handler)}`;
      const fn = make(id, {
        entry: `workers/${p.handler}`,
        description: `every ${p.everySeconds}s → functions/workers/${p.handler}.ts`,
        memoryMb: p.memoryMb,
        timeoutSeconds: p.timeoutSeconds,
      });
      new Rule(this, `${id}Schedule`, {
        schedule: Schedule.rate(Duration.seconds(p.everySeconds)),
        targets: [new LambdaFunction(fn)],
      });
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: `Base URL; routes live under ${API_PREFIX}` });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'BucketName', { value: data.bucket.bucketName });
  }

  /** The settings every function gets: resource names, queue URLs and the tunables. */
  private functionEnvironment(data: Data, topo: Topology, overrides: Readonly<Record<string, string>>): Record<string, string> {
    const allowed = new Set<string>(TUNABLE_SETTINGS);
    const unknown = Object.keys(overrides).filter((k) => !allowed.has(k));
    if (unknown.length > 0) throw new Error(`unknown settings in context: ${unknown.join(', ')} (allowed: ${TUNABLE_SETTINGS.join(', ')})`);
    // Parse with the service's own schema so a bad value fails the synth, not the first request.
    const s = loadSettings(overrides);
    const env: Record<string, string> = {
      TABLE_NAME: data.table.tableName,
      BUCKET_NAME: data.bucket.bucketName,
      SCHEDULE_GROUP: data.scheduleGroupName,
      SCHEDULER_ROLE_ARN: data.schedulerRole.roleArn,
      LOG_LEVEL: s.logLevel,
      DOCS_PUBLIC: String(s.docsPublic),
      RATE_LIMIT_STATS_PER_MINUTE: String(s.rateLimits.stats),
      RATE_LIMIT_READ_PER_MINUTE: String(s.rateLimits.read),
      RATE_LIMIT_WRITE_PER_MINUTE: String(s.rateLimits.write),
      RATE_LIMIT_PROCESSING_PER_MINUTE: String(s.rateLimits.processing),
      RATE_LIMIT_BATCH_PER_MINUTE: String(s.rateLimits.batch),
      MAX_JSON_BODY_KB: String(s.maxJsonBodyBytes / 1024),
      UPLOAD_MAX_MB: String(s.uploadMaxMb),
      IDEMPOTENCY_TTL_HOURS: String(s.idempotencyTtlSeconds / 3600),
    };
    if (s.publicBaseUrl) env.PUBLIC_BASE_URL = s.publicBaseUrl;
    for (const q of topo.queues) env[queueUrlSetting(q.name)] = data.queue(q.name).queueUrl;
    return env;
  }
}
