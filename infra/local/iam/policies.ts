// Judges a function's AWS call as AWS would: its role's identity policy from the synthesized
// template, and the resource's own policy where the template gives one (bucket and queue
// policies), evaluated by @cloud-copilot/iam-simulate with AWS's published action data.
import { runSimulation } from '@cloud-copilot/iam-simulate';
import { list } from '../../aws/template.ts';
import type { Artifacts } from '../artifacts/manifest.ts';
import { LOCAL_STACK } from '../artifacts/manifest.ts';
import { resolver } from '../artifacts/resolve.ts';
import { functionName } from '../lambda/functions.ts';
import type { Call } from './calls.ts';

export interface Judge {
  /** Whether the function of `entry` may make the call. */
  allows(entry: string, call: Call): Promise<boolean>;
}

type Document = { Version: string; Statement: unknown[] };
const CACHE_LIMIT = 10_000;

export function judgeOf(artifacts: Pick<Artifacts, 'functions' | 'resources' | 'template'>): Judge {
  // Policies name resources by ARN, which needs no queue URL.
  const resolve = resolver(artifacts, () => '');
  const identity = new Map(artifacts.functions.map((f) => [f.entry, { Version: '2012-10-17', Statement: resolve(f.policy) } as Document]));
  const resourcePolicies = resourcePoliciesOf(artifacts, resolve);
  const decided = new Map<string, boolean>();
  return {
    async allows(entry, call) {
      const key = JSON.stringify([entry, call.action, call.resource, call.context]);
      const known = decided.get(key);
      if (known !== undefined) return known;
      const policy = identity.get(entry);
      const allowed = policy !== undefined && (await simulate(entry, policy, call, resourcePolicies.get(resourceOwner(call.resource))));
      if (decided.size >= CACHE_LIMIT) decided.clear();
      decided.set(key, allowed);
      return allowed;
    },
  };
}

async function simulate(entry: string, policy: Document, call: Call, resourcePolicy: Document | undefined): Promise<boolean> {
  const result = await runSimulation(
    {
      request: {
        principal: `arn:aws:iam::${LOCAL_STACK.account}:role/${functionName(entry)}`,
        action: call.action,
        resource: { resource: call.resource, accountId: LOCAL_STACK.account },
        contextVariables: { ...call.context },
      },
      identityPolicies: [{ name: 'role', policy }],
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      resourcePolicy,
    },
    {},
  );
  if (result.resultType === 'error') throw new Error(`IAM simulation of ${call.action} on ${call.resource} failed: ${result.errors.message}`);
  return result.overallResult === 'Allowed';
}

/** A bucket's policy covers its objects: the ARN the policy is looked up by. */
const resourceOwner = (arn: string) => (arn.startsWith('arn:aws:s3:::') ? arn.split('/')[0]! : arn);

/** Bucket and queue policies by the ARN of the bucket or queue they guard (local resources only). */
function resourcePoliciesOf(artifacts: Pick<Artifacts, 'template'>, resolve: (v: unknown) => unknown): Map<string, Document> {
  const byArn = new Map<string, Document>();
  for (const r of Object.values(artifacts.template)) {
    if (r.Type !== 'AWS::S3::BucketPolicy' && r.Type !== 'AWS::SQS::QueuePolicy') continue;
    const document = resolve(r.Properties!.PolicyDocument) as Document;
    // Principals outside the local stack (e.g. CDK's auto-delete role) cannot be named here.
    const statements = document.Statement.filter((s) => !/arn:aws:local:/.test(JSON.stringify((s as { Principal?: unknown }).Principal)));
    const guarded = new Set(document.Statement.flatMap((s) => list((s as { Resource?: string | string[] }).Resource)).map(resourceOwner));
    for (const arn of guarded) if (/^arn:aws:(s3|sqs):/.test(arn)) byArn.set(arn, { ...document, Statement: statements });
  }
  return byArn;
}
