// Fan-out: one delivery per enabled webhook of the event's owner that subscribes to its type.
// The delivery id is derived from the event and the webhook, so a repeated event message
// makes no second delivery. Deliveries are written in transactions of CHUNK, and each chunk's
// first attempts are made as soon as it is written, here, without a queue between
// (delivery-policy.ts: webhooks that were slow lately are queued instead, so that they hold
// their own consumer, not the event's). A worker that dies before an attempt leaves the
// delivery pending; the sweep sends what is overdue.
//
// Two lanes keep one user's burst from delaying the others, for events and deliveries alike:
// an event is fanned out from the `events` queue onto the `deliveries` queue while its user's
// deliveries counted in the current LANE_WINDOW_SECONDS window stay within LANE_SHARE; past the
// share, the event itself moves to `events-overflow` (fanOut answers 'overflow' and writes
// nothing), whose consumers fan it out onto `deliveries-overflow` (fanOutOverflow). Each queue
// has its own consumers (shared/topology.ts), so another user's event never waits behind a
// burst's fan-out.
//
// The window counts the deliveries of the user's events being fanned out on the first lane
// (given back when they are) and those handed to the overflow lane (kept until the window
// ends). A burst, events that come while the user's share is being fanned out, moves to the
// overflow lane, and the user's later events follow it until the window ends: the first lane
// holds at most one share of the user's at a time, and about one a window while the burst lasts.
// Events one after another, each fanned out before the next comes, keep the first lane however
// many there are. Counting every delivery of the window, as before, sent all but the first of a
// user's title changes half a second apart to 100 webhooks through the overflow lane (a queue
// hop and two store reads more each) with nothing of anyone else's waiting behind them; letting
// a burst's events back onto the first lane whenever the share was given back kept an events
// consumer busy with them throughout, and another user's event waited seconds for one.
// A count not given back (a crashed worker) lapses with its window.
//
// The overflow lane writes a chunk at a time, and its consumers fan out an event at a time: the
// store runs writes one after another (DynamoDB Local: a single update waited 22 ms alone, 143 ms
// behind 2 transactions of 25, 1.2 s behind 20), so a burst keeps few writes ahead of another
// user's.
import DataLoader from 'dataloader';
import pLimit from 'p-limit';
import { settings } from '../config.ts';
import type { DeliveryMessage } from '../queue/messages.ts';
import { deliveryId } from '../domain/webhooks/signing.ts';
import { sendsDirectly, subscribes } from '../domain/webhooks/delivery-policy.ts';
import { logger } from '../logger.ts';
import { sendAll } from '../queue/jobs.ts';
import { createDeliveries, newDelivery, recordAttempts, type AttemptOf, type Delivery } from '../store/deliveries.ts';
import type { OutboxEvent } from '../store/outbox.ts';
import { countRequest } from '../store/rate-counters.ts';
import { listUserWebhooks, type Webhook } from '../store/webhooks.ts';
import { sendAttempt, settleAttempt, type RecordOutcome } from './dispatch.ts';
import { envelope } from './envelope.ts';

/** First attempts in flight at once in one worker, over all the events of its batch. */
const attempts = pLimit(20);
/**
 * First attempts start from here only this long after the fan-out began; the rest are queued.
 * With the webhook timeout after it, this bounds the worker's run (shared/topology.ts).
 */
const DIRECT_BUDGET_MS = 5000;

/** Deliveries per transaction (DynamoDB allows 100; smaller ones commit and queue sooner). */
const CHUNK = 25;
/**
 * First attempts' outcomes are recorded together: those that finish within RECORD_WAIT_MS of
 * each other, in one transaction of conditional updates (recordAttempts). One write per attempt
 * made the store the bottleneck: a hundred updates queue behind each other where a few
 * transactions do the same work.
 */
const RECORD_WAIT_MS = 5;
/**
 * Outcomes wait, up to RECORD_DEFER_MS, until this worker writes no deliveries: a delivery's
 * write holds up its first attempt, an outcome's record holds up nothing. On a store that runs
 * writes one after another (DynamoDB Local) the first chunk's records otherwise went between
 * the chunks' writes: in-process, the 50th of 100 arrivals came at a median 194–358 ms after
 * the fan-out began, 131–160 ms with the wait.
 */
const RECORD_DEFER_MS = 250;
const writing = { count: 0, waiting: [] as (() => void)[] };
const outcomes = new DataLoader<AttemptOf, boolean>(recordAttempts, {
  cache: false,
  maxBatchSize: CHUNK,
  batchScheduleFn: (flush) => setTimeout(() => afterWrites(flush), RECORD_WAIT_MS),
});

/** Runs `run` once no delivery is being written, or after RECORD_DEFER_MS. */
function afterWrites(run: () => void): void {
  if (writing.count === 0) return run();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  writing.waiting.push(once);
  setTimeout(once, RECORD_DEFER_MS);
}

/** A chunk's write, counted so that outcome records wait for it. */
async function writeFirst<T>(write: () => Promise<T>): Promise<T> {
  writing.count++;
  try {
    return await write();
  } finally {
    if (--writing.count === 0) writing.waiting.splice(0).forEach((run) => run());
  }
}
const recordTogether: RecordOutcome = (delivery, record) => outcomes.load({ delivery, record });
export const LANE_SHARE = 100;
export const LANE_WINDOW_SECONDS = 5;
/** The per-user counter of the first lane (shared/store/rate-counters.ts). */
const LANE_COUNTER = 'lane';

