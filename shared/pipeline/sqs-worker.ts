// A queue consumer (Powertools batch + parser): each message is checked against its schema and
// handled on its own. A message that fails, malformed or not, is reported back to the queue
// alone with its reason logged; its queue's redrive policy moves it to the dead-letter queue
// after maxReceiveCount receives (shared/topology.ts). A batch whose every message failed is
// reported the same way, never thrown: one bad batch must not crash the consumer.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { parser } from '@aws-lambda-powertools/batch/parser';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { logger } from '../logger.ts';
import { flushMetrics, metrics } from '../observability.ts';

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
    const processor = new BatchProcessor(EventType.SQS, { parser, innerSchema: schema, transformer: 'json', logger });
    try {
      const response = await processPartialResponse(event, (record: SQSRecord) => handle(record.body as z.output<S>), processor, {
        ...(context ? { context } : {}),
        processInParallel: options.parallel ?? false,
        throwOnFullBatchFailure: false,
      });
      logFailures(name, processor);
      return response;
    } finally {
      flushMetrics();
    }
  };
}

function logFailures(worker: string, processor: BatchProcessor): void {
  processor.failureMessages.forEach((record, i) => {
    const error = processor.errors[i];
    const malformed = error?.name === 'ParsingError';
    logger.error(malformed ? 'malformed message; it will be delivered again, then dead-lettered' : 'message failed; it will be delivered again', {
      worker,
      message_id: (record as SQSRecord).messageId,
      reason: error?.message,
      ...(malformed ? {} : { error }),
    });
  });
}
