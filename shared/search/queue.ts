// Index updates go through the FIFO search queue, grouped by user: SQS hands one user's
// messages to one consumer at a time, in order, so each user's index object has one writer.
// A message names only the recording; the worker reads its current state, so a message sent
// twice, late or after a crash does no harm.
import { randomUUID } from 'node:crypto';
import { sendInGroup } from '../queue/jobs.ts';
import type { IndexMessage } from '../queue/messages.ts';

export type { IndexMessage };

/** `dedupId` (an event id, say) makes a repeat within five minutes a no-op. */
export async function queueIndexUpdate(message: IndexMessage, dedupId: string = randomUUID()): Promise<void> {
  await sendInGroup('search', message, `user-${message.user_id}`, dedupId);
}
