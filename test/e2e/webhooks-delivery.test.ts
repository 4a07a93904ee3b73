// Webhooks as a receiver meets them: signed deliveries for a recording's whole life, retries at
// the configured spacing, auto-pause, the long retry through the scheduler, test and replay.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetScheduleCommand, ListSchedulesCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { verify } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';
import { startReceiver, waitUntil, type Answer, type Receiver } from '../support/receiver.ts';
import { silentWav, upload } from '../support/uploads.ts';
import { sharedFakeProviderSettings } from '../support/fake-openai.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-hooks-'));
let local: LocalProcess;
let token: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  local = await startLocalProcess(dataDir, {
    LOCAL_IN_MEMORY: 'true',
    LOG_LEVEL: 'SILENT',
    ...(await sharedFakeProviderSettings()),
    WEBHOOK_INTRANET_HOST_ALLOWLIST: '127\\.0\\.0\\.1',
    WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,2,3,4',
    WEBHOOK_AUTOPAUSE_FAILURES: '3',
    WEBHOOK_MAX_PER_USER: '50',
    WEBHOOK_DELIVERY_TIMEOUT_SECONDS: '2',
    RATE_LIMIT_WRITE_PER_MINUTE: '0',
    RATE_LIMIT_PROCESSING_PER_MINUTE: '0',
  });
  token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
}, 120_000);

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await local?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function api(path: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${local.runtime.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function hook(answer: Receiver['answer'], events: string[] = ['webhook.test']) {
  const receiver = await startReceiver(answer);
  receivers.push(receiver);
  const created = await api('/webhooks', 'POST', { name: 'test receiver', url: receiver.url, events, allow_http: true });
  expect(created.status).toBe(201);
  return { receiver, webhook: created.body as { id: number; secret: string } };
}

const spacings = (r: Receiver) => r.received.slice(1).map((x, i) => (x.at - r.received[i]!.at) / 1000);

describe('deliveries of a recording’s life', () => {
  it('arrive signed, in envelopes per the spec, for created, transcription, summary, update and delete', async () => {
    const { receiver, webhook } = await hook(() => ({ status: 204 }), ['*']);
    const uploaded = await upload(token, { name: 'standup.wav', bytes: silentWav() }, {}, {}, local.runtime.url);
    await waitUntil(() => receiver.received.length >= 4, 30_000, 'four deliveries');
    await api(`/recordings/${uploaded.body.id}`, 'PATCH', { title: 'Renamed' });
    await api(`/recordings/${uploaded.body.id}`, 'DELETE');
    await waitUntil(() => receiver.received.length >= 6, 30_000, 'six deliveries');
    const envelopes = receiver.received.map((r) => JSON.parse(r.body));
    for (const [i, request] of receiver.received.entries()) {
      expect(await verify(webhook.secret, request.body, request.headers['service-signature']!)).toBe(true);
      expect(request.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'Service-Webhook/1.0', 'service-event': envelopes[i].type, 'service-delivery-id': envelopes[i].id });
      expect(Date.parse(request.headers['service-timestamp']!)).not.toBeNaN();
      expect(envelopes[i]).toEqual({ id: expect.any(String), type: expect.any(String), timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), user_id: expect.any(Number), data: expect.objectContaining({ recording_id: uploaded.body.id }) });
    }
    const byTime = [...envelopes].sort((a, b) => a.timestamp.localeCompare(b.timestamp)).map((e) => e.type);
    expect(byTime).toEqual(['recording.created', 'recording.transcription.started', 'recording.transcription.completed', 'recording.summary.completed', 'recording.updated', 'recording.deleted']);
    expect(envelopes.find((e) => e.type === 'recording.updated').data.fields_changed).toEqual(['title']);
  }, 60_000);
});

