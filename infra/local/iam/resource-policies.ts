// The template's resource policies by the ARN they guard, as AWS reads them alongside a
// principal's identity policy: bucket, queue and topic policies, and roles' trust policies
// (what a service such as EventBridge Scheduler may assume; the functions' roles, which Lambda
// must be able to assume). Also the identity policies of the template's roles that are not
// functions' (the scheduler's role delivering to its queues).
import { list, roleStatements, target, type Resources } from '../../aws/template.ts';
import type { Artifacts } from '../artifacts/manifest.ts';
import { LOCAL_STACK } from '../artifacts/manifest.ts';
import type { Resolver } from '../artifacts/resolve.ts';
import { functionName } from '../lambda/functions.ts';

export type Document = { Version: string; Statement: unknown[] };

const POLICIES: Readonly<Record<string, string>> = { 'AWS::S3::BucketPolicy': 's3', 'AWS::SQS::QueuePolicy': 'sqs', 'AWS::SNS::TopicPolicy': 'sns' };

/** The ARN a function's role goes by locally (the principal its calls are judged as). */
export const functionRoleArn = (entry: string) => `arn:aws:iam::${LOCAL_STACK.account}:role/${functionName(entry)}`;

/** A bucket's policy covers its objects: the ARN the policy is looked up by. */
export const resourceOwner = (arn: string) => (arn.startsWith('arn:aws:s3:::') ? arn.split('/')[0]! : arn);

/** A topic's Ref is its ARN; the local resolver knows no topics, so they are named here. */
function topicsResolved(template: Resources, resolve: Resolver): Resolver {
  const topics = new Map(
    Object.entries(template)
      .filter(([, r]) => r.Type === 'AWS::SNS::Topic')
      .map(([id, r]) => [id, `arn:aws:sns:${LOCAL_STACK.region}:${LOCAL_STACK.account}:${String(r.Properties?.TopicName ?? id)}`]),
  );
  const named = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(named);
    if (value === null || typeof value !== 'object') return value;
    const ref = (value as { Ref?: unknown }).Ref;
    if (typeof ref === 'string' && topics.has(ref)) return topics.get(ref);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, named(v)]));
  };
  return (value) => resolve(named(value));
}

/**
 * Bucket, queue and topic policies, and roles' trust policies, by the ARN they guard (local
 * resources only); a function's role by functionRoleArn.
 */
export function resourcePoliciesOf(artifacts: Pick<Artifacts, 'functions' | 'template'>, baseResolve: Resolver): Map<string, Document> {
  const { template } = artifacts;
  const resolve = topicsResolved(template, baseResolve);
  const byArn = new Map<string, Document>();
  for (const f of artifacts.functions) {
    const role = template[target(template[f.logicalId]?.Properties?.Role)];
    if (role?.Type === 'AWS::IAM::Role') byArn.set(functionRoleArn(f.entry), resolve(role.Properties!.AssumeRolePolicyDocument) as Document);
  }
  for (const [id, r] of Object.entries(template)) {
    if (r.Type === 'AWS::IAM::Role') {
      const arn = resolve({ 'Fn::GetAtt': [id, 'Arn'] });
      if (typeof arn === 'string' && arn.startsWith('arn:aws:iam::')) byArn.set(arn, resolve(r.Properties!.AssumeRolePolicyDocument) as Document);
      continue;
    }
    const service = POLICIES[r.Type];
    if (!service) continue;
    const document = resolve(r.Properties!.PolicyDocument) as Document;
    // Principals outside the local stack (e.g. CDK's auto-delete role) cannot be named here.
    const statements = document.Statement.filter((s) => !/arn:aws:local:/.test(JSON.stringify((s as { Principal?: unknown }).Principal)));
    const guarded = new Set(document.Statement.flatMap((s) => list((s as { Resource?: string | string[] }).Resource)).map(resourceOwner));
    for (const arn of guarded) if (arn.startsWith(`arn:aws:${service}:`)) byArn.set(arn, { ...document, Statement: statements });
  }
  return byArn;
}

/** The identity policies of the template's roles that the local stack knows by ARN (not the functions'). */
export function rolePoliciesOf(template: Resources, resolve: Resolver): Map<string, Document> {
  const byArn = new Map<string, Document>();
  for (const [id, r] of Object.entries(template)) {
    if (r.Type !== 'AWS::IAM::Role') continue;
    const arn = resolve({ 'Fn::GetAtt': [id, 'Arn'] });
    if (typeof arn === 'string' && arn.startsWith('arn:aws:iam::')) byArn.set(arn, { Version: '2012-10-17', Statement: resolve(roleStatements(template, id)) as unknown[] });
  }
  return byArn;
}
