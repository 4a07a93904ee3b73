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
import type { ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { API_PREFIX, routeName, routeRows, type RouteRow } from '../../shared/routes.ts';
import * as topology from '#shared/topology.ts';
import { VISIBILITY_TIMEOUT_FACTOR, type QueueName } from '#shared/topology.ts';
import { DEFAULT_THROTTLE, ServiceApi, type ApiThrottle } from './api.ts';
import { Data, pascal, type Topology } from './data.ts';
import { ARCHITECTURE, declareEntries, PROJECT_ROOT, serviceFunction, type ServiceFunctionProps } from './functions.ts';
import { DECODING_PROVIDERS, mediaLayer, stagingStorageMb } from './media-layer.ts';
import type { Settings } from '../../shared/config.ts';
import { statementsFor, touchEnvironment, transcribeJobPrefix, type GrantContext } from './grants.ts';
import { acknowledgeFindings, NAG_ACKNOWLEDGEMENTS, type NagAcknowledgement } from './nag.ts';
import { Observability } from './observability.ts';
import { WebApp } from './web.ts';
import { webhookSecretsKey } from './secrets-key.ts';
import { functionEnvironment } from './settings.ts';
import { touchesOf, type Touches } from './touches.ts';

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

/** Modules whose presence in a bundle means it decodes audio, or stages it in /tmp. */
const DECODES_AUDIO = 'shared/providers/asr/media.ts';
const STAGES_AUDIO = 'shared/pipeline/transcribe.ts';

/** ffmpeg/ffprobe (a layer) where the deployed ASR provider decodes audio, and /tmp fit for UPLOAD_MAX_MB where audio is staged. */
function audioNeeds(touches: Touches, settings: Settings, layer: () => ILayerVersion): { layers?: ILayerVersion[]; ephemeralStorageMb?: number } {
  if (!DECODING_PROVIDERS.has(settings.asrProvider)) return {};
  return {
    layers: touches.modules.includes(DECODES_AUDIO) ? [layer()] : undefined,
    ephemeralStorageMb: touches.modules.includes(STAGES_AUDIO) ? stagingStorageMb(settings.uploadMaxMb, settings.asr.maxUploadMb) : undefined,
  };
}

export class VerbatimStack extends Stack {
  readonly stage: string;
  readonly data: Data;
  readonly api: ServiceApi;
  readonly observability: Observability;
  readonly functions: NodejsFunction[] = [];
  /** What each function's code touches, as granted. */
  readonly touches = new Map<NodejsFunction, Touches>();
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
    const ctx: GrantContext = {
      data,
      bucketArn: data.bucket.bucketArn,
      parameterPrefix: props.parameterPrefix ?? `/verbatim/${stage}`,
      llm: { provider: settings.llmProvider, model: settings.llm.model },
      transcribeJobPrefix: transcribeJobPrefix(this, stage),
      webhookSecretsKeyArn: webhookSecretsKey(this, stage, removalPolicy).keyArn,
    };
    this.llm = ctx.llm;
    const deployed = { ASR_PROVIDER: settings.asrProvider, LLM_PROVIDER: settings.llmProvider };
    const environment = {
      ...common,
      POWERTOOLS_SERVICE_NAME: 'verbatim',
      POWERTOOLS_METRICS_NAMESPACE: namespace,
    };
    const scheduled = new Set<QueueName>();

    type Spec = Omit<ServiceFunctionProps, 'environment' | 'removalPolicy' | 'logRetention' | 'tracingPolicy' | 'statements' | 'layers' | 'ephemeralStorageMb'>;
    // X-Ray takes no resource-level permissions: one shared policy holds that one `*` grant.
    this.tracingPolicy = new ManagedPolicy(this, 'TracingPolicy', {
      description: `Verbatim ${stage} functions send X-Ray traces`,
      statements: [new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] })],
    });
    // The route functions live in a nested stack: six resources a route (function, role, log
    // group here; permission, integration and route in this stack) took one stack to
    // CloudFormation's 500-resource limit at about 70 routes; split, each side holds about three
    // per route, room for some 130. The bucket ARN comes in as a parameter of its own, so that
    // the object-prefix grants read the same in every template (see nag.ts).
    this.routes = new NestedStack(this, 'Routes', {
      description: `Verbatim ${stage}: one function per API route`,
      parameters: { BucketArn: data.bucket.bucketArn, TranscribeJobPrefix: ctx.transcribeJobPrefix },
    });
    const routeCtx: GrantContext = {
      ...ctx,
      bucketArn: new CfnParameter(this.routes, 'BucketArn', { type: 'String' }).valueAsString,
      transcribeJobPrefix: new CfnParameter(this.routes, 'TranscribeJobPrefix', { type: 'String' }).valueAsString,
    };
    const media = new Map<Stack, ILayerVersion>();
    const make = (id: string, fn: Spec, scope: Stack = this): NodejsFunction => {
      const touches = touchesOf(PROJECT_ROOT, fn.entry, deployed);
      const extra = touchEnvironment(ctx, touches);
      const statements = statementsFor(scope, touches, scope === this ? ctx : routeCtx);
      const audio = audioNeeds(touches, settings, () => media.get(scope) ?? media.set(scope, mediaLayer(scope, 'MediaTools', PROJECT_ROOT, ARCHITECTURE)).get(scope)!);
      const f = serviceFunction(scope, id, {
        ...fn,
        ...audio,
        environment: { ...environment, ...extra },
        removalPolicy,
        logRetention,
        tracingPolicy: this.tracingPolicy,
        statements,
      });
      this.touches.set(f, touches);
      for (const q of touches.schedules) scheduled.add(q);
      this.functions.push(f);
      return f;
    };

    declareEntries([
      'api/fallback',
      ...rows.map((r) => `api/${r.spec.handler}`),
      ...topo.consumers.map((c) => `workers/${c.handler}`),
      ...topo.periodic.map((p) => `workers/${p.handler}`),
    ]);
    const fallback = make(
      'Fallback',
      { entry: 'api/fallback', description: '$default -> functions/api/fallback.ts', memoryMb: DEFAULT_MEMORY_MB, timeoutSeconds: DEFAULT_TIMEOUT_SECONDS },
      this.routes,
    );
    this.api = new ServiceApi(this, 'Http', {
      apiName: `verbatim-${stage}`,
      description: `Verbatim REST API ${API_PREFIX} (${stage})`,
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
      const fn = make(
        id,
        {
          entry: `api/${row.spec.handler}`,
          description: `${row.method} ${path} -> functions/api/${row.spec.handler}.ts`,
          memoryMb: row.spec.memoryMb ?? DEFAULT_MEMORY_MB,
          timeoutSeconds: row.spec.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
        },
        this.routes,
      );
      this.api.api.addRoutes({ path, methods: [HttpMethod[row.method]], integration: new HttpLambdaIntegration(`${id}Integration`, fn) });
    }

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
        make(`Consumer${pascal(c.handler)}`, {
          entry: `workers/${c.handler}`,
          description: `${c.queue} queue -> functions/workers/${c.handler}.ts`,
          memoryMb: c.memoryMb,
          timeoutSeconds: c.timeoutSeconds,
        });
      fn.addEventSource(new SqsEventSource(data.queue(c.queue), { batchSize: c.batchSize, maxConcurrency: c.maxConcurrency, reportBatchItemFailures: true }));
      workers.set(c.handler, { fn, logGroup: fn.logGroup });
    }

    const periodic: NodejsFunction[] = [];
    for (const p of topo.periodic) {
      if (p.everySeconds < 60 || p.everySeconds % 60 !== 0) {
        throw new Error(`periodic ${p.handler}: EventBridge rates are whole minutes, got ${p.everySeconds}s`);
      }
      const id = `Periodic${pascal(p.handler)}`;
      const fn = make(id, {
        entry: `workers/${p.handler}`,
        description: `every ${p.everySeconds}s -> functions/workers/${p.handler}.ts`,
        memoryMb: p.memoryMb,
        timeoutSeconds: p.timeoutSeconds,
      });
      new Rule(this, `${id}Schedule`, { schedule: Schedule.rate(Duration.seconds(p.everySeconds)), targets: [new LambdaFunction(fn)] });
      periodic.push(fn);
    }

    // Amazon Transcribe reports the end of the service's jobs (ASR_PROVIDER=aws-transcribe) on
    // the transcription queue, where the transcribe worker collects the result.
    new Rule(this, 'TranscribeJobStateChange', {
      description: `Amazon Transcribe jobs verbatim-${stage}-* of this stack finished -> ${TRANSCRIBE_EVENTS_QUEUE} queue`,
      eventPattern: {
        source: ['aws.transcribe'],
        detailType: ['Transcribe Job State Change'],
        detail: { TranscriptionJobStatus: ['COMPLETED', 'FAILED'], TranscriptionJobName: Match.prefix(ctx.transcribeJobPrefix) },
      },
      targets: [new SqsQueue(data.queue(TRANSCRIBE_EVENTS_QUEUE))],
    });
    data.scheduleTo(scheduled);
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

    new CfnOutput(this, 'ApiUrl', { value: this.api.api.apiEndpoint, description: `Base URL; routes live under ${API_PREFIX}` });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'BucketName', { value: data.bucket.bucketName });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://${this.region}.console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards:name=${this.observability.dashboard.dashboardName}`,
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.observability.topic.topicArn, description: 'Subscribe on-call here' });

    new WebApp(this, 'Web', { api: this.api.api, stage });
    acknowledgeFindings(this, props.acknowledgements ?? NAG_ACKNOWLEDGEMENTS);
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
