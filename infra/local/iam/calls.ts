// What an AWS call asks for, read from the request as AWS's authorization would read it: the
// IAM action(s) and the resource ARN each applies to. DynamoDB, SQS and Scheduler calls are
// judged on their (small) JSON or form bodies; S3 calls on method, path and query alone, so
// object bodies are never read here.
import { LOCAL_STACK } from '../artifacts/manifest.ts';

export type Service = 'dynamodb' | 'sqs' | 's3' | 'scheduler';

export interface Call {
  /**
   * Who makes the call, if not the signing function: a service acting for it (e.g.
   * scheduler.amazonaws.com assuming the role a schedule passes) or a role of the template by ARN.
   */
  readonly principal?: string;
  readonly action: string;
  readonly resource: string;
  readonly context?: Readonly<Record<string, string>>;
}

export interface ReadRequest {
  readonly method: string;
  /** Path and query, as received. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

const { account, region } = LOCAL_STACK;
const header = (r: ReadRequest, name: string) => [r.headers[name]].flat()[0];
const parse = (text: string): Record<string, any> => {
  try {
    const v: unknown = JSON.parse(text || '{}');
    return v && typeof v === 'object' ? (v as Record<string, any>) : {};
  } catch {
    return {};
  }
};

/** Whether the service's calls are judged on their body (else on the request line alone). */
export const readsBody = (service: Service) => service !== 's3';

export function callsOf(service: Service, request: ReadRequest, body: string): Call[] {
  switch (service) {
    case 'dynamodb':
      return dynamodbCalls(request, parse(body));
    case 'sqs':
      return sqsCalls(request, body);
    case 's3':
      return s3Calls(request);
    case 'scheduler':
      return schedulerCalls(request, parse(body));
  }
}

// ---- DynamoDB: X-Amz-Target names the operation; the body names the table(s).

const tableArn = (table: string, index?: string) => `arn:aws:dynamodb:${region}:${account}:table/${table}${index ? `/index/${index}` : ''}`;
/** A transaction is authorized item by item, each with its own action. */
const ITEM_ACTIONS: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem', Get: 'GetItem' };

function dynamodbCalls(request: ReadRequest, body: Record<string, any>): Call[] {
  const operation = (header(request, 'x-amz-target') ?? '').split('.')[1] ?? 'Unknown';
  if (operation === 'TransactWriteItems' || operation === 'TransactGetItems') {
    return (body.TransactItems as Record<string, { TableName?: string }>[] | undefined ?? []).flatMap((item) =>
      Object.entries(item).map(([kind, spec]) => ({ action: `dynamodb:${ITEM_ACTIONS[kind] ?? kind}`, resource: tableArn(spec.TableName ?? '') })),
    );
  }
  if (operation === 'BatchWriteItem' || operation === 'BatchGetItem') {
    return Object.keys(body.RequestItems ?? {}).map((table) => ({ action: `dynamodb:${operation}`, resource: tableArn(table) }));
  }
  const table = typeof body.TableName === 'string' ? body.TableName : undefined;
  return [{ action: `dynamodb:${operation}`, resource: table ? tableArn(table, typeof body.IndexName === 'string' ? body.IndexName : undefined) : '*' }];
}

// ---- SQS: the JSON protocol (X-Amz-Target) or the query protocol (Action=…); the queue by its URL.

/** Batch calls are authorized as the single ones (SQS has no batch actions in IAM). */
const SQS_BATCH: Record<string, string> = { SendMessageBatch: 'SendMessage', DeleteMessageBatch: 'DeleteMessage', ChangeMessageVisibilityBatch: 'ChangeMessageVisibility' };

function sqsCalls(request: ReadRequest, body: string): Call[] {
  const target = header(request, 'x-amz-target');
  const fields = target ? parse(body) : Object.fromEntries(new URLSearchParams(body));
  const operation = target ? (target.split('.')[1] ?? 'Unknown') : String(fields.Action ?? 'Unknown');
  const url = typeof fields.QueueUrl === 'string' ? fields.QueueUrl : undefined;
  const name = url ? decodeURIComponent(url.replace(/\/+$/, '').split('/').pop() ?? '') : typeof fields.QueueName === 'string' ? fields.QueueName : undefined;
  return [{ action: `sqs:${SQS_BATCH[operation] ?? operation}`, resource: name ? `arn:aws:sqs:${region}:${account}:${name}` : '*', context: { 'aws:SecureTransport': 'true' } }];
}

// ---- S3 (path style): method, bucket, key and the query's sub-resource.

function s3Calls(request: ReadRequest): Call[] {
  const url = new URL(request.url, 'http://local');
  const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
  const key = rest.map((p) => decodeURIComponent(p)).join('/');
  const q = url.searchParams;
  const context = { 'aws:SecureTransport': 'true' };
  const on = (action: string, resource: string): Call => ({ action: `s3:${action}`, resource, context });
  const bucketArn = `arn:aws:s3:::${decodeURIComponent(bucket)}`;
  const method = request.method.toUpperCase();
  if (!bucket) return [on('ListAllMyBuckets', '*')];
  if (!key) return [on(bucketAction(method, q), bucketArn)];
  const object = `${bucketArn}/${key}`;
  const copySource = header(request, 'x-amz-copy-source');
  const copied = copySource ? [on('GetObject', `arn:aws:s3:::${decodeURIComponent(copySource.replace(/^\//, '').split('?')[0]!)}`)] : [];
  return [on(objectAction(method, q), object), ...copied];
}

function bucketAction(method: string, q: URLSearchParams): string {
  if (method === 'GET' && q.has('uploads')) return 'ListBucketMultipartUploads';
  if (method === 'GET' && q.has('location')) return 'GetBucketLocation';
  if (method === 'GET' || method === 'HEAD') return 'ListBucket';
  if (method === 'PUT') return 'CreateBucket';
  if (method === 'DELETE') return 'DeleteBucket';
  // POST ?delete names its keys in the body; it is judged as deleting anything in the bucket.
  return 'DeleteObject';
}

function objectAction(method: string, q: URLSearchParams): string {
  const tagging = q.has('tagging') ? 'Tagging' : '';
  switch (method) {
    case 'GET':
      return q.has('uploadId') ? 'ListMultipartUploadParts' : `GetObject${tagging}`;
    case 'HEAD':
      return 'GetObject';
    case 'DELETE':
      return q.has('uploadId') ? 'AbortMultipartUpload' : `DeleteObject${tagging}`;
    default:
      // PUT, a part, CreateMultipartUpload and CompleteMultipartUpload (POST) all need PutObject.
      return `PutObject${tagging}`;
  }
}

// ---- EventBridge Scheduler (REST): /schedules/{name} and /schedule-groups/{name}.

function schedulerCalls(request: ReadRequest, body: Record<string, any>): Call[] {
  const url = new URL(request.url, 'http://local');
  const [kind, rawName] = url.pathname.slice(1).split('/');
  const name = rawName === undefined ? undefined : decodeURIComponent(rawName);
  const method = request.method.toUpperCase();
  const verb = ({ POST: 'Create', PUT: 'Update', GET: 'Get', DELETE: 'Delete' } as Record<string, string>)[method] ?? method;
  const arn = (rest: string) => `arn:aws:scheduler:${region}:${account}:${rest}`;
  if (kind === 'schedule-groups') return [{ action: name ? `scheduler:${verb}ScheduleGroup` : 'scheduler:ListScheduleGroups', resource: name ? arn(`schedule-group/${name}`) : '*' }];
  if (kind !== 'schedules' || !name) return [{ action: 'scheduler:ListSchedules', resource: '*' }];
  const group = String(body.GroupName ?? url.searchParams.get('groupName') ?? 'default');
  const calls: Call[] = [{ action: `scheduler:${verb}Schedule`, resource: arn(`schedule/${group}/${name}`) }];
  // Creating or updating a schedule passes its target's role to the Scheduler, which must be
  // able to assume it: AWS checks the role's trust policy then (a ValidationException if not).
  // The Scheduler names the schedule's group as the source (confused-deputy conditions).
  const role = body.Target?.RoleArn;
  if (typeof role !== 'string') return calls;
  const scheduler = 'scheduler.amazonaws.com';
  calls.push({ action: 'iam:PassRole', resource: role, context: { 'iam:PassedToService': scheduler } });
  calls.push({ principal: scheduler, action: 'sts:AssumeRole', resource: role, context: { 'aws:SourceAccount': account, 'aws:SourceArn': arn(`schedule-group/${group}`) } });
  return calls;
}

/** The access key id a request is signed with: from the Authorization header or a presigned URL's query. */
export function signer(request: ReadRequest): string | undefined {
  const authorization = header(request, 'authorization') ?? '';
  const fromHeader = /Credential=([^/,\s]+)\//.exec(authorization)?.[1];
  if (fromHeader) return fromHeader;
  const credential = new URL(request.url, 'http://local').searchParams.get('X-Amz-Credential');
  return credential?.split('/')[0] || undefined;
}
