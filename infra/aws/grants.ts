// Least privilege: each function's IAM statements, written from what its code touches
// (touches.ts). Explicit actions only, resources as narrow as the service allows: the table
// and, for queries, its named indexes; one object prefix per statement; one queue ARN each;
// CreateSchedule in the service's own group and PassRole of the Scheduler role to the
// Scheduler alone; GetParameter on the exact provider-key parameters; Transcribe jobs by the
// service's job names; Bedrock InvokeModel on the deployed model only.
import { Fn, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { QueueName } from '#shared/topology.ts';
import type { Data } from './data.ts';
import type { DynamoAction, ObjectAccess, ProviderKey, Touches } from './touches.ts';

/** The settings that carry each provider key's parameter name (never the key). */
const PROVIDER_KEYS: Readonly<Record<ProviderKey, { readonly setting: string; readonly parameter: string }>> = {
  asr: { setting: 'ASR_API_KEY_PARAMETER', parameter: 'asr-api-key' },
  llm: { setting: 'LLM_API_KEY_PARAMETER', parameter: 'llm-api-key' },
};

/** The DynamoDB actions that may name an index. */
const INDEX_ACTIONS: ReadonlySet<DynamoAction> = new Set(['Query', 'Scan']);

const OBJECT_ACTIONS: Readonly<Record<Exclude<ObjectAccess, 'list'>, readonly string[]>> = {
  read: ['s3:GetObject'],
  // Multipart uploads (a streamed upload's parts, presigned parts, CompleteMultipartUpload) are s3:PutObject too.
  write: ['s3:PutObject', 's3:AbortMultipartUpload'],
  delete: ['s3:DeleteObject'],
};

export interface GrantContext {
  readonly data: Data;
  /** The bucket's ARN as the functions' stack sees it (a parameter in the nested route stack). */
  readonly bucketArn: string;
  /** `/verbatim/<stage>` by default: parameters are `<prefix>/<name>`. */
  readonly parameterPrefix: string;
  /** LLM_PROVIDER and LLM_MODEL as deployed: Bedrock is granted for that model only. */
  readonly llm: { readonly provider: string; readonly model: string };
  /** The deployment's Amazon Transcribe job names start with this (transcribeJobPrefix). */
  readonly transcribeJobPrefix: string;
  /** The KMS key wrapping webhook secrets' data keys (secrets-key.ts). */
  readonly webhookSecretsKeyArn?: string;
  /** What CloudFront sends the API in X-Origin-Verify: a dynamic reference to the stack's secret (origin-verify.ts). */
  readonly originVerify?: string;
}

/**
 * How this deployment names its Amazon Transcribe jobs (shared/pipeline/external-jobs.ts:
 * <prefix><recording>-<attempt>-<seq>): verbatim-<stage>-<first part of the stack's UUID>-.
 * Job names are unique per account and region, so the stage keeps stages apart and the stack's
 * UUID (new each time the stack is created) keeps a re-created stack's recording ids apart
 * from its predecessor's jobs. The grant and the completion rule cover these names only.
 */
export function transcribeJobPrefix(stack: Stack, stage: string): string {
  const uuid = Fn.select(2, Fn.split('/', stack.stackId));
  return `verbatim-${stage}-${Fn.select(0, Fn.split('-', uuid))}-`;
}

/** Cross-region inference profiles ("us.anthropic…") route to the model in any of their regions. */
const INFERENCE_PROFILE = /^(us|us-gov|eu|apac|jp|au|ca|global)\.(.+)$/;

/** The Bedrock resources InvokeModel needs for the deployed model (none unless LLM_PROVIDER=bedrock). */
export function bedrockResources(stack: Stack, llm: GrantContext['llm']): string[] {
  if (llm.provider !== 'bedrock') return [];
  const profile = INFERENCE_PROFILE.exec(llm.model);
  if (!profile) return [stack.formatArn({ service: 'bedrock', account: '', resource: 'foundation-model', resourceName: llm.model })];
  return [
    stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: llm.model }),
    stack.formatArn({ service: 'bedrock', region: '*', account: '', resource: 'foundation-model', resourceName: profile[2]! }),
  ];
}

/** The parameter name for a provider key, e.g. /verbatim/dev/asr-api-key. */
function parameterName(ctx: GrantContext, key: ProviderKey): string {
  return `${ctx.parameterPrefix}/${PROVIDER_KEYS[key].parameter}`;
}

/**
 * Environment entries the function's touches call for: parameter names only, and the origin
 * proof (as a reference CloudFormation resolves at deploy time) where the code checks it.
 */
export function touchEnvironment(ctx: GrantContext, touches: Touches): Record<string, string> {
  const env: Record<string, string> = Object.fromEntries([...touches.secrets].sort().map((k) => [PROVIDER_KEYS[k].setting, parameterName(ctx, k)]));
  if (touches.transcribe) env.TRANSCRIBE_JOB_PREFIX = ctx.transcribeJobPrefix;
  if (touches.kms.size > 0 && ctx.webhookSecretsKeyArn) env.WEBHOOK_SECRET_KEY_ID = ctx.webhookSecretsKeyArn;
  if (touches.originVerify && ctx.originVerify) env.ORIGIN_VERIFY = ctx.originVerify;
  return env;
}

