// After a change commits: hand its events to the events queue and its job to its queue.
// A failure here is logged, not thrown: the change is committed, and the sweep publishes
// whatever is still waiting in the outbox or the queue.
import { logger } from '../logger.ts';
import { send } from '../queue/jobs.ts';
import { eventJob } from '../queue/messages.ts';
import type { OutboxEvent } from '../store/outbox.ts';

/** `queueJob` sends the change's job, naming its queue: `() => send('transcribe', transcribeJob(id))`. */
export async function publish(events: readonly OutboxEvent[], queueJob?: () => Promise<void>): Promise<void> {
  const sends = events.map((e) => send('events', eventJob(e)));
  if (queueJob) sends.push(queueJob());
  const results = await Promise.allSettled(sends);
  for (const r of results) if (r.status === 'rejected') logger.warn('publish failed; the sweep will retry', { error: r.reason });
}