/**
 * Fans the event out on the first lane, or answers 'overflow' (nothing written) when its user is
 * past the share. `listed`: the owner's webhooks for the event's type, when the caller started
 * listing them (subscribedTo) before it had read the event.
 */
export async function fanOut(event: OutboxEvent, now = new Date(), listed?: Promise<Webhook[]>): Promise<number | 'overflow'> {
  const webhooks = await (listed ?? subscribedTo(event.user_id, event.type));
  if (webhooks.length === 0) return 0;
  const giveBack = await claimLane(event.user_id, webhooks.length, now);
  if (!giveBack) return 'overflow';
  try {
    return await write(event, webhooks, 'deliveries', now);
  } finally {
    await giveBack();
  }
}

/** Fans out an event that fanOut handed to the overflow lane (already counted in its window). */
export async function fanOutOverflow(event: OutboxEvent, now = new Date()): Promise<number> {
  return write(event, await subscribedTo(event.user_id, event.type), 'deliveries-overflow', now);
}

/** The user's enabled webhooks that subscribe to events of `type`. */
export async function subscribedTo(userId: number, type: string): Promise<Webhook[]> {
  return (await listUserWebhooks(userId)).filter((w) => w.enabled && subscribes(w.events, type));
}

interface Lane {
  readonly queue: 'deliveries' | 'deliveries-overflow';
  readonly now: Date;
  /** First attempts start here only until then (performance.now()). */
  readonly deadline: number;
}

async function write(event: OutboxEvent, webhooks: readonly Webhook[], queue: Lane['queue'], now: Date): Promise<number> {
  const lane: Lane = { queue, now, deadline: performance.now() + DIRECT_BUDGET_MS };
  // The first lane writes its chunks side by side, the overflow lane one at a time (see above).
  const writes: <T>(write: () => Promise<T>) => Promise<T> = queue === 'deliveries' ? (write) => write() : pLimit(1);
  const chunks: Webhook[][] = [];
  for (let i = 0; i < webhooks.length; i += CHUNK) chunks.push(webhooks.slice(i, i + CHUNK));
  const created = await Promise.all(
    chunks.map(async (chunk) => {
      const deliveries = chunk.map((webhook) => {
        const id = deliveryId(event.id, webhook.id);
        return newDelivery({ id, webhookId: webhook.id, userId: event.user_id, eventId: event.id, eventType: event.type, payload: envelope(id, event), now });
      });
      const count = await writes(() => writeFirst(() => createDeliveries(deliveries)));
      // A chunk written whole is sent from here; one that met deliveries of an earlier try of
      // this event is queued whole, since the stored ones may be sent already (dispatch reads them).
      await sendChunk(deliveries, chunk, count === deliveries.length && settings().webhooks.globalEnabled, lane);
      return count;
    }),
  );
  return created.reduce((sum, n) => sum + n, 0);
}

/** Makes the chunk's first attempts; what is not sent here (slow lately, past the budget) goes to the lane's queue. */
async function sendChunk(deliveries: readonly Delivery[], webhooks: readonly Webhook[], whole: boolean, lane: Lane): Promise<void> {
  const sent = await Promise.all(deliveries.map((d, i) => (whole && sendsDirectly(webhooks[i]!, lane.now) ? sendHere(d, webhooks[i]!, lane) : false)));
  const queued = deliveries.filter((_, i) => !sent[i]).map((d) => ({ delivery_id: d.id, webhook_id: d.webhook_id }) satisfies DeliveryMessage);
  if (queued.length > 0) await (lane.queue === 'deliveries' ? sendAll('deliveries', queued) : sendAll('deliveries-overflow', queued));
}

/**
 * One first attempt, unless past the budget. The POST holds one of the `attempts` places;
 * recording its outcome does not, so the next POST need not wait for the store. An attempt that
 * fails here (a store or key error, not the receiver's answer) is queued, not lost.
 */
async function sendHere(delivery: Delivery, webhook: Webhook, { now, deadline }: Lane): Promise<boolean> {
  try {
    const posted = await attempts(() => (performance.now() < deadline ? sendAttempt(delivery, webhook, now) : undefined));
    if (!posted) return false;
    await settleAttempt(delivery, webhook, now, posted, recordTogether);
    return true;
  } catch (error) {
    logger.warn('first attempt failed; queued', { delivery_id: delivery.id, error });
    return false;
  }
}

/**
 * Counts `count` more deliveries of the user in the current window: the function that gives them
 * back once fanned out on the first lane, or undefined when the user is past the share (handed
 * to the overflow lane, they stay counted until the window ends).
 */
async function claimLane(userId: number, count: number, now: Date): Promise<(() => Promise<void>) | undefined> {
  const seconds = Math.floor(now.getTime() / 1000);
  const start = seconds - (seconds % LANE_WINDOW_SECONDS);
  const expires = start + 2 * LANE_WINDOW_SECONDS;
  if ((await countRequest(userId, LANE_COUNTER, start, expires, count)) > LANE_SHARE) return undefined;
  return async () => {
    // Not given back (a store error, a crash), the count lapses with its window.
    await countRequest(userId, LANE_COUNTER, start, expires, -count).catch((error: unknown) => logger.warn('the lane share could not be given back', { user_id: userId, error }));
  };
}
