import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sqsClient } from '#shared/clients/sqs.ts';
import { settings } from '#shared/config.ts';
import { newSecret } from '#shared/domain/webhooks/signing.ts';
import { createDeliveries, listDeliveries, markResent, newDelivery, recordAttempt, recordAttempts } from '#shared/store/deliveries.ts';
import { dynamo } from '#shared/clients.ts';
import { dispatch } from '#shared/webhooks/dispatch.ts';
import type { OutboxEvent } from '#shared/store/outbox.ts';
import { createUser } from '#shared/store/users.ts';
import { createWebhook, findWebhook, type Webhook } from '#shared/store/webhooks.ts';
import { fanOut, fanOutOverflow, LANE_SHARE, LANE_WINDOW_SECONDS } from '#shared/webhooks/fanout.ts';
import { withServiceEnv } from '../bench/lib/service-env.ts';
import { startReceiver, waitUntil, type Receiver } from '../support/receiver.ts';

// Nothing listens there; the stack's consumers record the attempts as failures, which is fine here.
const TARGET = 'https://127.0.0.1:9/hook';

/** Webhooks slow lately are queued, not sent by fan-out itself: the lane tests watch the queues. */
const SLOW = { slow_until: new Date(Date.now() + 3_600_000).toISOString() };

async function userWithWebhooks(count: number, extra: Partial<Webhook>[] = [], common: Partial<Webhook> = SLOW): Promise<{ userId: number; webhooks: Webhook[] }> {
  const user = await createUser({ email: `${randomUUID()}@example.test` });
  const specs = [...Array.from({ length: count }, () => ({})), ...extra];
  const webhooks: Webhook[] = [];
  for (const [i, spec] of specs.entries()) {
    webhooks.push(await createWebhook({ user_id: user.id, name: `hook ${i}`, url: TARGET, events: ['recording.created'], enabled: true, allow_http: false, secret: newSecret(), ...common, ...spec }, 1000));
  }
  return { userId: user.id, webhooks };
}

function event(userId: number, now: Date): OutboxEvent {
  return { id: randomUUID(), type: 'recording.created', user_id: userId, recording_id: null, seq: 0, timestamp: now.toISOString(), data: {} };
}

/** The queue URLs fan-out sends to, one entry per SendMessageBatch call, while `fn` runs. */
async function queuesUsed(fn: () => Promise<unknown>): Promise<string[]> {
  return (await sends(fn)).map((s) => s.queue);
}

/** Each SendMessageBatch call while `fn` runs: its queue and how many messages. */
async function sends(fn: () => Promise<unknown>): Promise<{ queue: string; messages: number }[]> {
  const used: { queue: string; messages: number }[] = [];
  await watching(sqsClient(), fn, (command, input) => {
    const batch = input as { QueueUrl: string; Entries: unknown[] };
    if (command === 'SendMessageBatchCommand') used.push({ queue: batch.QueueUrl, messages: batch.Entries.length });
  });
  return used;
}

/** How many DynamoDB calls of the given commands `fn` makes. */
async function storeCalls(commands: readonly string[], fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  await watching(dynamo(), fn, (command) => void (commands.includes(command) && count++));
  return count;
}

/** A client whose calls the tests watch (the SDK clients' own middleware stack). */
interface Watched {
  readonly middlewareStack: { add(middleware: unknown, options: object): void; remove(name: string): boolean };
}

/** Runs `fn` while `see` is told each command `client` sends (its name and input). */
async function watching(client: Watched, fn: () => Promise<unknown>, see: (command: string, input: unknown) => void): Promise<void> {
  const name = `fanoutTestWatch${randomUUID()}`;
  const middleware = (next: (args: { input: unknown }) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: unknown }) => {
    see(context.commandName ?? '', args.input);
    return next(args);
  };
  client.middlewareStack.add(middleware, { step: 'initialize', name });
  try {
    await fn();
  } finally {
    client.middlewareStack.remove(name);
  }
}

/** The most `command` calls of the store in flight at once while `fn` runs. */
async function mostAtOnce(command: string, fn: () => Promise<unknown>): Promise<number> {
  const name = `fanoutTestAtOnce${randomUUID()}`;
  let current = 0;
  let most = 0;
  const middleware = (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
    if (context.commandName !== command) return next(args);
    most = Math.max(most, ++current);
    try {
      return await next(args);
    } finally {
      current--;
    }
  };
  const client: Watched = dynamo();
  client.middlewareStack.add(middleware, { step: 'initialize', name });
  try {
    await fn();
  } finally {
    client.middlewareStack.remove(name);
  }
  return most;
}

/** Runs `fn` with a loopback receiver the SSRF guard lets through (service code in this process). */
async function withReceiver(answer: Parameters<typeof startReceiver>[0], fn: (receiver: Receiver) => Promise<void>): Promise<void> {
  const receiver = await startReceiver(answer);
  try {
    await withServiceEnv({ WEBHOOK_INTRANET_HOST_ALLOWLIST: '127\\.0\\.0\\.1' }, () => fn(receiver));
  } finally {
    await receiver.close();
  }
}

