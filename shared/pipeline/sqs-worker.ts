// A queue consumer (Powertools batch): each message is checked against its schema and
// handled on its own. A message that fails, malformed or not, is reported back to the queue
// alone with its reason logged; its queue's redrive policy moves it to the dead-letter queue
// after maxReceiveCount receives (shared/topology.ts). A batch whose every message failed is
// reported the same way, never thrown: one bad batch must not crash the consumer.
//
// The schema is applied here rather than through Powertools' parser integration, which loads the
// parser package, and with it zod's classic API and every locale (~380 KB), at each consumer's
// init, only to run the same zod check.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { logger } from '../logger.ts';
import { flushMetrics, metrics } from '../observability.ts';
import { commitsSettled } from '../store/after-commit.ts';

export function sqsWorker<S extends z.ZodMiniType>(
  name: string,
  schema: S,
  handle: (message: z.output<S>) => Promise<void>,
  options: { parallel?: boolean } = {},
): (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse> {
  return async (event, context) => {
    if (context) logger.addContext(context);
    metrics.captureColdStartMetric();
    // One processor per invocation: it keeps the batch's successes and failures.
    const processor = new BatchProcessor(EventType.SQS);
    try {
      const response = await processPartialResponse(event, (record: SQSRecord) => handle(parseBody(schema, record)), processor, {
        ...(context ? { context } : {}),
        processInParallel: options.parallel ?? false,
        throwOnFullBatchFailure: false,
      });
      logFailures(name, processor);
      return response;
    } finally {
      await commitsSettled();
      flushMetrics();
    }
  };
}

class MalformedMessage extends Error {
  override readonly name = 'MalformedMessage';
}

/** The message body as its schema reads it; a MalformedMessage says why it cannot be read. */
function parseBody<S extends z.ZodMiniType>(schema: S, record: SQSRecord): z.output<S> {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch (error) {
    throw new MalformedMessage(`Invalid JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new MalformedMessage(z.prettifyError(parsed.error));
  return parsed.data;
}

function logFailures(worker: string, processor: BatchProcessor): void {
  processor.failureMessages.forEach((record, i) => {
    const error = processor.errors[i];
    const malformed = error instanceof MalformedMessage;
    logger.error(malformed ? 'malformed message; it will be delivered again, then dead-lettered' : 'message failed; it will be delivered again', {
      worker,
      message_id: (record as SQSRecord).messageId,
      reason: error?.message,
      ...(malformed ? {} : { error }),
    });
  });
}
