// The service on AWS, built from the two descriptions: shared/topology.ts (data, queues,
// consumers, periodic jobs) and shared/routes.ts (one HTTP route -> one Lambda each). What each
// function may touch is read from its code (touches.ts -> grants.ts); what is watched is in
// observability.ts; every cdk-nag finding left is acknowledged with its reason in nag.ts.
import { CfnOutput, CfnParameter, CfnResource, Duration, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Match, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { API_PREFIX, routeName, routeRows, type RouteRow } from '../../shared/routes.ts';
import * as topology from '#shared/topology.ts';
import { VISIBILITY_TIMEOUT_FACTOR, type QueueName } from '#shared/topology.ts';
import type { Settings } from '../../shared/config.ts';
import { DEFAULT_THROTTLE, ServiceApi, type ApiThrottle } from './api.ts';
import { Data, pascal, type Topology } from './data.ts';
import { FunctionMaker } from './function-maker.ts';
import { declareEntries } from './functions.ts';
import { transcribeJobPrefix, type GrantContext } from './grants.ts';
import { acknowledgeFindings, NAG_ACKNOWLEDGEMENTS, type NagAcknowledgement } from './nag.ts';
import { Observability } from './observability.ts';
import { originVerify } from './origin-verify.ts';
import { WebApp } from './web.ts';
import { webhookSecretsKey } from './secrets-key.ts';
import { functionEnvironment } from './settings.ts';
import type { Touches } from './touches.ts';

export { TUNABLE_SETTINGS } from './settings.ts';

const DEFAULT_MEMORY_MB = 512;
const AUTO_DELETE_PROVIDER = 'Custom::S3AutoDeleteObjectsCustomResourceProvider';
/** Where Amazon Transcribe's "job state change" events are sent. */
const TRANSCRIBE_EVENTS_QUEUE: QueueName = 'transcribe';
/** API Gateway HTTP APIs give up on an integration after 30 s. */
const DEFAULT_TIMEOUT_SECONDS = 29;

export interface VerbatimStackProps extends StackProps {
  readonly stage: string;
  /** Values for TUNABLE_SETTINGS; validated at synth time with the service's own parser. */
  readonly settings?: Readonly<Record<string, string>>;
  /** Defaults to shared/topology.ts. */
  readonly topology?: Topology;
  /** Defaults to shared/routes.ts. */
  readonly routes?: readonly RouteRow[];
  /** Browser origins allowed to call the API (CORS); none by default. */
  readonly corsOrigins?: readonly string[];
  readonly throttle?: ApiThrottle;
  /** Of every function's log group and of the API access logs; default one month. */
  readonly logRetention?: RetentionDays;
  /** Subscribed to the alarm topic when given. */
  readonly alarmEmail?: string;
  /** Where provider keys live in SSM Parameter Store; default /verbatim/<stage>. */
  readonly parameterPrefix?: string;
  /** Default: only in prod. */
  readonly deletionProtection?: boolean;
  /** The cdk-nag findings acknowledged; default all of nag.ts (tests drop one to see nag fail). */
  readonly acknowledgements?: readonly NagAcknowledgement[];
}

export class VerbatimStack extends Stack {
  readonly stage: string;
  readonly data: Data;
  readonly api: ServiceApi;
  readonly observability: Observability;
  readonly functions: NodejsFunction[];
  /** What each function's code touches, as granted. */
  readonly touches: Map<NodejsFunction, Touches>;
  readonly tracingPolicy: ManagedPolicy;
  /** The nested stack holding the route functions. */
  readonly routes: NestedStack;
  /** LLM_PROVIDER and LLM_MODEL as deployed. */
  readonly llm: GrantContext['llm'];

  constructor(scope: Construct, id: string, props: VerbatimStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.stage = stage;
    const topo = props.topology ?? topology;
    const rows = props.routes ?? routeRows;
    const removalPolicy = stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;
    const namespace = `Verbatim/${stage}`;

    const data = new Data(this, 'Data', { stage, topology: topo, deletionProtection: props.deletionProtection });
    this.data = data;
    const { env: common, settings } = functionEnvironment(data, topo, props.settings ?? {});
    const ctx = grantContext(this, data, settings, props.parameterPrefix ?? `/verbatim/${stage}`, removalPolicy);
    this.llm = ctx.llm;
    this.tracingPolicy = tracingPolicy(this, stage);
    this.routes = routesStack(this, stage, ctx);
    const maker = new FunctionMaker({
      stack: this,
      ctx,
      nestedCtx: nestedGrantContext(this.routes, ctx),
      settings,
      environment: { ...common, POWERTOOLS_SERVICE_NAME: 'verbatim', POWERTOOLS_METRICS_NAMESPACE: namespace },
      removalPolicy,
      logRetention,
      tracingPolicy: this.tracingPolicy,
    });
    this.functions = maker.functions;
    this.touches = maker.touches;

    declareEntries([
      'api/fallback',
      ...rows.map((r) => `api/${r.spec.handler}`),
      ...topo.consumers.map((c) => `workers/${c.handler}`),
      ...topo.periodic.map((p) => `workers/${p.handler}`),
    ]);
    this.api = this.serviceApi(maker, rows, props, logRetention, removalPolicy);
    const workers = consumers(maker, topo, data);
    const periodic = periodicJobs(this, maker, topo);
    transcribeEvents(this, stage, ctx.transcribeJobPrefix, data.queue(TRANSCRIBE_EVENTS_QUEUE));
    data.scheduleTo(maker.scheduled);
    this.retainHelperLogs(logRetention);

    this.observability = new Observability(this, 'Observability', {
      stage,
      namespace,
      api: this.api.api,
      data,
      topology: topo,
      workers,
      periodic,
      // The workers' own figures; the routes' are the API's (and referencing them here would
      // cost the nested stack an output each).
      functions: this.functions.filter((f) => Stack.of(f) === this),
      alarmEmail: props.alarmEmail,
    });
    this.outputs();

    new WebApp(this, 'Web', { api: this.api.api, stage, originVerify: ctx.originVerify! });
    acknowledgeFindings(this, props.acknowledgements ?? NAG_ACKNOWLEDGEMENTS);
  }

  /** The HTTP API: the fallback function for unmatched requests, and one function per route, in the nested stack. */
  private serviceApi(maker: FunctionMaker, rows: readonly RouteRow[], props: VerbatimStackProps, logRetention: RetentionDays, removalPolicy: RemovalPolicy): ServiceApi {
    const fallback = maker.make(
      'Fallback',
      { entry: 'api/fallback', description: '$default -> functions/api/fallback.ts', memoryMb: DEFAULT_MEMORY_MB, timeoutSeconds: DEFAULT_TIMEOUT_SECONDS },
      this.routes,
    );
    const api = new ServiceApi(this, 'Http', {
      apiName: `verbatim-${props.stage}`,
      description: `Verbatim REST API ${API_PREFIX} (${props.stage})`,
      fallback,
      corsOrigins: props.corsOrigins ?? [],
      throttle: props.throttle ?? DEFAULT_THROTTLE,
      logRetention,
      removalPolicy,
    });

    const ids = new Set<string>();
    for (const row of rows) {
      const id = routeName(row);
      if (ids.has(id)) throw new Error(`two routes share the construct name ${id}; rename one`);
      ids.add(id);
      const path = `${API_PREFIX}${row.path}`;
      const fn = maker.make(
        id,
        {
          entry: `api/${row.spec.handler}`,
          description: `${row.method} ${path} -> functions/api/${row.spec.handler}.ts`,
          memoryMb: row.spec.memoryMb ?? DEFAULT_MEMORY_MB,
          timeoutSeconds: row.spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
        },
        this.routes,
      );
      api.api.addRoutes({ path, methods: [HttpMethod[row.method]], integration: new HttpLambdaIntegration(`${id}Integration`, fn) });
    }
    return api;
  }

  private outputs(): void {
    new CfnOutput(this, 'ApiUrl', { value: this.api.api.apiEndpoint, description: `Base URL; routes live under ${API_PREFIX}` });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'BucketName', { value: this.data.bucket.bucketName });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://${this.region}.console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards:name=${this.observability.dashboard.dashboardName}`,
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.observability.topic.topicArn, description: 'Subscribe on-call here' });
  }

  /** CDK's bucket auto-delete helper (outside prod) logs to a group with the same retention. */
  private retainHelperLogs(retention: RetentionDays): void {
    const handler = this.node.tryFindChild(AUTO_DELETE_PROVIDER)?.node.tryFindChild('Handler');
    if (!(handler instanceof CfnResource)) return;
    const logs = new LogGroup(this, 'AutoDeleteObjectsLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
    handler.addPropertyOverride('LoggingConfig', { LogGroup: logs.logGroupName });
    handler.node.addDependency(logs);
  }
}

