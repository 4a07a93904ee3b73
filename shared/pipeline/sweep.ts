// Runs every minute: whatever a crash or a lost message left behind goes out again. Events
// still in the outbox are republished; jobs whose lease ran out are handed to a worker;
// PENDING recordings, and SUMMARIZING ones no worker took yet, whose message may be lost are
// queued again. Trigram postings a crash left behind their recording's change follow it.
import { settings } from '../config.ts';
import { logger } from '../logger.ts';
import { send } from '../queue/jobs.ts';
import { eventJob, summarizeJob, transcribeJob } from '../queue/messages.ts';
import { StaleRecordingError, writeRecording } from '../store/recording-writes.ts';
import { expiredLeases, pendingSince, summariesWaitingSince, type Recording } from '../store/recordings.ts';
import { unpublishedEvents } from '../store/outbox.ts';
import { applyPostings, pendingPostings } from '../store/list-postings.ts';
import { dueDeliveries, markResent } from '../store/deliveries.ts';

export interface SweepReport {
  readonly events: number;
  readonly resumed: number;
  readonly requeued: number;
  readonly deliveries: number;
  readonly postings: number;
}

export async function sweep(now = new Date()): Promise<SweepReport> {
  const { republishAfterSeconds, requeueAfterSeconds } = settings().jobs;
  const events = await unpublishedEvents(new Date(now.getTime() - republishAfterSeconds * 1000));
  await Promise.all(events.map((e) => send('events', eventJob(e))));

  const expired = await expiredLeases(now);
  await Promise.all(expired.map(queueNextStep));

  const cutoff = new Date(now.getTime() - requeueAfterSeconds * 1000).toISOString();
  const waiting = [...(await pendingSince(new Date(cutoff))), ...(await summariesWaitingSince(new Date(cutoff)))];
  const lost = waiting.filter((r) => !r.sent_at || r.sent_at < cutoff);
  for (const r of lost) {
    try {
      // On the lease too: a worker that took a SUMMARIZING recording meanwhile keeps it.
      await writeRecording(r, { changes: { sent_at: now.toISOString() }, checkLease: true, now });
      await queueNextStep(r);
    } catch (error) {
      if (!(error instanceof StaleRecordingError)) throw error;
    }
  }
  const deliveries = await resendOverdueDeliveries(now);
  // One at a time: a backlog of them is a recovery, not a hurry.
  const postings = await pendingPostings(new Date(now.getTime() - republishAfterSeconds * 1000));
  for (const id of postings) await applyPostings(id);
  const report = { events: events.length, resumed: expired.length, requeued: lost.length, deliveries, postings: postings.length };
  if (report.events + report.resumed + report.requeued + report.deliveries + report.postings > 0) logger.info('sweep', { ...report });
  return report;
}

/** The job of the step the recording is at. */
const queueNextStep = (r: Recording) => (r.status === 'SUMMARIZING' ? send('summarize', summarizeJob(r.id)) : send('transcribe', transcribeJob(r.id)));

/**
 * Deliveries whose attempt is overdue (their message was lost, or sending was switched off
 * and is back on). The grace keeps the sweep from doubling an attempt that is under way.
 */
async function resendOverdueDeliveries(now: Date): Promise<number> {
  const { globalEnabled, timeoutSeconds } = settings().webhooks;
  if (!globalEnabled) return 0;
  const overdue = await dueDeliveries(new Date(now.getTime() - (timeoutSeconds + 5) * 1000));
  const resent = await Promise.all(
    overdue.map(async (d) => {
      // Marked first: a crash before the send leaves it overdue again after the grace.
      const resends = await markResent(d, now);
      if (resends === null) return 0;
      await send('deliveries', { delivery_id: d.id, webhook_id: d.webhook_id, resends });
      return 1;
    }),
  );
  return resent.reduce<number>((n, r) => n + r, 0);
}