export function statementsFor(stack: Stack, touches: Touches, ctx: GrantContext): PolicyStatement[] {
  return [
    ...tableStatements(touches, ctx.data),
    ...objectStatements(touches, ctx.bucketArn),
    ...queueStatements(touches, ctx.data),
    ...transcribeStatements(stack, touches, ctx.transcribeJobPrefix),
    ...modelStatements(stack, touches, ctx.llm),
    ...secretStatements(stack, touches, ctx),
  ];
}

/** Item actions act on the table; only Query and Scan reach its indexes. */
function tableStatements(touches: Touches, data: Data): PolicyStatement[] {
  const statements: PolicyStatement[] = [];
  const reads = [...touches.table].filter((a) => INDEX_ACTIONS.has(a)).sort();
  const items = [...touches.table].filter((a) => !INDEX_ACTIONS.has(a)).sort();
  if (items.length > 0) statements.push(new PolicyStatement({ actions: items.map((a) => `dynamodb:${a}`), resources: [data.table.tableArn] }));
  if (reads.length > 0) {
    statements.push(
      new PolicyStatement({
        actions: reads.map((a) => `dynamodb:${a}`),
        resources: [data.table.tableArn, ...data.indexNames.map((ix) => `${data.table.tableArn}/index/${ix}`)],
      }),
    );
  }
  return statements;
}

/** Object actions, one statement per set of prefixes, so each object wildcard stays within its own folder. */
function objectStatements(touches: Touches, bucketArn: string): PolicyStatement[] {
  const byAction = new Map<string, Set<string>>();
  let lists = false;
  for (const [prefix, access] of touches.objects) {
    for (const a of access) {
      if (a === 'list') {
        lists = true;
        continue;
      }
      for (const action of OBJECT_ACTIONS[a]) {
        const set = byAction.get(action) ?? new Set<string>();
        set.add(prefix);
        byAction.set(action, set);
      }
    }
  }
  const byPrefixes = new Map<string, string[]>();
  for (const [action, prefixes] of byAction) {
    const k = [...prefixes].sort().join(',');
    byPrefixes.set(k, [...(byPrefixes.get(k) ?? []), action]);
  }
  const statements = [...byPrefixes]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([prefixes, actions]) => new PolicyStatement({ actions: actions.sort(), resources: prefixes.split(',').map((p) => `${bucketArn}/${p}*`) }));
  // HeadObject on a missing key answers 404 only to a caller that may list the bucket (403 otherwise).
  if (lists) statements.push(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucketArn] }));
  return statements;
}

/** Messages sent now (the queues) and later (a schedule in the group, delivered by the Scheduler role). */
function queueStatements(touches: Touches, data: Data): PolicyStatement[] {
  const statements: PolicyStatement[] = [];
  if (touches.sends.size > 0) {
    statements.push(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: sortedQueues(touches.sends).map((q) => data.queue(q).queueArn) }));
  }
  if (touches.schedules.size > 0) {
    statements.push(new PolicyStatement({ actions: ['scheduler:CreateSchedule'], resources: [data.schedulesArn] }));
    statements.push(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [data.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  }
  return statements;
}

function transcribeStatements(stack: Stack, touches: Touches, jobPrefix: string): PolicyStatement[] {
  if (!touches.transcribe) return [];
  // StartTranscriptionJob supports no resource type (Service Authorization Reference): only
  // `*` applies to it. GetTranscriptionJob takes the job's ARN: the stack's own jobs.
  return [
    new PolicyStatement({ actions: ['transcribe:StartTranscriptionJob'], resources: ['*'] }),
    new PolicyStatement({
      actions: ['transcribe:GetTranscriptionJob'],
      resources: [stack.formatArn({ service: 'transcribe', resource: 'transcription-job', resourceName: `${jobPrefix}*` })],
    }),
  ];
}

function modelStatements(stack: Stack, touches: Touches, llm: GrantContext['llm']): PolicyStatement[] {
  const models = touches.bedrock ? bedrockResources(stack, llm) : [];
  return models.length > 0 ? [new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: models })] : [];
}

/** The secrets key (each purpose with its own actions only) and the provider-key parameters. */
function secretStatements(stack: Stack, touches: Touches, ctx: GrantContext): PolicyStatement[] {
  const statements: PolicyStatement[] = [];
  for (const [purpose, actions] of [...touches.kms].sort(([a], [b]) => a.localeCompare(b))) {
    if (!ctx.webhookSecretsKeyArn) break;
    statements.push(
      new PolicyStatement({
        actions: [...actions].sort().map((a) => `kms:${a}`),
        resources: [ctx.webhookSecretsKeyArn],
        conditions: { StringEquals: { 'kms:EncryptionContext:purpose': `verbatim-${purpose}` } },
      }),
    );
  }
  if (touches.secrets.size > 0) {
    statements.push(
      new PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [...touches.secrets].sort().map((k) =>
          stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: parameterName(ctx, k).replace(/^\//, '') }),
        ),
      }),
    );
  }
  return statements;
}

function sortedQueues(queues: ReadonlySet<QueueName>): QueueName[] {
  return [...queues].sort();
}