/** What the grants read of the stack; creates the webhook secrets' key and the origin proof. */
function grantContext(stack: VerbatimStack, data: Data, settings: Settings, parameterPrefix: string, removalPolicy: RemovalPolicy): GrantContext {
  return {
    data,
    bucketArn: data.bucket.bucketArn,
    parameterPrefix,
    llm: { provider: settings.llmProvider, model: settings.llm.model },
    transcribeJobPrefix: transcribeJobPrefix(stack, stack.stage),
    webhookSecretsKeyArn: webhookSecretsKey(stack, stack.stage, removalPolicy).keyArn,
    originVerify: originVerify(stack, stack.stage).value,
  };
}

/** X-Ray takes no resource-level permissions: one shared policy holds that one `*` grant. */
function tracingPolicy(stack: Stack, stage: string): ManagedPolicy {
  return new ManagedPolicy(stack, 'TracingPolicy', {
    description: `Verbatim ${stage} functions send X-Ray traces`,
    statements: [new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] })],
  });
}

/**
 * The route functions live in a nested stack: six resources a route (function, role, log
 * group here; permission, integration and route in this stack) took one stack to
 * CloudFormation's 500-resource limit at about 70 routes; split, each side holds about three
 * per route, room for some 130. The bucket ARN comes in as a parameter of its own, so that
 * the object-prefix grants read the same in every template (see nag.ts).
 */
