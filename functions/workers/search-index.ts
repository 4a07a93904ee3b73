// The search queue (FIFO, grouped by user): each user's messages of a batch are applied to
// their index in one load and one conditional save. A user whose save failed has all their
// messages of the batch returned, so SQS delivers them again in order and nothing is lost.
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '#shared/logger.ts';
import { metrics } from '#shared/observability.ts';
import { applyIndexMessages } from '#shared/search/indexer.ts';
import type { IndexMessage } from '#shared/search/queue.ts';

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  if (context) logger.addContext(context);
  metrics.captureColdStartMetric();
  const byUser = new Map<number, { ids: string[]; messages: IndexMessage[] }>();
  for (const record of event.Records) {
    const message = JSON.parse(record.body) as IndexMessage;
    const entry = byUser.get(message.user_id) ?? { ids: [], messages: [] };
    entry.ids.push(record.messageId);
    entry.messages.push(message);
    byUser.set(message.user_id, entry);
  }
  const failures: { itemIdentifier: string }[] = [];
  try {
    for (const [userId, { ids, messages }] of byUser) {
      try {
        await applyIndexMessages(userId, messages);
      } catch (error) {
        logger.error('search index update failed; it will be delivered again', { user_id: userId, error });
        failures.push(...ids.map((itemIdentifier) => ({ itemIdentifier })));
      }
    }
  } finally {
    metrics.publishStoredMetrics();
  }
  return { batchItemFailures: failures };
}
