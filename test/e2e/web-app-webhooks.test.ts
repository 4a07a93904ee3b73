// The webhook pages in a real browser, on a stack of its own that may deliver to this machine
// (127.0.0.1 allow-listed), retries once and pauses a webhook after 2 failed deliveries in a
// row: events chosen one by one, an edit saved, a delivery replayed, the auto-paused state
// explained and ended with "Re-enable". What the pages did is checked through the API and at
// the receivers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';
import { startReceiver, waitUntil, type Receiver } from '../support/receiver.ts';
import { expectAccessible, expectNoSidewaysScroll, failRequests, holdRequests, launch } from './web-support.ts';

const TIMEOUT = 120_000;
const PASSWORD = 'a long enough passphrase';
const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-web-hooks-'));
let local: LocalProcess;
let base: string;
let token: string;
let receiver: Receiver;
let failing: Receiver;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  local = await startLocalProcess(dataDir, {
    LOCAL_IN_MEMORY: 'true',
    LOG_LEVEL: 'SILENT',
    WEBHOOK_INTRANET_HOST_ALLOWLIST: '127\\.0\\.0\\.1',
    WEBHOOK_RETRY_SCHEDULE_SECONDS: '1',
    WEBHOOK_AUTOPAUSE_FAILURES: '2',
  });
  base = local.runtime.url;
  token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  [receiver, failing] = await Promise.all([startReceiver(), startReceiver(() => ({ status: 404 }))]);
  context = await launch();
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
  // The administrator (whose token the API calls use) signs in with the first-start link.
  await waitUntil(() => local.output().includes('/welcome#code='), 30_000, 'the sign-in link on standard output');
  await page.goto(/(http\S+\/welcome#code=\S+)/.exec(local.output())![1]!);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
}, TIMEOUT);

