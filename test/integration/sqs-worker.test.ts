// Every queue consumer is built by sqsWorker (Powertools batch, the message's zod schema): a malformed message
// (not JSON, or JSON of the wrong shape) is refused by its schema, logged with the reason and
// reported alone, so the queue's redrive policy moves it to the dead-letter queue while the
// rest of the batch is handled once. Runs on the local SQS emulator through the local poller.
import { ReceiveMessageCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startPoller } from '../../infra/local/sqs-poller.ts';
import { logger } from '#shared/logger.ts';
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import { jobMessage } from '#shared/queue/messages.ts';
import { queueWithDlq as makeQueue } from '../support/sqs-queues.ts';

const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
afterAll(() => sqs.destroy());
afterEach(() => vi.restoreAllMocks());

const queueWithDlq = (maxReceiveCount: number) => makeQueue(sqs, maxReceiveCount, 'worker');

async function drain(url: string, want: number, ms = 20_000): Promise<string[]> {
  const bodies: string[] = [];
  const end = Date.now() + ms;
  while (bodies.length < want && Date.now() < end) {
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
    bodies.push(...(Messages ?? []).map((m) => m.Body!));
  }
  return bodies;
}

const record = (body: string, id: string): SQSEvent['Records'][number] => ({
  messageId: id,
  receiptHandle: `r-${id}`,
  body,
  attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 's', ApproximateFirstReceiveTimestamp: '0' },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:q',
  awsRegion: 'us-east-1',
});

describe('sqsWorker', () => {
  it('handles the valid messages once and dead-letters the malformed ones with a logged reason', async () => {
    const q = await queueWithDlq(2);
    const handled: number[] = [];
    const errors = vi.spyOn(logger, 'error');
    const worker = sqsWorker('test', jobMessage, async (m) => void handled.push(m.recording_id));
    const bodies = [JSON.stringify({ recording_id: 7, job: 'transcribe' }), 'not json {', JSON.stringify({ recording_id: 'seven', job: 'transcribe' })];
    await sqs.send(new SendMessageBatchCommand({ QueueUrl: q.url, Entries: bodies.map((b, i) => ({ Id: String(i), MessageBody: b })) }));
    const poller = startPoller({ sqs, queueUrl: q.url, queueArn: 'arn:x', name: q.name, invoke: (event) => worker(event), batchSize: 10, concurrency: 1 });
    const dead = await drain(q.dlqUrl, 2);
    await poller.stop();
    expect(handled).toEqual([7]);
    expect(dead.sort()).toEqual([bodies[2], bodies[1]].sort());
    const reasons = errors.mock.calls.filter(([msg]) => String(msg).startsWith('malformed message')).map(([, attrs]) => (attrs as { reason: string }).reason);
    expect(reasons.some((r) => /Invalid JSON/.test(r))).toBe(true);
    expect(reasons.some((r) => /recording_id/.test(r))).toBe(true);
  });

  it('reports a batch whose every message is malformed without throwing', async () => {
    const worker = sqsWorker('test', jobMessage, async () => undefined);
    const response = await worker({ Records: [record('[]', 'a'), record('{"recording_id":1}', 'b')] });
    expect(response.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['a', 'b']);
  });

  it('reports a message whose handler throws, and only that one', async () => {
    const worker = sqsWorker('test', jobMessage, async (m) => {
      if (m.recording_id === 2) throw new Error('store unreachable');
    }, { parallel: true });
    const ok = JSON.stringify({ recording_id: 1, job: 'summarize' });
    const bad = JSON.stringify({ recording_id: 2, job: 'summarize' });
    const response = await worker({ Records: [record(ok, 'a'), record(bad, 'b')] });
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'b' }]);
  });
});