describe('retries', () => {
  it('makes exactly five attempts at 1, 2, 3 and 4 s against a 500, then a permanent failure', async () => {
    const { receiver, webhook } = await hook(() => ({ status: 500 }));
    const test = await api(`/webhooks/${webhook.id}/test`, 'POST');
    expect(test.status).toBe(202);
    await waitUntil(() => receiver.received.length >= 5, 30_000, 'five attempts');
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.received).toHaveLength(5);
    spacings(receiver).forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(i + 1 - 0.05);
      expect(gap).toBeLessThan((i + 1) * 1.1 + 1.5);
    });
    const delivery = await api(`/webhooks/${webhook.id}/deliveries/${test.body.delivery.id}`);
    expect(delivery.body).toMatchObject({ status: 'permanent_failure', attempt_count: 5, response_status: 500 });
    expect(new Set(receiver.received.map((r) => r.headers['service-delivery-id'])).size).toBe(1);
  }, 60_000);

  it.each<[string, Answer]>([
    ['408', { status: 408 }],
    ['429', { status: 429 }],
    ['a timeout', 'hang'],
    ['a connection reset', 'reset'],
  ])('retries after %s', async (_, answer) => {
    const { receiver, webhook } = await hook((_, i) => (i === 0 ? answer : { status: 200 }));
    const test = await api(`/webhooks/${webhook.id}/test`, 'POST');
    await waitUntil(() => receiver.received.length >= 2, 20_000, 'a second attempt');
    const settled = async () => (await api(`/webhooks/${webhook.id}/deliveries/${test.body.delivery.id}`)).body.status;
    const deadline = Date.now() + 10_000;
    while ((await settled()) !== 'success' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await settled()).toBe('success');
  }, 40_000);

  it.each([301, 400, 404])('does not retry a %i', async (status) => {
    const headers: Record<string, string> = status === 301 ? { location: 'http://127.0.0.1:1/' } : {};
    const { receiver, webhook } = await hook(() => ({ status, headers }));
    const test = await api(`/webhooks/${webhook.id}/test`, 'POST');
    await waitUntil(() => receiver.received.length >= 1, 10_000, 'the attempt');
    await new Promise((r) => setTimeout(r, 2500));
    expect(receiver.received).toHaveLength(1);
    expect((await api(`/webhooks/${webhook.id}/deliveries/${test.body.delivery.id}`)).body).toMatchObject({ status: 'permanent_failure', attempt_count: 1, response_status: status });
  }, 30_000);

  it('pauses the webhook after WEBHOOK_AUTOPAUSE_FAILURES failed deliveries, until the user enables it again', async () => {
    const { receiver, webhook } = await hook(() => ({ status: 404 }));
    for (let i = 1; i <= 3; i++) {
      expect((await api(`/webhooks/${webhook.id}/test`, 'POST')).status).toBe(202);
      await waitUntil(() => receiver.received.length >= i, 10_000, `attempt ${i}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    await new Promise((r) => setTimeout(r, 500));
    expect((await api(`/webhooks/${webhook.id}`)).body).toMatchObject({ enabled: false, auto_paused: true, consecutive_failures: 3 });
    expect((await api(`/webhooks/${webhook.id}/test`, 'POST')).status).toBe(409);
    expect((await api(`/webhooks/${webhook.id}`, 'PATCH', { enabled: true })).body).toMatchObject({ enabled: true, auto_paused: false, consecutive_failures: 0 });
  }, 40_000);

  it('sends the one-hour step through a one-time schedule that deletes itself', async () => {
    const { receiver, webhook } = await hook(() => ({ status: 503, headers: { 'retry-after': '3600' } }));
    const test = await api(`/webhooks/${webhook.id}/test`, 'POST');
    await waitUntil(() => receiver.received.length >= 1, 10_000, 'the first attempt');
    await new Promise((r) => setTimeout(r, 1000));
    const scheduler = new SchedulerClient({ endpoint: local.runtime.env.AWS_ENDPOINT_URL_SCHEDULER, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const { Schedules = [] } = await scheduler.send(new ListSchedulesCommand({ GroupName: local.runtime.env.SCHEDULE_GROUP }));
    const details = await Promise.all(Schedules.map((s) => scheduler.send(new GetScheduleCommand({ Name: s.Name, GroupName: local.runtime.env.SCHEDULE_GROUP }))));
    const ours = details.find((d) => d.Target?.Input?.includes(test.body.delivery.id));
    expect(ours).toMatchObject({ ActionAfterCompletion: 'DELETE' });
    expect(ours?.Target?.Arn).toMatch(/verbatim-deliveries$/);
    const at = Date.parse(`${/^at\((.*)\)$/.exec(ours!.ScheduleExpression!)![1]}Z`);
    expect(at - Date.now()).toBeGreaterThan(3500_000);
    expect((await api(`/webhooks/${webhook.id}/deliveries/${test.body.delivery.id}`)).body).toMatchObject({ status: 'retrying', attempt_count: 1 });
    scheduler.destroy();
  }, 30_000);
});

describe('test and replay', () => {
  it('arrive signed, and the replay says which delivery it replays', async () => {
    const { receiver, webhook } = await hook(() => ({ status: 200 }));
    const test = await api(`/webhooks/${webhook.id}/test`, 'POST');
    await waitUntil(() => receiver.received.length >= 1, 10_000, 'the test delivery');
    const replay = await api(`/webhooks/${webhook.id}/deliveries/${test.body.delivery.id}/replay`, 'POST');
    expect(replay.status).toBe(202);
    await waitUntil(() => receiver.received.length >= 2, 10_000, 'the replay');
    const [original, replayed] = receiver.received.map((r) => JSON.parse(r.body));
    for (const request of receiver.received) expect(await verify(webhook.secret, request.body, request.headers['service-signature']!)).toBe(true);
    expect(original).toMatchObject({ type: 'webhook.test', data: { reason: 'manual test', webhook_id: webhook.id } });
    expect(replayed).toMatchObject({ type: 'webhook.test', replayed_from: original.id, data: original.data });
    expect(replayed.id).not.toBe(original.id);
  }, 30_000);
});
