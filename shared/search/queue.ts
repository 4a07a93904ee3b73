// Index updates go through the FIFO search queue, grouped by user: SQS hands one user's
// messages to one consumer at a time, in order, so each user's index object has one writer.
// A message names only the recording; the worker reads its current state, so a message sent
// twice, late or after a crash does no harm.
import { randomUUID } from 'node:crypto';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '../clients/sqs.ts';
import { settings } from '../config.ts';
import type { IndexMessage } from '../queue/messages.ts';

export type { IndexMessage };


function queueUrl(): string {
  const url = settings().queueUrls.search;
  if (!url) throw new Error('No URL for queue search: set QUEUE_URL_SEARCH');
  return url;
}

/** `dedupId` (an event id, say) makes a repeat within five minutes a no-op. */
export async function queueIndexUpdate(message: IndexMessage, dedupId: string = randomUUID()): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({ QueueUrl: queueUrl(), MessageBody: JSON.stringify(message), MessageGroupId: `user-${message.user_id}`, MessageDeduplicationId: dedupId }),
  );
}
