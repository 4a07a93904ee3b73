// The webhook routes over HTTP: managing webhooks, their secrets, test deliveries, the delivery
// log and replays. Targets are public literal addresses, so saving needs no DNS; the deliveries
// to them fail to connect, which these tests do not depend on.
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '#shared/domain/webhooks/catalogue.ts';
import { loadDelivery } from '#shared/store/deliveries.ts';
import { updateWebhook } from '#shared/store/webhooks.ts';
import { call, newUser } from '../support/api.ts';

const TARGET = 'https://93.184.216.34/hook';
const UNKNOWN_ID = 999_999_999;
const UNKNOWN_DID = '00000000-0000-4000-8000-000000000000';

async function createHook(token: string, body: Record<string, unknown> = {}) {
  const response = await call('/webhooks', { method: 'POST', token, body: { name: 'hook', url: TARGET, events: ['recording.created'], ...body } });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number; secret: string } & Record<string, unknown>;
}

async function sendTest(token: string, id: number) {
  const response = await call(`/webhooks/${id}/test`, { method: 'POST', token });
  expect(response.status, response.text).toBe(202);
  return response.body.delivery as { id: string } & Record<string, unknown>;
}

describe('webhooks: create, read, list', () => {
  it('creates a webhook whose secret appears only in the create answer', async () => {
    const { token } = await newUser();
    const hook = await createHook(token, { name: 'zapier', events: ['recording.created', 'recording.deleted'] });
    expect(hook).toMatchObject({ name: 'zapier', url: TARGET, events: ['recording.created', 'recording.deleted'], enabled: true, allow_http: false, auto_paused: false, consecutive_failures: 0 });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Object.keys(hook).sort()).toEqual(['allow_http', 'auto_paused', 'consecutive_failures', 'created_at', 'enabled', 'events', 'id', 'name', 'secret', 'updated_at', 'url']);

    const list = await call('/webhooks', { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ webhooks: [expect.objectContaining({ id: hook.id, name: 'zapier' })], event_types: [...EVENT_TYPES], max_per_user: 10 });
    const one = await call(`/webhooks/${hook.id}`, { token });
    const { secret: _secret, ...view } = hook;
    expect([one.status, one.body]).toEqual([200, view]);
    const patched = await call(`/webhooks/${hook.id}`, { method: 'PATCH', token, body: { name: 'renamed' } });
    for (const text of [list.text, one.text, patched.text]) {
      expect(text).not.toContain(hook.secret);
      expect(text).not.toMatch(/whsec_|"secret"/);
    }
  });

  it('removes duplicate event types and keeps "*" alone', async () => {
    const { token } = await newUser();
    expect((await createHook(token, { events: ['recording.created', 'recording.created'] })).events).toEqual(['recording.created']);
    expect((await createHook(token, { events: ['recording.updated', '*'] })).events).toEqual(['*']);
  });

  it('refuses an unknown event type with 400 listing the allowed types, and stores nothing', async () => {
    const { token } = await newUser();
    const response = await call('/webhooks', { method: 'POST', token, body: { name: 'x', url: TARGET, events: ['recording.created', 'recording.exploded'] } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.details).toEqual([{ path: 'events', message: expect.stringContaining('"recording.exploded"') }]);
    for (const type of EVENT_TYPES) expect([response.body.error, response.body.details[0].message]).toEqual([expect.stringContaining(type), expect.stringContaining(type)]);
    expect((await call('/webhooks', { token })).body.webhooks).toEqual([]);
  });

  it.each([
    ['an unknown field', { name: 'x', url: TARGET, events: ['*'], secret: 'mine' }, 'secret'],
    ['a missing name', { url: TARGET, events: ['*'] }, 'name'],
    ['a blank name', { name: '  ', url: TARGET, events: ['*'] }, 'name'],
    ['a name over 100 characters', { name: 'n'.repeat(101), url: TARGET, events: ['*'] }, 'name'],
    ['a missing url', { name: 'x', events: ['*'] }, 'url'],
    ['an empty event list', { name: 'x', url: TARGET, events: [] }, 'events'],
    ['events that are not a list', { name: 'x', url: TARGET, events: 'recording.created' }, 'events'],
    ['enabled that is not a boolean', { name: 'x', url: TARGET, events: ['*'], enabled: 'yes' }, 'enabled'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const { token } = await newUser();
    const response = await call('/webhooks', { method: 'POST', token, body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain(field);
    expect((await call('/webhooks', { token })).body.webhooks).toEqual([]);
  });

  it('stops at the cap of 10 webhooks per user with 409 and max_per_user, and frees a place on delete', async () => {
    const { token } = await newUser();
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push((await createHook(token, { name: `hook ${i}` })).id);
    const eleventh = await call('/webhooks', { method: 'POST', token, body: { name: 'one too many', url: TARGET, events: ['*'] } });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toMatchObject({ code: 'conflict', max_per_user: 10 });
    expect((await call('/webhooks', { token })).body.webhooks).toHaveLength(10);
    expect((await call(`/webhooks/${ids[0]}`, { method: 'DELETE', token })).status).toBe(204);
    await createHook(token, { name: 'fits again' });
  });
});

const REFUSED_URLS = [
  ['plain http without allow_http', 'http://93.184.216.34/hook', /http/],
  ['an ftp URL', 'ftp://93.184.216.34/hook', /scheme ftp/],
  ['loopback', 'https://127.0.0.1/hook', /loopback/],
  ['a private address', 'https://10.0.0.1/hook', /private/],
  ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data', /link-local/],
  ['IPv6 loopback', 'https://[::1]/hook', /loopback/],
  ['credentials in the URL', 'https://user:pw@example.com/hook', /credentials/],
  ['a hostname that does not resolve', 'https://no-such-host.invalid/hook', /resolve/],
] as const;

describe('webhooks: the SSRF guard at save time', () => {
  it.each(REFUSED_URLS)('refuses %s at create with 400 and the reason', async (_, url, reason) => {
    const { token } = await newUser();
    const response = await call('/webhooks', { method: 'POST', token, body: { name: 'x', url, events: ['*'] } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.error).toMatch(reason);
    expect(response.body.details).toEqual([{ path: 'url', message: expect.stringMatching(reason) }]);
    expect(response.text).not.toContain('pw@');
    expect((await call('/webhooks', { token })).body.webhooks).toEqual([]);
  });

  it('refuses every one of them at PATCH too and keeps the old URL', async () => {
    const { token } = await newUser();
    const hook = await createHook(token);
    for (const [what, url, reason] of REFUSED_URLS) {
      const response = await call(`/webhooks/${hook.id}`, { method: 'PATCH', token, body: { url } });
      expect(response.status, what).toBe(400);
      expect(response.body.error, what).toMatch(reason);
    }
    expect((await call(`/webhooks/${hook.id}`, { token })).body.url).toBe(TARGET);
  });

  it('accepts plain http with allow_http, and checks again when allow_http is switched off', async () => {
    const { token } = await newUser();
    const hook = await createHook(token, { url: 'http://93.184.216.34/hook', allow_http: true });
    expect(hook).toMatchObject({ url: 'http://93.184.216.34/hook', allow_http: true });
    const off = await call(`/webhooks/${hook.id}`, { method: 'PATCH', token, body: { allow_http: false } });
    expect(off.status).toBe(400);
    expect(off.body.details[0].path).toBe('url');
    expect((await call(`/webhooks/${hook.id}`, { token })).body.allow_http).toBe(true);
  });
});

describe('webhooks: change, rotate, delete', () => {
  it('changes name, url and events and refuses an empty, unknown-field or unknown-event body', async () => {
    const { token } = await newUser();
    const hook = await createHook(token);
    const patched = await call(`/webhooks/${hook.id}`, { method: 'PATCH', token, body: { name: 'new', url: 'https://93.184.216.35/other', events: ['recording.deleted'] } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: hook.id, name: 'new', url: 'https://93.184.216.35/other', events: ['recording.deleted'] });
    for (const body of [{}, { colour: 'red' }, { events: ['nope'] }, { events: [] }]) {
      const response = await call(`/webhooks/${hook.id}`, { method: 'PATCH', token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    }
  });

  it('re-enabling an auto-paused webhook clears auto_paused and the failure count', async () => {
    const { token } = await newUser();
    const hook = await createHook(token);
    await updateWebhook(hook.id, { enabled: false, auto_paused: true, consecutive_failures: 10 });
    expect((await call(`/webhooks/${hook.id}`, { token })).body).toMatchObject({ enabled: false, auto_paused: true, consecutive_failures: 10 });
    const resumed = await call(`/webhooks/${hook.id}`, { method: 'PATCH', token, body: { enabled: true } });
    expect(resumed.body).toMatchObject({ enabled: true, auto_paused: false, consecutive_failures: 0 });
  });

  it('rotates the secret: the new one is shown once and differs from the old', async () => {
    const { token } = await newUser();
    const hook = await createHook(token);
    const rotated = await call(`/webhooks/${hook.id}/rotate-secret`, { method: 'POST', token });
    expect([rotated.status, rotated.body]).toEqual([200, expect.objectContaining({ id: hook.id, secret: expect.stringMatching(/^whsec_/) })]);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const read = await call(`/webhooks/${hook.id}`, { token });
    expect(read.text).not.toMatch(/whsec_|"secret"/);
  });

  it('deletes with 204 and takes its deliveries with it', async () => {
    const { token } = await newUser();
    const hook = await createHook(token);
    const delivery = await sendTest(token, hook.id);
    expect((await loadDelivery(delivery.id, hook.id)).delivery).toBeDefined();
    const deleted = await call(`/webhooks/${hook.id}`, { method: 'DELETE', token });
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expect(await loadDelivery(delivery.id, hook.id)).toEqual({ delivery: undefined, webhook: undefined });
    expect((await call(`/webhooks/${hook.id}`, { token })).status).toBe(404);
  });
});

describe('webhooks: test deliveries, the delivery log and replay', () => {
  it('queues a webhook.test delivery whose stored payload is the compact envelope', async () => {
    const { user, token } = await newUser();
    const hook = await createHook(token);
    const delivery = await sendTest(token, hook.id);
    expect(delivery).toMatchObject({ webhook_id: hook.id, event_type: 'webhook.test', replayed_from: null });
    expect(delivery).not.toHaveProperty('payload');
    const one = await call(`/webhooks/${hook.id}/deliveries/${delivery.id}`, { token });
    expect(one.status).toBe(200);
    const payload = JSON.parse(one.body.payload);
    expect(one.body.payload).toBe(JSON.stringify(payload));
    expect(Object.keys(payload)).toEqual(['id', 'type', 'timestamp', 'user_id', 'data']);
    expect(payload).toEqual({ id: delivery.id, type: 'webhook.test', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), user_id: user.id, data: { reason: 'manual test', webhook_id: hook.id } });
    expect(one.text).not.toContain(hook.secret);
  });

  it('refuses a test on a disabled webhook with 409', async () => {
    const { token } = await newUser();
    const hook = await createHook(token, { enabled: false });
    const response = await call(`/webhooks/${hook.id}/test`, { method: 'POST', token });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('conflict');
    expect((await call(`/webhooks/${hook.id}/deliveries`, { token })).body.deliveries).toEqual([]);
  });

  it('replays a delivery as a new one that names the original', async () => {
    const { token } = await newUser();
    const hook = await createHook(token);
    const original = await sendTest(token, hook.id);
    const response = await call(`/webhooks/${hook.id}/deliveries/${original.id}/replay`, { method: 'POST', token });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ success: true, delivery: { webhook_id: hook.id, event_type: 'webhook.test', replayed_from: original.id } });
    expect(response.body.delivery.id).not.toBe(original.id);
    const payload = JSON.parse((await call(`/webhooks/${hook.id}/deliveries/${response.body.delivery.id}`, { token })).body.payload);
    expect(payload).toMatchObject({ id: response.body.delivery.id, type: 'webhook.test', replayed_from: original.id });
  });

  it('lists deliveries newest first without payloads, honouring limit', async () => {
    const { token } = await newUser();
    const hook = await createHook(token);
    const sent = [await sendTest(token, hook.id), await sendTest(token, hook.id), await sendTest(token, hook.id)];
    const all = await call(`/webhooks/${hook.id}/deliveries`, { token });
    expect(all.status).toBe(200);
    expect(all.body.limit).toBe(50);
    expect(all.body.deliveries.map((d: { id: string }) => d.id)).toEqual(sent.map((d) => d.id).reverse());
    expect(all.text).not.toContain('"payload"');
    const two = await call(`/webhooks/${hook.id}/deliveries?limit=2`, { token });
    expect(two.body).toMatchObject({ limit: 2 });
    expect(two.body.deliveries.map((d: { id: string }) => d.id)).toEqual([sent[2]!.id, sent[1]!.id]);
  });

  it.each(['0', '201', 'abc', '1.5', ''])('refuses limit=%s with 400', async (limit) => {
    const { token } = await newUser();
    const hook = await createHook(token);
    const response = await call(`/webhooks/${hook.id}/deliveries?limit=${limit}`, { token });
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toBe('limit');
  });
});

/** Every route that takes a webhook id, with a body where it needs one. */
const everyIdRoute = (id: number, did: string): [string, string, unknown?][] => [
  ['GET', `/webhooks/${id}`],
  ['PATCH', `/webhooks/${id}`, { name: 'mine now' }],
  ['DELETE', `/webhooks/${id}`],
  ['POST', `/webhooks/${id}/rotate-secret`],
  ['POST', `/webhooks/${id}/test`],
  ['GET', `/webhooks/${id}/deliveries`],
  ['GET', `/webhooks/${id}/deliveries/${did}`],
  ['POST', `/webhooks/${id}/deliveries/${did}/replay`],
];

describe('webhooks: whose they are', () => {
  it("answers 403 on every route for another user's webhook and changes nothing", async () => {
    const owner = await newUser();
    const other = await newUser();
    const hook = await createHook(owner.token);
    const delivery = await sendTest(owner.token, hook.id);
    for (const [method, path, body] of everyIdRoute(hook.id, delivery.id)) {
      const response = await call(path, { method, token: other.token, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.text).not.toContain(hook.secret);
    }
    const after = await call(`/webhooks/${hook.id}`, { token: owner.token });
    expect(after.body).toMatchObject({ name: 'hook', updated_at: hook.updated_at });
    expect((await call(`/webhooks/${hook.id}/deliveries`, { token: owner.token })).body.deliveries).toHaveLength(1);
  });

  it('answers 404 for unknown webhooks and deliveries, including a delivery of another of your webhooks', async () => {
    const { token } = await newUser();
    const first = await createHook(token);
    const second = await createHook(token);
    const delivery = await sendTest(token, first.id);
    const attempts: [string, string, unknown?][] = [
      ...everyIdRoute(UNKNOWN_ID, delivery.id),
      ['GET', `/webhooks/${first.id}/deliveries/${UNKNOWN_DID}`],
      ['GET', `/webhooks/${second.id}/deliveries/${delivery.id}`],
      ['POST', `/webhooks/${second.id}/deliveries/${delivery.id}/replay`],
    ];
    for (const [method, path, body] of attempts) expect((await call(path, { method, token, body })).status, `${method} ${path}`).toBe(404);
  });

  it.each([
    ['GET', '/webhooks/abc', 'id'],
    ['GET', '/webhooks/0', 'id'],
    ['DELETE', '/webhooks/1.5', 'id'],
    ['GET', '/webhooks/1/deliveries/not-a-uuid', 'did'],
    ['POST', '/webhooks/x/deliveries/00000000-0000-4000-8000-000000000000/replay', 'id'],
  ])('refuses %s %s with 400 naming %s', async (method, path, field) => {
    const { token } = await newUser();
    const response = await call(path, { method, token });
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toBe(field);
  });
});
