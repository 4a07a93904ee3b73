// kill -9 of the runtime with deliveries in flight, then a restart: every delivery arrives at
// least once, and copies of one delivery share its Service-Delivery-Id.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';
import { startReceiver, waitUntil, type Receiver } from '../support/receiver.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-hooks-crash-'));
const settings = { LOG_LEVEL: 'SILENT', WEBHOOK_INTRANET_HOST_ALLOWLIST: '127\\.0\\.0\\.1', WEBHOOK_DELIVERY_TIMEOUT_SECONDS: '5', SWEEP_INTERVAL_SECONDS: '1', RATE_LIMIT_PROCESSING_PER_MINUTE: '0' };
const processes: LocalProcess[] = [];
let receiver: Receiver | undefined;
afterAll(async () => {
  for (const p of processes) await p.destroy();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a runtime killed while delivering', () => {
  it('delivers everything at least once after a restart', async () => {
    // The first answers come slowly, so the deliveries are in flight when the runtime dies.
    let slow = true;
    receiver = await startReceiver(() => (slow ? { status: 200, delayMs: 4000 } : { status: 200 }));
    const first = await startLocalProcess(dataDir, settings);
    processes.push(first);
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const call = (url: string, path: string, method = 'GET', body?: unknown) =>
      fetch(`${url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined }).then(async (r) => (await r.json()) as any);
    const webhook = await call(first.runtime.url, '/webhooks', 'POST', { name: 'crash test', url: receiver.url, events: ['webhook.test'], allow_http: true });
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) sent.push((await call(first.runtime.url, `/webhooks/${webhook.id}/test`, 'POST')).delivery.id);
    await waitUntil(() => receiver!.received.length >= 1, 10_000, 'a delivery in flight');
    await first.stop('SIGKILL');
    slow = false;

    const second = await startLocalProcess(dataDir, settings);
    processes.push(second);
    await waitUntil(() => sent.every((id) => receiver!.received.some((r) => r.headers['service-delivery-id'] === id)), 60_000, 'every delivery');
    for (const request of receiver.received) expect(JSON.parse(request.body).id).toBe(request.headers['service-delivery-id']);
    const settled = async () => Promise.all(sent.map(async (id) => (await call(second.runtime.url, `/webhooks/${webhook.id}/deliveries/${id}`)).status));
    const deadline = Date.now() + 20_000;
    let statuses = await settled();
    while (statuses.some((s) => s !== 'success') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      statuses = await settled();
    }
    expect(statuses).toEqual(sent.map(() => 'success'));
  }, 150_000);
});
