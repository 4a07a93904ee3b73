// CloudFormation's references in a template value, resolved to the local resources: the same
// template reads `verbatim` for the table's Ref here and the generated name on AWS.
import type { Artifacts, LocalResource } from './manifest.ts';
import { LOCAL_STACK } from './manifest.ts';
import { LOCAL_NAMES } from '../resources.ts';
import { queues } from '#shared/topology.ts';

const { account, region } = LOCAL_STACK;
const PSEUDO: Record<string, string> = {
  'AWS::Region': region,
  'AWS::AccountId': account,
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::StackName': LOCAL_STACK.name,
  'AWS::NoValue': '',
};

export const localArn = {
  table: () => `arn:aws:dynamodb:${region}:${account}:table/${LOCAL_NAMES.table}`,
  bucket: () => `arn:aws:s3:::${LOCAL_NAMES.bucket}`,
  queue: (name: string) => `arn:aws:sqs:${region}:${account}:${LOCAL_NAMES.queuePrefix}${name}`,
  role: (name: string) => `arn:aws:iam::${account}:role/${name}`,
};

export interface Resolver {
  (value: unknown): unknown;
}

/** `queueUrl` gives the local URL of a queue (or its dead-letter queue) by logical name. */
export function resolver(artifacts: Pick<Artifacts, 'resources'>, queueUrl: (name: string, dlq: boolean) => string): Resolver {
  const ref = (id: string): string => {
    if (id in PSEUDO) return PSEUDO[id]!;
    const r = artifacts.resources[id];
    return r ? refOf(r, queueUrl) : `local-${id}`;
  };
  const att = (id: string, attr: string): string => {
    const r = artifacts.resources[id];
    if (!r) return `arn:aws:local:${region}:${account}:${id}/${attr}`;
    if (attr === 'Arn') return arnOf(r);
    if (r.kind === 'queue' || r.kind === 'dlq') return attr === 'QueueName' ? queueName(r) : queueUrl(r.name, r.kind === 'dlq');
    return ref(id);
  };
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (value === null || typeof value !== 'object') return value;
    const v = value as Record<string, any>;
    if (typeof v.Ref === 'string') return ref(v.Ref);
    if (v['Fn::GetAtt']) return att(v['Fn::GetAtt'][0], v['Fn::GetAtt'][1]);
    if (v['Fn::Join']) return (resolve(v['Fn::Join'][1]) as unknown[]).join(v['Fn::Join'][0]);
    if (v['Fn::Select']) return (resolve(v['Fn::Select'][1]) as unknown[])[Number(v['Fn::Select'][0])];
    if (v['Fn::Split']) return String(resolve(v['Fn::Split'][1])).split(v['Fn::Split'][0]);
    if (v['Fn::Sub']) return sub(v['Fn::Sub'], resolve, ref, att);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]));
  };
  return resolve;
}

function sub(spec: string | [string, Record<string, unknown>], resolve: Resolver, ref: (id: string) => string, att: (id: string, attr: string) => string): string {
  const [text, vars] = typeof spec === 'string' ? [spec, {}] : spec;
  return text.replace(/\$\{([^}!]+)\}/g, (_, name: string) => {
    if (name in vars) return String(resolve(vars[name]));
    const [id, attr] = name.split('.');
    return attr ? att(id!, attr) : ref(id!);
  });
}

/** As resources.ts names them: a FIFO queue (and its dead-letter queue) ends in .fifo. */
const queueName = (r: { kind: 'queue' | 'dlq'; name: string }) =>
  `${LOCAL_NAMES.queuePrefix}${r.name}${r.kind === 'dlq' ? '-dlq' : ''}${queues.find((q) => q.name === r.name)?.fifo ? '.fifo' : ''}`;

function refOf(r: LocalResource, queueUrl: (name: string, dlq: boolean) => string): string {
  switch (r.kind) {
    case 'table':
      return LOCAL_NAMES.table;
    case 'bucket':
      return LOCAL_NAMES.bucket;
    case 'queue':
    case 'dlq':
      return queueUrl(r.name, r.kind === 'dlq');
    case 'role':
      return r.name;
  }
}

function arnOf(r: LocalResource): string {
  switch (r.kind) {
    case 'table':
      return localArn.table();
    case 'bucket':
      return localArn.bucket();
    case 'queue':
    case 'dlq':
      return `arn:aws:sqs:${region}:${account}:${queueName(r)}`;
    case 'role':
      return localArn.role(r.name);
  }
}
