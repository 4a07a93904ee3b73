// What webhook work costs the store, measured in the bench's own process against the stack's
// emulators: fanOut() of one event, dispatch() of one delivery, and the store's ceiling
// (conditional UpdateItems per second), which sets the throughput goal.
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '#shared/clients/dynamodb.ts';
import { dynamo } from '#shared/clients.ts';
import { sqsClient } from '#shared/clients/sqs.ts';
import { newSecret } from '#shared/domain/webhooks/signing.ts';
import type { DeliveryMessage } from '#shared/queue/messages.ts';
import { createDelivery, newDelivery } from '#shared/store/deliveries.ts';
import { tableName } from '#shared/store/table.ts';
import { createUser } from '#shared/store/users.ts';
import { createWebhook } from '#shared/store/webhooks.ts';
import { dispatch } from '#shared/webhooks/dispatch.ts';
import { envelope } from '#shared/webhooks/envelope.ts';
import { fanOut, fanOutOverflow } from '#shared/webhooks/fanout.ts';
import { waitUntil, type Receiver } from '../../support/receiver.ts';
import { summarize, type Summary } from './stats.ts';
import type { StoreCallCounter, StoreCalls } from './store-calls.ts';

export const CEILING_CONCURRENCY = 10;

export interface FanOutCost {
  readonly events: number;
  readonly webhooks: number;
  readonly ms: Summary;
  readonly calls: StoreCalls;
  readonly sqsSends: number;
}

/**
 * fanOut() of synthetic events of a user with 100 webhooks (on their own receiver), timed and
 * counted; the stack's consumers then deliver what it queued, and this waits for them.
 */
export async function measureFanOut(counter: StoreCallCounter, receiver: Receiver, count: number, webhooks: number): Promise<FanOutCost> {
  const user = await createUser({ email: `bench-fanout-${randomUUID()}@example.test`, name: 'bench' });
  for (let i = 0; i < webhooks; i++) {
    await createWebhook({ user_id: user.id, name: `bench fan-out ${i}`, url: receiver.url, events: ['*'], enabled: true, allow_http: true, secret: newSecret() }, 1000);
  }
  let sqsSends = 0;
  sqsClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'SendMessageCommand' || context.commandName === 'SendMessageBatchCommand') sqsSends++;
      return next(args);
    },
    { step: 'initialize', name: 'benchSqsSendCounter' },
  );
  counter.reset();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const event = { id: randomUUID(), type: 'recording.created' as const, user_id: user.id, recording_id: null, seq: 0, timestamp: new Date().toISOString(), data: { bench: i } };
    const started = performance.now();
    // Past the lane share, the events worker hands the event to the overflow lane, whose worker
    // fans it out: both steps are timed here, without the queue between.
    if ((await fanOut(event)) === 'overflow') await fanOutOverflow(event);
    times.push(performance.now() - started);
  }
  const calls = counter.snapshot();
  await waitUntil(() => receiver.received.length >= count * webhooks, 60_000, `${count * webhooks} fan-out deliveries`);
  return { events: count, webhooks, ms: summarize(times), calls, sqsSends };
}

export interface InProcess {
  readonly deliveries: number;
  readonly calls: StoreCalls;
  readonly opsPerDelivery: number;
  readonly sequentialMs: Summary;
  readonly concurrentPerSecond: number;
  readonly received: number;
}

/** dispatch() for prepared deliveries, one after another and then 10 at a time, counting store calls. */
export async function measureDispatch(counter: StoreCallCounter, url: string, amount: number): Promise<Omit<InProcess, 'received'>> {
  const user = await createUser({ email: `bench-hooks-${randomUUID()}@example.test`, name: 'bench' });
  // webhook.test only: no recording event of this user fans out to it, and it is not the stack's admin anyway.
  const webhook = await createWebhook({ user_id: user.id, name: 'bench in-process', url, events: ['webhook.test'], enabled: true, allow_http: true, secret: newSecret() }, 1000);
  const prepare = async (count: number): Promise<DeliveryMessage[]> => {
    const messages: DeliveryMessage[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const event = { type: 'webhook.test' as const, timestamp: new Date().toISOString(), user_id: user.id, data: { reason: 'bench', webhook_id: webhook.id } };
      await createDelivery(newDelivery({ id, webhookId: webhook.id, userId: user.id, eventId: randomUUID(), eventType: event.type, payload: envelope(id, event), now: new Date(), isTest: true }));
      messages.push({ delivery_id: id, webhook_id: webhook.id });
    }
    return messages;
  };
  for (const message of await prepare(10)) await dispatch(message);
  const sequential = await prepare(amount);
  const concurrent = await prepare(amount);
  counter.reset();
  const times: number[] = [];
  for (const message of sequential) {
    const started = performance.now();
    await dispatch(message);
    times.push(performance.now() - started);
  }
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CEILING_CONCURRENCY }, async () => {
      while (next < concurrent.length) await dispatch(concurrent[next++]!);
    }),
  );
  const concurrentPerSecond = concurrent.length / ((performance.now() - started) / 1000);
  const calls = counter.snapshot();
  const deliveries = sequential.length + concurrent.length;
  return { deliveries, calls, opsPerDelivery: calls.total / deliveries, sequentialMs: summarize(times), concurrentPerSecond };
}

export interface Ceiling {
  readonly concurrency: number;
  readonly updates: number;
  readonly perSecond: number;
  readonly latencyMs: Summary;
}

/**
 * Conditional UpdateItems on scratch items, each worker on its own item with the condition
 * on the value it wrote last (as recordAttempt conditions on the attempt it read).
 */
export async function conditionalUpdates(total: number, concurrency: number): Promise<Ceiling> {
  const run = randomUUID();
  const keys = Array.from({ length: concurrency }, (_, i) => ({ PK: `BENCH#${run}#${i}`, SK: 'SCRATCH' }));
  for (const Key of keys) await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...Key, n: 0 } }));
  const perWorker = Math.ceil(total / concurrency);
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    keys.map(async (Key) => {
      for (let n = 0; n < perWorker; n++) {
        const t = performance.now();
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key,
            UpdateExpression: 'SET #n = :next, #s = :status, #at = :at',
            ConditionExpression: '#n = :n AND attribute_exists(PK)',
            ExpressionAttributeNames: { '#n': 'n', '#s': 'status', '#at': 'updated_at' },
            ExpressionAttributeValues: { ':n': n, ':next': n + 1, ':status': 'success', ':at': new Date().toISOString() },
          }),
        );
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { concurrency, updates: perWorker * concurrency, perSecond: (perWorker * concurrency) / seconds, latencyMs: summarize(times) };
}