function routesStack(stack: Stack, stage: string, ctx: GrantContext): NestedStack {
  return new NestedStack(stack, 'Routes', {
    description: `Verbatim ${stage}: one function per API route`,
    parameters: { BucketArn: ctx.bucketArn, TranscribeJobPrefix: ctx.transcribeJobPrefix },
  });
}

/** The grants' context inside the nested stack, read from its parameters. */
function nestedGrantContext(nested: NestedStack, ctx: GrantContext): GrantContext {
  return {
    ...ctx,
    bucketArn: new CfnParameter(nested, 'BucketArn', { type: 'String' }).valueAsString,
    transcribeJobPrefix: new CfnParameter(nested, 'TranscribeJobPrefix', { type: 'String' }).valueAsString,
  };
}

/** One function per consumer handler, with an event source per queue it reads; handler → function and log group. */
function consumers(maker: FunctionMaker, topo: Topology, data: Data): Map<string, { fn: NodejsFunction; logGroup: ILogGroup }> {
  const workers = new Map<string, { fn: NodejsFunction; logGroup: ILogGroup }>();
  for (const c of topo.consumers) {
    const queueSpec = topo.queues.find((q) => q.name === c.queue);
    if (!queueSpec) throw new Error(`consumer ${c.handler} reads queue "${c.queue}", which topology does not declare`);
    // AWS recommends ≥ 6× the consumer's timeout (shared/topology.ts); below 1× the event
    // source is even refused at deploy time: say so at synth instead.
    if (queueSpec.visibilityTimeoutSeconds < VISIBILITY_TIMEOUT_FACTOR * c.timeoutSeconds) {
      throw new Error(
        `queue ${c.queue}: visibility timeout ${queueSpec.visibilityTimeoutSeconds}s < ${VISIBILITY_TIMEOUT_FACTOR} × consumer timeout ${c.timeoutSeconds}s (AWS's recommendation for Lambda consumers)`,
      );
    }
    // A handler reading several queues (the delivery lanes) is one function with an event source per queue.
    const fn =
      workers.get(c.handler)?.fn ??
      maker.make(`Consumer${pascal(c.handler)}`, {
        entry: `workers/${c.handler}`,
        description: `${c.queue} queue -> functions/workers/${c.handler}.ts`,
        memoryMb: c.memoryMb,
        timeoutSeconds: c.timeoutSeconds,
      });
    fn.addEventSource(new SqsEventSource(data.queue(c.queue), { batchSize: c.batchSize, maxConcurrency: c.maxConcurrency, reportBatchItemFailures: true }));
    workers.set(c.handler, { fn, logGroup: fn.logGroup });
  }
  return workers;
}

/** One function per periodic job, run by an EventBridge rate rule. */
function periodicJobs(stack: Stack, maker: FunctionMaker, topo: Topology): NodejsFunction[] {
  const periodic: NodejsFunction[] = [];
  for (const p of topo.periodic) {
    if (p.everySeconds < 60 || p.everySeconds % 60 !== 0) {
      throw new Error(`periodic ${p.handler}: EventBridge rates are whole minutes, got ${p.everySeconds}s`);
    }
    const id = `Periodic${pascal(p.handler)}`;
    const fn = maker.make(id, {
      entry: `workers/${p.handler}`,
      description: `every ${p.everySeconds}s -> functions/workers/${p.handler}.ts`,
      memoryMb: p.memoryMb,
      timeoutSeconds: p.timeoutSeconds,
    });
    new Rule(stack, `${id}Schedule`, { schedule: Schedule.rate(Duration.seconds(p.everySeconds)), targets: [new LambdaFunction(fn)] });
    periodic.push(fn);
  }
  return periodic;
}

/**
 * Amazon Transcribe reports the end of the service's jobs (ASR_PROVIDER=aws-transcribe) on
 * the transcription queue, where the transcribe worker collects the result.
 */
function transcribeEvents(stack: Stack, stage: string, jobPrefix: string, queue: IQueue): void {
  new Rule(stack, 'TranscribeJobStateChange', {
    description: `Amazon Transcribe jobs verbatim-${stage}-* of this stack finished -> ${TRANSCRIBE_EVENTS_QUEUE} queue`,
    eventPattern: {
      source: ['aws.transcribe'],
      detailType: ['Transcribe Job State Change'],
      detail: { TranscriptionJobStatus: ['COMPLETED', 'FAILED'], TranscriptionJobName: Match.prefix(jobPrefix) },
    },
    targets: [new SqsQueue(queue)],
  });
}
