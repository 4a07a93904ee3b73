// WEBHOOK_GLOBAL_ENABLED=false holds every delivery pending; switched back on, they go out.
// The same run checks the header prefix setting and the optional Standard Webhooks headers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';
import { startReceiver, waitUntil, type Receiver } from '../support/receiver.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-hooks-switch-'));
const settings = {
  LOG_LEVEL: 'SILENT',
  WEBHOOK_INTRANET_HOST_ALLOWLIST: '127\\.0\\.0\\.1',
  SWEEP_INTERVAL_SECONDS: '1',
  WEBHOOK_HEADER_PREFIX: 'Speakr-',
  WEBHOOK_STANDARD_HEADERS: 'true',
};
const processes: LocalProcess[] = [];
let receiver: Receiver | undefined;
afterAll(async () => {
  for (const p of processes) await p.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the global switch', () => {
  it('holds deliveries pending while off and sends them once switched back on, with the configured headers', async () => {
    receiver = await startReceiver(() => ({ status: 200 }));
    const off = await startLocalProcess(dataDir, { ...settings, WEBHOOK_GLOBAL_ENABLED: 'false' });
    processes.push(off);
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const call = (url: string, path: string, method = 'GET', body?: unknown) =>
      fetch(`${url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined }).then(async (r) => (await r.json()) as any);
    const webhook = await call(off.runtime.url, '/webhooks', 'POST', { name: 'held', url: receiver.url, events: ['webhook.test'], allow_http: true });
    const test = await call(off.runtime.url, `/webhooks/${webhook.id}/test`, 'POST');
    await new Promise((r) => setTimeout(r, 4000));
    expect(receiver.received).toHaveLength(0);
    expect((await call(off.runtime.url, `/webhooks/${webhook.id}/deliveries/${test.delivery.id}`)).status).toBe('pending');
    await off.stop();

    const on = await startLocalProcess(dataDir, { ...settings, WEBHOOK_GLOBAL_ENABLED: 'true' });
    processes.push(on);
    await waitUntil(() => receiver!.received.length >= 1, 30_000, 'the held delivery');
    const [request] = receiver.received;
    expect(request!.headers['user-agent']).toBe('Speakr-Webhook/1.0');
    expect(request!.headers['speakr-delivery-id']).toBe(test.delivery.id);
    expect(await verify(webhook.secret, request!.body, request!.headers['speakr-signature']!)).toBe(true);
    // The Standard Webhooks reference verifier accepts the optional headers.
    expect(new Webhook(webhook.secret).verify(request!.body, request!.headers)).toMatchObject({ id: test.delivery.id, type: 'webhook.test' });
  }, 120_000);
});