describe('fan-out', () => {
  it('writes one delivery per enabled subscribed webhook, and none again when the event comes twice', async () => {
    const { userId, webhooks } = await userWithWebhooks(30, [{ enabled: false }, { events: ['summary.completed'] }]);
    const now = new Date();
    const repeated = event(userId, now);
    expect(await fanOut(repeated, now)).toBe(30);
    // A repeat is refused as a transaction, then written item by item: nothing new.
    expect(await fanOut(repeated, now)).toBe(0);
    const counts = await Promise.all(webhooks.map(async (w) => (await listDeliveries(w.id, 10)).length));
    expect(counts).toEqual([...Array.from({ length: 30 }, () => 1), 0, 0]);
  });

  it("keeps a user's events one after another on the first lane, moves what comes while its share is being fanned out to the overflow lane for the rest of the window, and keeps another user's on the first", async () => {
    const { deliveries, 'deliveries-overflow': overflow } = settings().queueUrls;
    const half = Math.ceil((LANE_SHARE * 3) / 5);
    const lanes = (fn: () => Promise<unknown>) => queuesUsed(fn).then((used) => [...new Set(used)]);
    // One webhook of the noisy user answers its third event after a while, which holds that event's fan-out open.
    await withReceiver((_request, index) => ({ status: 204, delayMs: index === 2 ? 600 : 0 }), async (receiver) => {
      const noisy = await userWithWebhooks(half - 1, [{ url: receiver.url, allow_http: true, slow_until: null }]);
      const quiet = await userWithWebhooks(3);
      // The share is counted per window: every event here is given a time in the same one, then in the next.
      const now = new Date();
      const next = new Date(now.getTime() + LANE_WINDOW_SECONDS * 1000);
      // One after another, 2 × half > LANE_SHARE in the window, yet each had the first lane to itself.
      for (let i = 0; i < 2; i++) expect(await lanes(() => fanOut(event(noisy.userId, now), now))).toEqual([deliveries]);
      const holding = lanes(() => fanOut(event(noisy.userId, now), now));
      await waitUntil(() => receiver.received.length === 3, 5000, 'the held attempt');
      // While it is fanned out, the next event goes to the overflow lane, and nothing is written for it here.
      const second = event(noisy.userId, now);
      expect(await fanOut(second, now)).toBe('overflow');
      expect(await listDeliveries(noisy.webhooks[0]!.id, 10)).toHaveLength(3);
      // Another user's event is not held by it.
      expect(await fanOut(event(quiet.userId, now), now)).toBe(3);
      expect(await holding).toEqual([deliveries]);
      // The overflow lane's worker writes its deliveries onto the overflow delivery queue, without counting them again.
      let written = 0;
      expect(await lanes(async () => (written = await fanOutOverflow(second, now)))).toEqual([overflow]);
      expect(written).toBe(half);
      // A user that overflowed stays on the overflow lane for the rest of the window, then has the first lane again.
      expect(await fanOut(event(noisy.userId, now), now)).toBe('overflow');
      expect(await lanes(() => fanOut(event(noisy.userId, next), next))).toEqual([deliveries]);
    });
  });

  it("writes the first lane's chunks side by side and the overflow lane's one at a time", async () => {
    const { userId } = await userWithWebhooks(3 * 25);
    const now = new Date();
    expect(await mostAtOnce('TransactWriteCommand', () => fanOut(event(userId, now), now))).toBe(3);
    // A burst's excess keeps one transaction at a time ahead of other users' writes in the store.
    expect(await mostAtOnce('TransactWriteCommand', () => fanOutOverflow(event(userId, now), now))).toBe(1);
  });

  it('makes the first attempts itself, without a queue, except for a webhook that was slow lately, and marks a slow receiver', async () => {
    const answers = new Map<string, number>();
    await withReceiver((request) => ({ status: 204, delayMs: answers.get(request.path) ?? 0 }), async (receiver) => {
      const hook = (path: string, extra: Partial<Webhook> = {}) => ({ url: `${receiver.url}${path}`, allow_http: true, ...extra });
      answers.set('/hook/slow', 1500);
      const { userId, webhooks } = await userWithWebhooks(0, [hook('/a'), hook('/b'), hook('/slow'), hook('/queued', SLOW)], {});
      const now = new Date();
      const first = event(userId, now);
      const used = await sends(() => fanOut(first, now));
      // Only the webhook that was slow lately went through the queue, alone.
      expect(used).toEqual([{ queue: settings().queueUrls.deliveries, messages: 1 }]);
      expect(receiver.received.map((r) => r.path).sort()).toEqual(['/hook/a', '/hook/b', '/hook/slow']);
      const [a, , slow, queued] = await Promise.all(webhooks.map(async (w) => (await listDeliveries(w.id, 10))[0]!));
      expect(a).toMatchObject({ status: 'success', attempt_count: 1, response_status: 204 });
      expect(slow).toMatchObject({ status: 'success', attempt_count: 1 });
      // Not attempted here (the stack's own consumer may have tried it since: its SSRF guard refuses loopback).
      expect(queued!.status).not.toBe('success');
      // A repeat of the event sends nothing itself: its deliveries exist, so the chunk is queued for dispatch to read.
      expect(await sends(() => fanOut(first, new Date()))).toEqual([{ queue: settings().queueUrls.deliveries, messages: 4 }]);
      expect(receiver.received).toHaveLength(3);
      // The slow receiver's next events are queued for its own consumer.
      expect(Date.parse((await findWebhook(webhooks[2]!.id))!.slow_until!)).toBeGreaterThan(Date.now() + 3_000_000);
      expect((await findWebhook(webhooks[0]!.id))!.slow_until ?? null).toBeNull();
      const later = new Date();
      expect(await sends(() => fanOut(event(userId, later), later))).toEqual([{ queue: settings().queueUrls.deliveries, messages: 2 }]);
    });
  });

  it("makes one attempt when the sweep re-sent a delivery whose first message was only waiting: the older message is skipped", async () => {
    await withReceiver(() => ({ status: 204 }), async (receiver) => {
      const { userId, webhooks } = await userWithWebhooks(0, [{ url: receiver.url, allow_http: true }], {});
      const now = new Date(Date.now() - 60_000);
      const delivery = newDelivery({ id: randomUUID(), webhookId: webhooks[0]!.id, userId, eventId: randomUUID(), eventType: 'recording.created', payload: '{}', now });
      // Written without a message, as fan-out leaves it when its worker dies before the attempt.
      expect(await createDeliveries([delivery])).toBe(1);
      expect(await markResent(delivery, new Date())).toBe(1);
      await dispatch({ delivery_id: delivery.id, webhook_id: webhooks[0]!.id });
      expect(receiver.received).toHaveLength(0);
      await dispatch({ delivery_id: delivery.id, webhook_id: webhooks[0]!.id, resends: 1 });
      expect(receiver.received).toHaveLength(1);
      expect((await listDeliveries(webhooks[0]!.id, 10))[0]).toMatchObject({ status: 'success', attempt_count: 1, resends: 1 });
    });
  });

  it('queues a first attempt that fails before it is sent (here a secret that cannot be opened), and still sends the others', async () => {
    await withReceiver(() => ({ status: 204 }), async (receiver) => {
      const hook = { url: receiver.url, allow_http: true };
      const { userId, webhooks } = await userWithWebhooks(0, [hook, { ...hook, secret: 'v1.local.garbled.garbled' }], {});
      const now = new Date();
      const used = await sends(() => fanOut(event(userId, now), now));
      expect(used).toEqual([{ queue: settings().queueUrls.deliveries, messages: 1 }]);
      expect(receiver.received).toHaveLength(1);
      expect((await listDeliveries(webhooks[0]!.id, 10))[0]).toMatchObject({ status: 'success' });
    });
  });

  it('records the outcomes of first attempts that finish together in a few transactions, each as if written alone', async () => {
    const failing = new Set(['/hook/5', '/hook/17']);
    await withReceiver((request) => ({ status: failing.has(request.path) ? 500 : 204 }), async (receiver) => {
      const hooks = Array.from({ length: 40 }, (_, i) => ({ url: `${receiver.url}/${i}`, allow_http: true }));
      const { userId, webhooks } = await userWithWebhooks(0, hooks, {});
      const now = new Date();
      const writes = await storeCalls(['UpdateCommand', 'TransactWriteCommand'], () => fanOut(event(userId, now), now));
      expect(receiver.received).toHaveLength(40);
      // 2 transactions create the 40 deliveries; one write per outcome would be 40 more.
      expect(writes).toBeLessThanOrEqual(2 + 40 / 2);
      const stored = await Promise.all(webhooks.map(async (w) => (await listDeliveries(w.id, 10))[0]!));
      for (const [i, delivery] of stored.entries()) {
        if (failing.has(`/hook/${i}`)) expect(delivery).toMatchObject({ status: 'retrying', attempt_count: 1, response_status: 500 });
        else expect(delivery).toMatchObject({ status: 'success', attempt_count: 1, response_status: 204, next_attempt_at: null });
      }
    });
  });

  it('records the others of a batch when another worker recorded one of its attempts first', async () => {
    const { userId, webhooks } = await userWithWebhooks(2);
    const now = new Date();
    const [raced, other] = webhooks.map((w) => newDelivery({ id: randomUUID(), webhookId: w.id, userId, eventId: randomUUID(), eventType: 'recording.created', payload: '{}', now }));
    expect(await createDeliveries([raced!, other!])).toBe(2);
    const success = { status: 'success' as const, attempt_count: 1, response_status: 204, next_attempt_at: null };
    expect(await recordAttempt(raced!, { ...success, response_status: 201 })).toBe(true);
    expect(await recordAttempts([{ delivery: raced!, record: success }, { delivery: other!, record: success }])).toEqual([false, true]);
    expect((await listDeliveries(webhooks[0]!.id, 10))[0]).toMatchObject({ status: 'success', response_status: 201 });
    expect((await listDeliveries(webhooks[1]!.id, 10))[0]).toMatchObject({ status: 'success', response_status: 204 });
  });
});
