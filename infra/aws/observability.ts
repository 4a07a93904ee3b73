// What the cloud team watches: one dashboard and the alarms, sent to one SNS topic.
// API and queue figures are AWS's own metrics; the service's own figures (webhook outcomes,
// stage durations, ASR minutes, LLM tokens) come from metric filters on the JSON log lines
// that shared/logger.ts writes (LOG_METRICS says which line and which field).
import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup, type IFilterPattern } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { QueueName } from '#shared/topology.ts';
import { pascal, type Data, type Topology } from './data.ts';

/** A metric read from one worker's log lines: `message` picks the line, `value` the field (else 1 per line). */
export interface LogMetric {
  readonly worker: string;
  readonly message: string;
  readonly metric: string;
  readonly value?: string;
  /** Field equal to (or, with `!`, different from) a value, e.g. { outcome: '!success' }. */
  readonly where?: Readonly<Record<string, string>>;
}

export const LOG_METRICS: readonly LogMetric[] = [
  { worker: 'deliver', message: 'webhook delivery', where: { outcome: 'success' }, metric: 'WebhookDeliveriesSucceeded' },
  { worker: 'deliver', message: 'webhook delivery', where: { outcome: '!success' }, metric: 'WebhookDeliveriesFailed' },
  { worker: 'deliver', message: 'webhook paused after repeated failures', metric: 'WebhooksAutoPaused' },
  { worker: 'transcribe', message: 'transcription done', value: 'duration_seconds', metric: 'TranscriptionSeconds' },
  { worker: 'transcribe', message: 'transcription done', value: 'audio_seconds', metric: 'AsrAudioSeconds' },
  { worker: 'summarize', message: 'summary done', value: 'duration_seconds', metric: 'SummarySeconds' },
  { worker: 'summarize', message: 'summary done', value: 'prompt_tokens', metric: 'LlmPromptTokens' },
  { worker: 'summarize', message: 'summary done', value: 'completion_tokens', metric: 'LlmCompletionTokens' },
];

/** Oldest-message alarm threshold: well past a normal wait, and past the 15-min SQS delay. */
export function oldestMessageThresholdSeconds(visibilityTimeoutSeconds: number): number {
  return Math.max(1800, 4 * visibilityTimeoutSeconds);
}

export const API_5XX_PERCENT = 5;

export interface ObservabilityProps {
  readonly stage: string;
  readonly namespace: string;
  readonly api: HttpApi;
  readonly data: Data;
  readonly topology: Topology;
  /** Worker handler → its function and log group. */
  readonly workers: ReadonlyMap<string, { readonly fn: IFunction; readonly logGroup: ILogGroup }>;
  readonly periodic: readonly IFunction[];
  /** Summed on the dashboard (the workers: the routes show in the API's own figures). */
  readonly functions: readonly IFunction[];
  readonly alarmEmail?: string;
}

const MINUTE = Duration.minutes(1);
const FIVE_MINUTES = Duration.minutes(5);

/** The figures both an alarm and the dashboard read. */
interface Figures {
  readonly requests: Metric;
  readonly errors5xx: Metric;
  readonly throttles: Metric;
  /** Log metric name → its metric (average where it has a value, else a count). */
  readonly logMetrics: ReadonlyMap<string, Metric>;
}

export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    this.topic = this.alarmTopic(props.stage, props.alarmEmail);
    const api = this.apiAlarm(props.api);
    this.queueAlarms(props.data, props.topology);
    const throttles = this.lambdaAlarms(props.periodic);
    const logMetrics = this.logMetricFilters(props);
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `verbatim-${props.stage}`, defaultInterval: Duration.hours(6) });
    this.dashboard.addWidgets(...dashboardWidgets(props, { ...api, throttles, logMetrics }));
  }

  private alarmTopic(stage: string, alarmEmail: string | undefined): Topic {
    const topic = new Topic(this, 'AlarmTopic', { displayName: `Verbatim ${stage} alarms`, enforceSSL: true });
    // A topic policy replaces SNS's default one: CloudWatch may publish only when allowed here,
    // and only for alarms of this account.
    topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    if (alarmEmail) topic.addSubscription(new EmailSubscription(alarmEmail));
    return topic;
  }

  private apiAlarm(api: HttpApi): Pick<Figures, 'requests' | 'errors5xx'> {
    const requests = api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const errors5xx = api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const rate5xx = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: errors5xx },
      period: FIVE_MINUTES,
      label: '5xx %',
    });
    this.alarm('Api5xxRate', rate5xx, API_5XX_PERCENT, `More than ${API_5XX_PERCENT}% of API requests answered 5xx over 5 minutes`);
    return { requests, errors5xx };
  }

  private queueAlarms(data: Data, topo: Topology): void {
    for (const q of topo.queues) {
      const queue = data.queue(q.name);
      const dlq = queue.deadLetterQueue!.queue;
      const id = pascal(q.name);
      this.alarm(`${id}DlqNotEmpty`, dlq.metricApproximateNumberOfMessagesVisible({ period: MINUTE, statistic: 'Maximum' }), 1, `A ${q.name} message landed in its dead-letter queue`);
      const limit = oldestMessageThresholdSeconds(q.visibilityTimeoutSeconds);
      this.alarm(`${id}OldestMessage`, queue.metricApproximateAgeOfOldestMessage({ period: FIVE_MINUTES, statistic: 'Maximum' }), limit, `The oldest ${q.name} message has waited over ${limit} s`);
    }
  }

  /** Throttles in the account, and each periodic job failing; returns the throttles' metric. */
  private lambdaAlarms(periodic: readonly IFunction[]): Metric {
    // Throttles have no per-stack figure: the account's concurrency is what runs out.
    const throttles = new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: FIVE_MINUTES });
    this.alarm('LambdaThrottles', throttles, 1, 'Lambda throttled invocations in this account and region (concurrency exhausted)');
    for (const fn of periodic) {
      this.alarm(`${fn.node.id}Errors`, fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }), 1, `${fn.node.id} failed in each of the last 3 five-minute periods`, 3);
    }
    return throttles;
  }

  /** One metric filter per LOG_METRICS row whose worker is deployed. */
  private logMetricFilters(props: ObservabilityProps): Map<string, Metric> {
    const logMetrics = new Map<string, Metric>();
    for (const m of LOG_METRICS) {
      const worker = props.workers.get(m.worker);
      if (!worker) continue;
      new MetricFilter(this, m.metric, {
        logGroup: worker.logGroup,
        metricNamespace: props.namespace,
        metricName: m.metric,
        filterPattern: pattern(m),
        metricValue: m.value ? `$.${m.value}` : '1',
      });
      logMetrics.set(m.metric, new Metric({ namespace: props.namespace, metricName: m.metric, statistic: m.value ? 'Average' : 'Sum', period: FIVE_MINUTES }));
    }
    return logMetrics;
  }

  private alarm(id: string, metric: IMetric, threshold: number, description: string, periods = 1): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: periods,
      datapointsToAlarm: periods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}

