// The search queue (FIFO, grouped by user): each user's messages of a batch are applied to
// their index in one load and one conditional save. A user whose save failed has all their
// messages of the batch returned, so SQS delivers them again in order and nothing is lost.
// A malformed message is returned alone (its redrive policy dead-letters it after a few
// receives); it never holds back the other users of the batch.
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '#shared/logger.ts';
import { flushMetrics, metrics } from '#shared/observability.ts';
import { indexMessage, type IndexMessage } from '#shared/queue/messages.ts';
import { applyIndexMessages } from '#shared/search/indexer.ts';

type Batch = Map<number, { ids: string[]; messages: IndexMessage[] }>;

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  if (context) logger.addContext(context);
  metrics.captureColdStartMetric();
  const failures: string[] = [];
  const byUser: Batch = new Map();
  for (const record of event.Records) {
    const message = parse(record);
    if (!message) failures.push(record.messageId);
    else addTo(byUser, record.messageId, message);
  }
  try {
    for (const [userId, { ids, messages }] of byUser) {
      try {
        await applyIndexMessages(userId, messages);
      } catch (error) {
        logger.error('search index update failed; it will be delivered again', { user_id: userId, error });
        failures.push(...ids);
      }
    }
  } finally {
    flushMetrics();
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

function parse(record: SQSRecord): IndexMessage | undefined {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    body = undefined;
  }
  const parsed = indexMessage.safeParse(body);
  if (parsed.success) return parsed.data;
  logger.error('malformed message; it will be delivered again, then dead-lettered', { worker: 'search-index', message_id: record.messageId });
  return undefined;
}

function addTo(batch: Batch, messageId: string, message: IndexMessage): void {
  const entry = batch.get(message.user_id) ?? { ids: [], messages: [] };
  entry.ids.push(messageId);
  entry.messages.push(message);
  batch.set(message.user_id, entry);
}
