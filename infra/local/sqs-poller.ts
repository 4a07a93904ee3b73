// Plays Lambda's SQS event source: long-poll, invoke the consumer with a batch, delete what
// succeeded, and leave failures for redelivery after the visibility timeout (the queue's
// redrive policy then moves a poison message to its dead-letter queue).
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import { randomUUID } from 'node:crypto';
import { logger } from '#shared/logger.ts';

/** Runs the consumer function once with a batch (its timeout is the function's own). */
export type InvokeSqs = (event: SQSEvent, requestId: string) => Promise<SQSBatchResponse | void>;

export interface PollerOptions {
  readonly sqs: SQSClient;
  readonly queueUrl: string;
  readonly queueArn: string;
  readonly name: string;
  readonly invoke: InvokeSqs;
  readonly batchSize: number;
  readonly concurrency: number;
  /** Long-poll wait; short locally so shutdown is quick. */
  readonly waitSeconds?: number;
}

export interface Poller {
  stop(): Promise<void>;
}

export function startPoller(options: PollerOptions): Poller {
  const controller = new AbortController();
  const loops = Array.from({ length: options.concurrency }, () => pollLoop(options, controller.signal));
  return {
    stop: async () => {
      controller.abort();
      await Promise.allSettled(loops);
    },
  };
}

async function pollLoop(options: PollerOptions, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    let messages: Message[] = [];
    try {
      const received = await options.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: options.queueUrl,
          MaxNumberOfMessages: options.batchSize,
          WaitTimeSeconds: options.waitSeconds ?? 1,
          MessageSystemAttributeNames: ['All'],
          MessageAttributeNames: ['All'],
        }),
        { abortSignal: signal },
      );
      messages = received.Messages ?? [];
    } catch (error) {
      if (signal.aborted) return;
      logger.warn('queue receive failed', { queue: options.name, error });
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    if (messages.length > 0) await runBatch(options, messages);
  }
}

export async function runBatch(options: PollerOptions, messages: Message[]): Promise<{ failed: string[] }> {
  const requestId = randomUUID();
  const started = Date.now();
  const event: SQSEvent = { Records: messages.map((m) => toRecord(m, options.queueArn)) };
  let failed: string[];
  try {
    // A batch that fails or times out is not deleted: it returns after the visibility timeout.
    const result = await options.invoke(event, requestId);
    failed = (result?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
  } catch (error) {
    logger.error('job failed', { request_id: requestId, queue: options.name, error });
    failed = messages.map((m) => m.MessageId!);
  }
  const done = messages.filter((m) => !failed.includes(m.MessageId!));
  if (done.length > 0) {
    await options.sqs.send(
      new DeleteMessageBatchCommand({ QueueUrl: options.queueUrl, Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }),
    );
  }
  logger.info('job', { request_id: requestId, queue: options.name, messages: messages.length, failed: failed.length, duration_ms: Date.now() - started });
  return { failed };
}

function toRecord(message: Message, queueArn: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(message.MessageAttributes ?? {}).map(([name, value]) => [name, { stringValue: value.StringValue, dataType: value.DataType ?? 'String', stringListValues: [], binaryListValues: [] }]),
    ),
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: 'us-east-1',
  };
}