function pattern(m: LogMetric): IFilterPattern {
  const terms = [FilterPattern.stringValue('$.message', '=', m.message)];
  for (const [field, want] of Object.entries(m.where ?? {})) {
    terms.push(want.startsWith('!') ? FilterPattern.stringValue(`$.${field}`, '!=', want.slice(1)) : FilterPattern.stringValue(`$.${field}`, '=', want));
  }
  return FilterPattern.all(...terms);
}

/** The dashboard, three widgets a row: the API, Lambda and the queues, then the service's own figures. */
function dashboardWidgets(props: ObservabilityProps, figures: Figures): GraphWidget[] {
  const { api } = props;
  const width = 8;
  const queues = props.topology.queues.map((q) => ({ name: q.name as QueueName, queue: props.data.queue(q.name) }));
  const lambdaSum = (prefix: string, metric: (fn: IFunction) => IMetric, label: string) => {
    const ids = props.functions.map((_, i) => `${prefix}${i}`);
    return new MathExpression({ expression: `SUM([${ids.join(',')}])`, usingMetrics: Object.fromEntries(props.functions.map((fn, i) => [ids[i]!, metric(fn)])), label, period: FIVE_MINUTES });
  };
  return [
    new GraphWidget({ title: 'API requests', width, left: [figures.requests.with({ label: 'requests' }), api.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' }), figures.errors5xx.with({ label: '5xx' })] }),
    new GraphWidget({ title: 'API latency', width, left: [api.metricLatency({ period: FIVE_MINUTES, statistic: 'p50', label: 'p50' }), api.metricLatency({ period: FIVE_MINUTES, statistic: 'p99', label: 'p99' })] }),
    new GraphWidget({
      title: 'Lambda errors and throttles',
      width,
      left: [
        lambdaSum('e', (fn) => fn.metricErrors({ period: FIVE_MINUTES }), 'worker errors'),
        new Metric({ namespace: 'AWS/Lambda', metricName: 'Errors', statistic: 'Sum', period: FIVE_MINUTES, label: 'errors (account)' }),
        figures.throttles.with({ label: 'throttles (account)' }),
      ],
    }),
    new GraphWidget({ title: 'Queue depth (visible messages)', width, left: queues.map(({ name, queue }) => queue.metricApproximateNumberOfMessagesVisible({ period: MINUTE, statistic: 'Maximum', label: name })) }),
    new GraphWidget({ title: 'Oldest message age (s)', width, left: queues.map(({ name, queue }) => queue.metricApproximateAgeOfOldestMessage({ period: MINUTE, statistic: 'Maximum', label: name })) }),
    new GraphWidget({ title: 'Dead-letter queue depth', width, left: queues.map(({ name, queue }) => queue.deadLetterQueue!.queue.metricApproximateNumberOfMessagesVisible({ period: MINUTE, statistic: 'Maximum', label: `${name} DLQ` })) }),
    ...serviceWidgets(figures.logMetrics, width),
  ];
}

/** The service's own figures, from its log lines (a widget's line is missing when its worker is). */
function serviceWidgets(logMetrics: ReadonlyMap<string, Metric>, width: number): GraphWidget[] {
  const sum = (name: string) => logMetrics.get(name)?.with({ statistic: 'Sum' });
  const present = <T>(items: (T | undefined)[]): T[] => items.filter((i): i is T => i !== undefined);
  const asrSeconds = sum('AsrAudioSeconds');
  return [
    new GraphWidget({ title: 'Webhook deliveries', width, left: present([sum('WebhookDeliveriesSucceeded'), sum('WebhookDeliveriesFailed'), sum('WebhooksAutoPaused')]) }),
    new GraphWidget({ title: 'Pipeline stage durations (s, average)', width, left: present([logMetrics.get('TranscriptionSeconds'), logMetrics.get('SummarySeconds')]) }),
    new GraphWidget({
      title: 'ASR minutes and LLM tokens',
      width,
      left: asrSeconds ? [new MathExpression({ expression: 'seconds / 60', usingMetrics: { seconds: asrSeconds }, label: 'ASR minutes', period: FIVE_MINUTES })] : [],
      right: present([sum('LlmPromptTokens'), sum('LlmCompletionTokens')]),
    }),
  ];
}
