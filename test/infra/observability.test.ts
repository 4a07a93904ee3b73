// What the cloud team watches and how the API is fronted: log retention on every function,
// alarms on 5xx, dead letters, old messages and throttles sent to one topic, the dashboard,
// the metric filters behind the service's own figures, the Transcribe completion rule, and
// the HTTP API stage (throttling, access logs, no CORS unless asked).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_5XX_PERCENT, LOG_METRICS, oldestMessageThresholdSeconds } from '../../infra/aws/observability.ts';
import { externalJobName, recordingOfJob } from '../../shared/pipeline/external-jobs.ts';
import type { Recording } from '../../shared/store/recordings.ts';
import * as topology from '../../shared/topology.ts';
import { queueUrlSetting } from '../../shared/topology.ts';
import { serviceFunctions, synth, SYNTH_TIMEOUT_MS, target, type Resource, type Resources, type Synthesized } from './synth.ts';

describe('observability and the API stage (dev)', { timeout: SYNTH_TIMEOUT_MS }, () => {
  let s: Synthesized;
  let resources: Resources;
  beforeAll(() => {
    s = synth('dev', { bundle: false });
    resources = s.resources;
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => s?.dispose());

  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const env = () => serviceFunctions(s.template)[0]![1].Properties!.Environment.Variables as Record<string, unknown>;
  const queueId = (name: Parameters<typeof queueUrlSetting>[0]) => target(env()[queueUrlSetting(name)]);
  const alarms = () => ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!);
  const alarmOn = (metric: string, queue?: string) =>
    alarms().filter((a) => a.MetricName === metric && (queue === undefined || target(a.Dimensions?.[0]?.Value) === queue));

  it('gives every function, CDK helper included, its own log group with a retention', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions.length).toBe(serviceFunctions(s.template).length + 1);
    for (const [id, fn] of functions) {
      const group = resources[target(fn.Properties!.LoggingConfig?.LogGroup)];
      expect(group?.Type, id).toBe('AWS::Logs::LogGroup');
      expect(group!.Properties!.RetentionInDays, id).toBe(30);
    }
  });

  it('alarms on the API 5xx rate, every dead-letter queue, every queue backlog and Lambda throttles', () => {
    const rate = alarms().find((a) => a.Metrics?.some((m: any) => m.Expression?.includes('100 * errors / requests')));
    expect(rate).toMatchObject({ Threshold: API_5XX_PERCENT, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    for (const q of topology.queues) {
      const dlq = target(resources[queueId(q.name)]!.Properties!.RedrivePolicy.deadLetterTargetArn);
      expect(alarmOn('ApproximateNumberOfMessagesVisible', dlq), `${q.name} DLQ`).toEqual([expect.objectContaining({ Threshold: 1, Statistic: 'Maximum', Period: 60 })]);
      expect(alarmOn('ApproximateAgeOfOldestMessage', queueId(q.name)), q.name).toEqual([expect.objectContaining({ Threshold: oldestMessageThresholdSeconds(q.visibilityTimeoutSeconds) })]);
    }
    expect(alarmOn('Throttles')).toEqual([expect.objectContaining({ Namespace: 'AWS/Lambda', Threshold: 1 })]);
    const sweep = serviceFunctions(s.template).find(([, f]) => f.Properties!.Description.startsWith('every 60s'))![0];
    expect(alarms().filter((a) => a.MetricName === 'Errors' && target(a.Dimensions[0].Value) === sweep)).toHaveLength(1);
  });

  it('sends every alarm, and its recovery, to the one SNS topic, which refuses plain HTTP', () => {
    const topics = ofType('AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    const topic = { Ref: topics[0]![0] };
    for (const a of alarms()) expect([a.AlarmActions, a.OKActions]).toEqual([[topic], [topic]]);
    const policy = ofType('AWS::SNS::TopicPolicy')[0]![1].Properties!;
    expect(policy.PolicyDocument.Statement).toEqual(expect.arrayContaining([expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]));
  });

  it('draws the dashboard: API traffic and latency, queues, dead letters, webhooks, stage durations, ASR minutes and LLM tokens', () => {
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].Properties!.DashboardBody);
    for (const expected of [
      'API requests', '4xx', '5xx', 'API latency', 'p50', 'p99', 'Lambda errors and throttles', 'Queue depth', 'Oldest message age', 'Dead-letter queue depth',
      'Webhook deliveries', 'Pipeline stage durations', 'ASR minutes', 'ApproximateNumberOfMessagesVisible', 'ApproximateAgeOfOldestMessage',
      ...LOG_METRICS.map((m) => m.metric),
    ]) {
      expect(body, expected).toContain(expected);
    }
    expect(Object.keys(s.template.findOutputs('DashboardUrl'))).toEqual(['DashboardUrl']);
  });

  it('counts webhook outcomes, stage durations, ASR seconds and LLM tokens from the workers\' JSON log lines', () => {
    const filters = ofType('AWS::Logs::MetricFilter').map(([, r]) => r.Properties!);
    expect(filters).toHaveLength(LOG_METRICS.length);
    const workerLogs = (handler: string) => {
      const [, fn] = serviceFunctions(s.template).find(([, f]) => (f.Properties!.Description as string).endsWith(`functions/workers/${handler}.ts`))!;
      return target(fn.Properties!.LoggingConfig.LogGroup);
    };
    for (const m of LOG_METRICS) {
      const filter = filters.find((f) => f.MetricTransformations[0].MetricName === m.metric)!;
      expect(target(filter.LogGroupName), m.metric).toBe(workerLogs(m.worker));
      expect(filter.FilterPattern, m.metric).toContain(`$.message = "${m.message}"`);
      expect(filter.MetricTransformations[0], m.metric).toMatchObject({ MetricNamespace: 'Verbatim/dev', MetricValue: m.value ? `$.${m.value}` : '1' });
    }
  });

  it("sends Amazon Transcribe completions of the service's jobs to the transcription queue", () => {
    const rule = ofType('AWS::Events::Rule').find(([, r]) => r.Properties!.EventPattern?.source)![1].Properties!;
    // This deployment's names only: verbatim-<stage>-<first part of the stack's UUID>-, never every verbatim- job of the account.
    const uuidPart = { 'Fn::Select': [0, { 'Fn::Split': ['-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }] }] };
    const prefix = { 'Fn::Join': ['', ['verbatim-dev-', uuidPart, '-']] };
    expect(rule.EventPattern).toEqual({
      source: ['aws.transcribe'],
      'detail-type': ['Transcribe Job State Change'],
      detail: { TranscriptionJobStatus: ['COMPLETED', 'FAILED'], TranscriptionJobName: [{ prefix }] },
    });
    // The transcribe worker names its jobs with the same prefix (and is granted those jobs only).
    const worker = serviceFunctions(s.template).find(([id]) => id.startsWith('ConsumerTranscribe'))![1];
    expect(worker.Properties!.Environment.Variables.TRANSCRIBE_JOB_PREFIX).toEqual(prefix);
    const role = resources[target(worker.Properties!.Role)]!;
    const statements = role.Properties!.Policies.flatMap((p: any) => p.PolicyDocument.Statement);
    const get = statements.find((st: any) => st.Action === 'transcribe:GetTranscriptionJob');
    expect(JSON.stringify(get.Resource)).toContain(`transcription-job/verbatim-dev-",${JSON.stringify(uuidPart)},"-*"`);
    expect(target(rule.Targets[0].Arn)).toBe(queueId('transcribe'));
    const policies = ofType('AWS::SQS::QueuePolicy').filter(([, p]) => p.Properties!.Queues.map(target).includes(queueId('transcribe')));
    const rules = ofType('AWS::Events::Rule').filter(([, r]) => r.Properties!.EventPattern?.source).map(([id]) => id);
    expect(policies.flatMap(([, p]) => p.Properties!.PolicyDocument.Statement)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Allow',
          Principal: { Service: 'events.amazonaws.com' },
          Action: expect.arrayContaining(['sqs:SendMessage']),
          Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [rules[0], 'Arn'] } } },
        }),
      ]),
    );
  });

  it('names Transcribe jobs with the deployment\'s prefix and takes back only its own', () => {
    const recording = { id: 12, attempt: 1, event_seq: 3 } as Recording;
    expect(externalJobName(recording, 'verbatim-dev-51af3dc0-')).toBe('verbatim-dev-51af3dc0-12-1-3');
    expect(recordingOfJob('verbatim-dev-51af3dc0-12-1-3', 'verbatim-dev-51af3dc0-')).toBe(12);
    // Another stage's job, or the same stage's earlier stack's, is not this deployment's.
    expect(recordingOfJob('verbatim-prod-51af3dc0-12-1-3', 'verbatim-dev-51af3dc0-')).toBeUndefined();
    expect(recordingOfJob('verbatim-dev-0c1d2e3f-12-1-3', 'verbatim-dev-51af3dc0-')).toBeUndefined();
    expect(recordingOfJob('verbatim-12-1-3', 'verbatim-dev-51af3dc0-')).toBeUndefined();
  });

  it('lets CloudWatch alarms of this account publish to the alarm topic, over TLS only', () => {
    const [topicId] = ofType('AWS::SNS::Topic')[0]!;
    const policy = ofType('AWS::SNS::TopicPolicy').find(([, p]) => p.Properties!.Topics.map(target).includes(topicId))![1];
    const statements = policy.Properties!.PolicyDocument.Statement;
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Allow',
          Principal: { Service: 'cloudwatch.amazonaws.com' },
          Action: 'sns:Publish',
          Resource: { Ref: topicId },
          Condition: { StringEquals: { 'aws:SourceAccount': '000000000000' } },
        }),
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      ]),
    );
  });

  it('throttles the API stage, logs each request with its request id, and has no CORS unless origins are given', () => {
    const [, stage] = ofType('AWS::ApiGatewayV2::Stage')[0]!;
    expect(stage.Properties).toMatchObject({ StageName: '$default', AutoDeploy: true, DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 } });
    const logs: Resource = resources[target(stage.Properties!.AccessLogSettings.DestinationArn)]!;
    expect(logs.Properties!.RetentionInDays).toBe(30);
    expect(JSON.parse(stage.Properties!.AccessLogSettings.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status', routeKey: '$context.routeKey' });
    expect(ofType('AWS::ApiGatewayV2::Api')[0]![1].Properties!.CorsConfiguration).toBeUndefined();
  });
});
