import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { startPoller, type InvokeSqs } from '../../infra/local/sqs-poller.ts';
import { queueWithDlq as makeQueue } from '../support/sqs-queues.ts';

const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
afterAll(() => sqs.destroy());

const queueWithDlq = (maxReceiveCount: number) => makeQueue(sqs, maxReceiveCount, 'poller');

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("the local SQS event source", () => {
  it('hands batches to the consumer and deletes what succeeded', async () => {
    const q = await queueWithDlq(3);
    const seen: string[] = [];
    const handler: InvokeSqs = async (event: SQSEvent) => {
      seen.push(...event.Records.map((r) => r.body));
    };
    for (const body of ['a', 'b', 'c']) await sqs.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: body }));
    const poller = startPoller({ sqs, queueUrl: q.url, queueArn: 'arn:aws:sqs:us-east-1:000000000000:x', name: q.name, invoke: handler, batchSize: 10, concurrency: 1 });
    await until(() => seen.length === 3);
    await poller.stop();
    expect(seen.sort()).toEqual(['a', 'b', 'c']);
    const left = await sqs.send(new ReceiveMessageCommand({ QueueUrl: q.url, WaitTimeSeconds: 2 }));
    expect(left.Messages ?? []).toHaveLength(0);
  });

  it('redelivers only the failed items of a batch, and moves a poison message to the DLQ', async () => {
    const q = await queueWithDlq(2);
    const attempts = new Map<string, number>();
    const handler: InvokeSqs = async (event) => {
      for (const r of event.Records) attempts.set(r.body, (attempts.get(r.body) ?? 0) + 1);
      return { batchItemFailures: event.Records.filter((r) => r.body === 'poison').map((r) => ({ itemIdentifier: r.messageId })) };
    };
    for (const body of ['good', 'poison']) await sqs.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: body }));
    const poller = startPoller({ sqs, queueUrl: q.url, queueArn: 'arn:x', name: q.name, invoke: handler, batchSize: 10, concurrency: 1 });
    await until(() => (attempts.get('poison') ?? 0) >= 2);
    const dead = await sqs.send(new ReceiveMessageCommand({ QueueUrl: q.dlqUrl, WaitTimeSeconds: 5 }));
    await poller.stop();
    expect(attempts.get('good')).toBe(1);
    expect(dead.Messages?.map((m) => m.Body)).toEqual(['poison']);
  });

  it('leaves the whole batch for redelivery when the consumer throws', async () => {
    const q = await queueWithDlq(5);
    let calls = 0;
    const handler: InvokeSqs = async () => {
      calls += 1;
      if (calls === 1) throw new Error('worker crashed');
    };
    await sqs.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'job' }));
    const poller = startPoller({ sqs, queueUrl: q.url, queueArn: 'arn:x', name: q.name, invoke: handler, batchSize: 1, concurrency: 1 });
    await until(() => calls >= 2);
    await poller.stop();
    expect(calls).toBe(2);
  });
});
