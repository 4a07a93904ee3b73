// The events workers against the emulators: an event handed to the overflow lane (its user's
// share of the first lane was being fanned out) stays on the outbox's unpublished list until the
// overflow worker has fanned it out, so a crash that holds up the hand-over message leaves it to
// the sweep instead of losing it.
import { TransactWriteCommand } from '#shared/clients/dynamodb.ts';
import type { SQSEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamo } from '#shared/clients.ts';
import { eventPut, unpublishedEvents, type OutboxEvent } from '#shared/store/outbox.ts';
import { createUser } from '#shared/store/users.ts';
import { createWebhook } from '#shared/store/webhooks.ts';
import { deliveryId, newSecret } from '#shared/domain/webhooks/signing.ts';
import { LANE_SHARE, LANE_WINDOW_SECONDS } from '#shared/webhooks/fanout.ts';
import { handler as events } from '../../functions/workers/events.ts';
import { handler as overflow } from '../../functions/workers/events-overflow.ts';
import { withServiceEnv } from '../bench/lib/service-env.ts';
import { startReceiver, waitUntil } from '../support/receiver.ts';

const sqs = (event: OutboxEvent, body: object = { event_id: event.id }): SQSEvent => ({
  Records: [
    {
      messageId: randomUUID(),
      receiptHandle: 'r',
      body: JSON.stringify(body),
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()), SenderId: 'test', ApproximateFirstReceiveTimestamp: String(Date.now()) },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:events',
      awsRegion: 'us-east-1',
    },
  ],
});

async function storedEvent(userId: number, type: OutboxEvent['type'] = 'recording.created'): Promise<OutboxEvent> {
  const { item, event } = eventPut({ type, userId, recordingId: null, seq: 0, data: {}, now: new Date() });
  await dynamo().send(new TransactWriteCommand({ TransactItems: [item] }));
  return event;
}

async function windowStart(): Promise<void> {
  const window = LANE_WINDOW_SECONDS * 1000;
  await new Promise((r) => setTimeout(r, window - (Date.now() % window)));
}

const isUnpublished = async (event: OutboxEvent) => (await unpublishedEvents(new Date(Date.now() + 60_000), 1000)).some((e) => e.id === event.id);

describe('events lanes', () => {
  it('publishes an event fanned out on the first lane at once, and a handed-over one only after the overflow lane fanned it out', async () => {
    // One webhook answers after a while, which holds the first event's fan-out open while the second comes.
    const receiver = await startReceiver(() => ({ status: 204, delayMs: 600 }));
    try {
      await withServiceEnv({ WEBHOOK_INTRANET_HOST_ALLOWLIST: '127\\.0\\.0\\.1' }, async () => {
        const user = await createUser({ email: `${randomUUID()}@example.test` });
        // Slow lately, so nothing else is sent from this process: only the lanes are under test.
        const slow = new Date(Date.now() + 3_600_000).toISOString();
        for (let i = 0; i < Math.ceil((LANE_SHARE * 3) / 5) - 1; i++) {
          await createWebhook({ user_id: user.id, name: `hook ${i}`, url: 'https://127.0.0.1:9/hook', events: ['*'], enabled: true, allow_http: false, secret: newSecret(), slow_until: slow }, 1000);
        }
        await createWebhook({ user_id: user.id, name: 'held', url: receiver.url, events: ['*'], enabled: true, allow_http: true, secret: newSecret() }, 1000);
        const first = await storedEvent(user.id);
        const second = await storedEvent(user.id);
        // The lane's share is counted in fixed windows: both events must fall in one, so the test starts as one begins.
        await windowStart();
        const firstDone = events(sqs(first));
        await waitUntil(() => receiver.received.length === 1, 5000, "the first event's held attempt");
        expect((await events(sqs(second))).batchItemFailures).toEqual([]);
        expect(await isUnpublished(second)).toBe(true);
        expect((await firstDone).batchItemFailures).toEqual([]);
        expect(await isUnpublished(first)).toBe(false);
        expect((await overflow(sqs(second))).batchItemFailures).toEqual([]);
        expect(await isUnpublished(second)).toBe(false);
      });
    } finally {
      await receiver.close();
    }
  });

  it("fans an event out to its stored owner's webhooks for its stored type, whatever owner and type its message names", async () => {
    const owners = await startReceiver(() => ({ status: 204 }));
    const others = await startReceiver(() => ({ status: 204 }));
    try {
      await withServiceEnv({ WEBHOOK_INTRANET_HOST_ALLOWLIST: '127\\.0\\.0\\.1' }, async () => {
        const owner = await createUser({ email: `${randomUUID()}@example.test` });
        const other = await createUser({ email: `${randomUUID()}@example.test` });
        const hook = await createWebhook({ user_id: owner.id, name: 'created only', url: owners.url, events: ['recording.created'], enabled: true, allow_http: true, secret: newSecret() }, 1000);
        await createWebhook({ user_id: other.id, name: 'everything', url: others.url, events: ['*'], enabled: true, allow_http: true, secret: newSecret() }, 1000);
        const named = [
          { user_id: owner.id, type: 'recording.created' },
          { user_id: other.id, type: 'recording.created' },
          { user_id: owner.id, type: 'recording.deleted' },
          {},
        ];
        const created = await Promise.all(named.map(() => storedEvent(owner.id)));
        for (const [i, event] of created.entries()) expect((await events(sqs(event, { event_id: event.id, ...named[i] }))).batchItemFailures).toEqual([]);
        // An event of a type the owner's webhook does not take goes nowhere, though its message names one it takes.
        const deleted = await storedEvent(owner.id, 'recording.deleted');
        expect((await events(sqs(deleted, { event_id: deleted.id, user_id: owner.id, type: 'recording.created' }))).batchItemFailures).toEqual([]);
        await waitUntil(() => owners.received.length >= created.length, 5000, "the owner's deliveries");
        await new Promise((r) => setTimeout(r, 300));
        expect(owners.received.map((r) => (JSON.parse(r.body) as { id: string }).id).sort()).toEqual(created.map((e) => deliveryId(e.id, hook.id)).sort());
        expect(others.received).toEqual([]);
      });
    } finally {
      await owners.close();
      await others.close();
    }
  });
});
