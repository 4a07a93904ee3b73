import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sqsClient } from '#shared/clients/sqs.ts';
import { settings } from '#shared/config.ts';
import { newSecret } from '#shared/domain/webhooks/signing.ts';
import { listDeliveries } from '#shared/store/deliveries.ts';
import type { OutboxEvent } from '#shared/store/outbox.ts';
import { createUser } from '#shared/store/users.ts';
import { createWebhook, type Webhook } from '#shared/store/webhooks.ts';
import { fanOut, LANE_SHARE } from '#shared/webhooks/fanout.ts';

// Nothing listens there; the stack's consumers record the attempts as failures, which is fine here.
const TARGET = 'https://127.0.0.1:9/hook';

async function userWithWebhooks(count: number, extra: Partial<Webhook>[] = []): Promise<{ userId: number; webhooks: Webhook[] }> {
  const user = await createUser({ email: `${randomUUID()}@example.test` });
  const specs = [...Array.from({ length: count }, () => ({})), ...extra];
  const webhooks: Webhook[] = [];
  for (const [i, spec] of specs.entries()) {
    webhooks.push(await createWebhook({ user_id: user.id, name: `hook ${i}`, url: TARGET, events: ['recording.created'], enabled: true, allow_http: false, secret: newSecret(), ...spec }, 1000));
  }
  return { userId: user.id, webhooks };
}

function event(userId: number, now: Date): OutboxEvent {
  return { id: randomUUID(), type: 'recording.created', user_id: userId, recording_id: null, seq: 0, timestamp: now.toISOString(), data: {} };
}

/** The queue URLs fan-out sends to, one entry per SendMessageBatch call, while `fn` runs. */
async function queuesUsed(fn: () => Promise<unknown>): Promise<string[]> {
  const used: string[] = [];
  const name = `fanoutTestQueues${randomUUID()}`;
  sqsClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'SendMessageBatchCommand') used.push(String((args.input as { QueueUrl: string }).QueueUrl));
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await fn();
  } finally {
    sqsClient().middlewareStack.remove(name);
  }
  return used;
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

  it("takes a user's first deliveries of a window on the first lane, the rest of a burst on the overflow lane, and another user's on the first", async () => {
    const { deliveries, 'deliveries-overflow': overflow } = settings().queueUrls;
    const half = Math.ceil((LANE_SHARE * 3) / 5);
    const noisy = await userWithWebhooks(half);
    const quiet = await userWithWebhooks(3);
    const now = new Date();
    expect(new Set(await queuesUsed(() => fanOut(event(noisy.userId, now), now)))).toEqual(new Set([deliveries]));
    // 2 × half > LANE_SHARE within the same window.
    expect(new Set(await queuesUsed(() => fanOut(event(noisy.userId, now), now)))).toEqual(new Set([overflow]));
    expect(new Set(await queuesUsed(() => fanOut(event(quiet.userId, now), now)))).toEqual(new Set([deliveries]));
  });
});