afterAll(async () => {
  await context?.close();
  await Promise.all([receiver?.close(), failing?.close()]);
  await local?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface StoredWebhook {
  id: number;
  name: string;
  url: string;
  events: string[];
  enabled: boolean;
  auto_paused: boolean;
  consecutive_failures: number;
}

async function api(path: string, method = 'GET', body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const webhook = async (id: number) => (await api(`/webhooks/${id}`)).body as StoredWebhook;
const heading = (name: string) => page.getByRole('heading', { name, exact: true });
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 30_000 });

async function created(name: string, url: string, events: string[]): Promise<number> {
  const answer = await api('/webhooks', 'POST', { name, url, events, allow_http: true });
  expect(answer.status).toBe(201);
  return answer.body.id as number;
}

async function openWebhook(id: number, name: string): Promise<void> {
  await page.goto(`${base}/settings/webhooks/${id}`);
  await heading(`Webhook “${name}”`).waitFor();
}

/** Ticks the given event boxes after unticking "All events". */
async function chooseEvents(events: string[]): Promise<void> {
  await page.getByLabel('All events', { exact: true }).uncheck();
  for (const event of events) await page.getByLabel(event, { exact: true }).check();
}

describe('webhooks in the web app', () => {
  it('adds a webhook for chosen events, not all: the API stores exactly those', async () => {
    await page.goto(`${base}/settings`);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByLabel('Webhook name').fill('chosen events');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Allow plain http:// (not encrypted)').check();
    await chooseEvents(['recording.created', 'recording.summary.completed']);
    // The longest event names fit their column, wide and on a phone.
    await expectNoSidewaysScroll(page, 'the new webhook form');
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await page.getByRole('textbox', { name: 'Signing secret' }).waitFor();
    const stored = ((await api('/webhooks')).body.webhooks as StoredWebhook[]).find((w) => w.name === 'chosen events')!;
    expect([...stored.events].sort()).toEqual(['recording.created', 'recording.summary.completed']);
  }, TIMEOUT);

  it('edits a webhook: "Save changes" stores the new name, URL and events', async () => {
    const id = await created('to edit', receiver.url, ['*']);
    await openWebhook(id, 'to edit');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Webhook name').fill('edited');
    const url = receiver.url.replace(/\/hook$/, '/edited');
    await page.getByLabel('URL').fill(url);
    await chooseEvents(['recording.deleted', 'webhook.test']);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await heading('Webhook “edited”').waitFor();
    const stored = await webhook(id);
    expect(stored).toMatchObject({ name: 'edited', url, enabled: true });
    expect([...stored.events].sort()).toEqual(['recording.deleted', 'webhook.test']);
    await page.reload();
    await expect(page.locator('dl.facts').innerText()).resolves.toContain(url);
  }, TIMEOUT);

  it('replays a delivery from the log: a new delivery is sent and listed', async () => {
    const id = await created('replayed', receiver.url, ['webhook.test']);
    const before = receiver.received.length;
    await openWebhook(id, 'replayed');
    await page.getByRole('button', { name: 'Send test' }).click();
    await waitUntil(() => receiver.received.length > before, 30_000, 'the test delivery');
    const rows = page.getByRole('table', { name: 'Deliveries, newest first' }).locator('tbody tr');
    const succeeded = async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return rows.filter({ hasText: 'success' }).count();
    };
    await poll(succeeded).toBe(1);
    await rows.first().getByRole('button', { name: 'Replay' }).click();
    await page.getByText('Replay queued.').waitFor();
    await waitUntil(() => receiver.received.length > before + 1, 30_000, 'the replay');
    const [original, replayed] = receiver.received.slice(before).map((r) => JSON.parse(r.body) as { id: string; type: string });
    expect(replayed).toMatchObject({ type: 'webhook.test', replayed_from: original!.id });
    await poll(succeeded).toBe(2);
    expect((await api(`/webhooks/${id}/deliveries`)).body.deliveries).toHaveLength(2);
  }, TIMEOUT);

  it('says the webhook is loading until it has come, and why when it cannot be loaded', async () => {
    const id = await created('slow to load', receiver.url, ['webhook.test']);
    const log = `**/api/v1/webhooks/${id}/deliveries`;
    const held = await holdRequests(page, log);
    await page.goto(`${base}/settings/webhooks/${id}`);
    await page.getByRole('status').filter({ hasText: 'Loading the webhook…' }).waitFor();
    held.release();
    await heading('Webhook “slow to load”').waitFor();
    await page.getByText('No deliveries yet.').waitFor();
    expect(await page.getByText('Loading the webhook…').count()).toBe(0);
    await held.end();

    const endFailing = await failRequests(page, log);
    await page.reload();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('The webhook could not be loaded: Service unavailable');
    expect(await page.getByText('Loading the webhook…').count()).toBe(0);
    await endFailing();
    await page.reload();
    await heading('Webhook “slow to load”').waitFor();
  }, TIMEOUT);

  it('explains the auto-paused state, and "Re-enable" resumes the webhook', async () => {
    const id = await created('fails', failing.url, ['webhook.test']);
    await openWebhook(id, 'fails');
    for (const failures of [1, 2]) {
      await page.getByRole('button', { name: 'Send test' }).click();
      await waitUntil(() => failing.received.length >= failures, 30_000, `failed delivery ${failures}`);
      await poll(async () => (await webhook(id)).consecutive_failures).toBe(failures);
    }
    expect(await webhook(id)).toMatchObject({ enabled: false, auto_paused: true });

    await page.goto(`${base}/settings`);
    await expect(page.getByRole('listitem').filter({ hasText: 'fails' }).innerText()).resolves.toContain('paused after failures');
    await openWebhook(id, 'fails');
    const warning = page.getByRole('status').filter({ hasText: 'Paused after' });
    await expect(warning.innerText()).resolves.toContain('Paused after 2 failed deliveries in a row: nothing is sent until you re-enable it. Check that the receiver answers 2xx');
    await expectAccessible(page, 'a paused webhook');
    await warning.getByRole('button', { name: 'Re-enable' }).click();
    await page.getByText('Re-enabled.').waitFor();
    await expect(warning.count()).resolves.toBe(0);
    expect(await webhook(id)).toMatchObject({ enabled: true, auto_paused: false, consecutive_failures: 0 });
    // Delivering again: the next test reaches the receiver.
    await page.getByRole('button', { name: 'Send test' }).click();
    await waitUntil(() => failing.received.length >= 3, 30_000, 'a delivery after re-enabling');
  }, TIMEOUT);
});
