// What the local IAM proxy reads from a signed request: the signer, and the action and
// resource ARN of each call, as AWS's authorization reads them.
import { describe, expect, it } from 'vitest';
import { callsOf, signer } from '../../infra/local/iam/calls.ts';

const table = 'arn:aws:dynamodb:us-east-1:000000000000:table/verbatim';
const dynamo = (operation: string, body: unknown) => callsOf('dynamodb', { method: 'POST', url: '/', headers: { 'x-amz-target': `DynamoDB_20120810.${operation}` } }, JSON.stringify(body));
const s3 = (method: string, url: string, headers = {}) => callsOf('s3', { method, url, headers }, '').map((c) => `${c.action} ${c.resource}`);

describe('IAM calls of a request', () => {
  it('names the signer from the Authorization header or a presigned URL', () => {
    expect(signer({ method: 'GET', url: '/', headers: { authorization: 'AWS4-HMAC-SHA256 Credential=ApiUsersMe/20261124/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=abc' } })).toBe('ApiUsersMe');
    expect(signer({ method: 'PUT', url: '/b/k?X-Amz-Credential=ApiRecordingsUploadsCreate%2F20261124%2Fus-east-1%2Fs3%2Faws4_request', headers: {} })).toBe('ApiRecordingsUploadsCreate');
    expect(signer({ method: 'GET', url: '/', headers: {} })).toBeUndefined();
  });

  it('reads DynamoDB operations on the table, its indexes, and transaction items one by one', () => {
    expect(dynamo('GetItem', { TableName: 'verbatim' })).toEqual([{ action: 'dynamodb:GetItem', resource: table }]);
    expect(dynamo('Query', { TableName: 'verbatim', IndexName: 'gsi1' })).toEqual([{ action: 'dynamodb:Query', resource: `${table}/index/gsi1` }]);
    expect(dynamo('TransactWriteItems', { TransactItems: [{ Put: { TableName: 'verbatim' } }, { ConditionCheck: { TableName: 'verbatim' } }] }).map((c) => c.action)).toEqual(['dynamodb:PutItem', 'dynamodb:ConditionCheckItem']);
    expect(dynamo('BatchWriteItem', { RequestItems: { verbatim: [] } })).toEqual([{ action: 'dynamodb:BatchWriteItem', resource: table }]);
  });

  it('reads SQS actions on the queue of the URL, batches as their single action', () => {
    const call = (operation: string) => callsOf('sqs', { method: 'POST', url: '/', headers: { 'x-amz-target': `AmazonSQS.${operation}` } }, JSON.stringify({ QueueUrl: 'http://127.0.0.1:9/000000000000/verbatim-jobs.fifo' }))[0]!;
    expect(call('SendMessageBatch')).toMatchObject({ action: 'sqs:SendMessage', resource: 'arn:aws:sqs:us-east-1:000000000000:verbatim-jobs.fifo' });
    expect(call('ReceiveMessage').action).toBe('sqs:ReceiveMessage');
  });

  it('reads S3 object and bucket actions from method, path and query', () => {
    expect(s3('GET', '/verbatim-audio/audio/1/a%20b.wav')).toEqual(['s3:GetObject arn:aws:s3:::verbatim-audio/audio/1/a b.wav']);
    expect(s3('HEAD', '/verbatim-audio/audio/1.wav')).toEqual(['s3:GetObject arn:aws:s3:::verbatim-audio/audio/1.wav']);
    expect(s3('PUT', '/verbatim-audio/audio/1.wav?partNumber=2&uploadId=u')).toEqual(['s3:PutObject arn:aws:s3:::verbatim-audio/audio/1.wav']);
    expect(s3('DELETE', '/verbatim-audio/audio/1.wav?uploadId=u')).toEqual(['s3:AbortMultipartUpload arn:aws:s3:::verbatim-audio/audio/1.wav']);
    expect(s3('DELETE', '/verbatim-audio/audio/1.wav')).toEqual(['s3:DeleteObject arn:aws:s3:::verbatim-audio/audio/1.wav']);
    expect(s3('GET', '/verbatim-audio?list-type=2&prefix=search/')).toEqual(['s3:ListBucket arn:aws:s3:::verbatim-audio']);
    expect(s3('PUT', '/verbatim-audio/b', { 'x-amz-copy-source': '/verbatim-audio/a' })).toEqual(['s3:PutObject arn:aws:s3:::verbatim-audio/b', 's3:GetObject arn:aws:s3:::verbatim-audio/a']);
  });

  it('reads Scheduler schedules in their group, and the role a schedule passes', () => {
    const calls = callsOf('scheduler', { method: 'POST', url: '/schedules/retry-1', headers: {} }, JSON.stringify({ GroupName: 'verbatim-local', Target: { RoleArn: 'arn:aws:iam::000000000000:role/verbatim-scheduler' } }));
    expect(calls).toEqual([
      { action: 'scheduler:CreateSchedule', resource: 'arn:aws:scheduler:us-east-1:000000000000:schedule/verbatim-local/retry-1' },
      { action: 'iam:PassRole', resource: 'arn:aws:iam::000000000000:role/verbatim-scheduler', context: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      // The Scheduler must be able to assume the role it is given (its trust policy). The source
      // it names is the schedule group (AWS, "Confused deputy prevention in EventBridge Scheduler").
      {
        principal: 'scheduler.amazonaws.com',
        action: 'sts:AssumeRole',
        resource: 'arn:aws:iam::000000000000:role/verbatim-scheduler',
        context: { 'aws:SourceAccount': '000000000000', 'aws:SourceArn': 'arn:aws:scheduler:us-east-1:000000000000:schedule-group/verbatim-local' },
      },
    ]);
    expect(callsOf('scheduler', { method: 'DELETE', url: '/schedules/retry-1?groupName=g', headers: {} }, '')[0]).toMatchObject({ action: 'scheduler:DeleteSchedule', resource: 'arn:aws:scheduler:us-east-1:000000000000:schedule/g/retry-1' });
  });
});
