// A queue consumer: each message is handled on its own, and only the ones that failed for
// reasons outside the job's own retry rules (the store unreachable, say) go back to the queue.
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { flushMetrics, metrics } from '../observability.ts';

export function sqsWorker<T>(name: string, handle: (message: T) => Promise<void>, options: { parallel?: boolean } = {}): (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse> {
  return async (event, context) => {
    if (context) logger.addContext(context);
    metrics.captureColdStartMetric();
    const failures: { itemIdentifier: string }[] = [];
    const one = async (record: SQSEvent['Records'][number]) => {
      try {
        await handle(JSON.parse(record.body) as T);
      } catch (error) {
        logger.error('message failed; it will be delivered again', { worker: name, message_id: record.messageId, error });
        failures.push({ itemIdentifier: record.messageId });
      }
    };
    try {
      if (options.parallel) await Promise.all(event.Records.map(one));
      else for (const record of event.Records) await one(record);
    } finally {
      flushMetrics();
    }
    return { batchItemFailures: failures };
  };
}
