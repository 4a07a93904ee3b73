import { randomUUID } from 'node:crypto';
import { ScanCommand } from '#shared/clients/dynamodb.ts';
import { describe, expect, it } from 'vitest';
import { setPassword } from '#shared/auth/sessions.ts';
import { dynamo } from '#shared/clients.ts';
import { tableName } from '#shared/store/table.ts';
import { call, newUser } from '../support/api.ts';

const create = (token: string, key: string, name = 'ci') =>
  call('/tokens', { method: 'POST', token, body: { name }, headers: { 'Idempotency-Key': key } });

describe('safe retries with Idempotency-Key', () => {
  it('replays the first answer for a repeat and does the work once', async () => {
    const { token } = await newUser();
    const key = randomUUID();
    const first = await create(token, key);
    const repeat = await create(token, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect((await call('/tokens', { token })).body.tokens).toHaveLength(2);
  });

  it('answers 422 when the same key comes with a different request', async () => {
    const { token } = await newUser();
    const key = randomUUID();
    await create(token, key, 'one');
    const other = await create(token, key, 'two');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'Idempotency-Key' }] });
    expect((await call('/tokens', { token })).body.tokens).toHaveLength(2);
  });

  it('keeps keys apart per user', async () => {
    const a = await newUser();
    const b = await newUser();
    const key = randomUUID();
    const fromA = await create(a.token, key);
    const fromB = await create(b.token, key);
    expect(fromB.headers.get('idempotent-replayed')).toBeNull();
    expect(fromB.body.id).not.toBe(fromA.body.id);
  });

  it('makes one token out of concurrent repeats; the others replay it or get 409', async () => {
    const { token } = await newUser();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(token, key)));
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id));
    expect(ids.size).toBe(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    expect((await call('/tokens', { token })).body.tokens).toHaveLength(2);
  });

  it('does not keep failed requests: a corrected retry with the same key goes through', async () => {
    const { token } = await newUser();
    const key = randomUUID();
    const bad = await call('/tokens', { method: 'POST', token, body: { name: '' }, headers: { 'Idempotency-Key': key } });
    expect(bad.status).toBe(400);
    const again = await call('/tokens', { method: 'POST', token, body: { name: '' }, headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a key that is too long or not printable', async () => {
    const { token } = await newUser();
    expect((await create(token, 'k'.repeat(256))).status).toBe(400);
  });
});

/** Every kept answer in the table, as stored. */
async function keptAnswers(): Promise<string> {
  const items: unknown[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), FilterExpression: 'begins_with(PK, :p)', ExpressionAttributeValues: { ':p': 'IDEMPOTENCY#' }, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return JSON.stringify(items);
}

describe('kept answers at rest', () => {
  it('stores no new token, signing secret or session in clear, and still replays them', async () => {
    const { user, token } = await newUser();
    const keyed = (key: string) => ({ 'Idempotency-Key': key });
    const send = (path: string, body: unknown, key: string, auth: string | undefined = token) => call(path, { method: 'POST', token: auth, body, headers: keyed(key) });
    const [tokenKey, hookKey, rotateKey, signInKey] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const newToken = await send('/tokens', { name: 'kept' }, tokenKey);
    const hook = await send('/webhooks', { name: 'kept', url: 'https://93.184.216.34/hook', events: ['recording.created'] }, hookKey);
    const rotated = await send(`/webhooks/${hook.body.id}/rotate-secret`, undefined, rotateKey);
    await setPassword(user.id, 'kept answers are sealed');
    const signIn = await send('/auth/sign-in', { email: user.email, password: 'kept answers are sealed' }, signInKey, undefined);
    expect([newToken.status, hook.status, rotated.status, signIn.status]).toEqual([201, 201, 200, 200]);
    const session = /vb_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
    expect(session).toBeTruthy();
    const stored = await keptAnswers();
    for (const secret of [newToken.body.token, hook.body.secret.slice(6), rotated.body.secret.slice(6), session!, signIn.body.csrf_token]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(stored).not.toContain(secret);
    }
    const again = [await send('/tokens', { name: 'kept' }, tokenKey), await send(`/webhooks/${hook.body.id}/rotate-secret`, undefined, rotateKey), await send('/auth/sign-in', { email: user.email, password: 'kept answers are sealed' }, signInKey, undefined)];
    expect(again.map((a) => a.headers.get('idempotent-replayed'))).toEqual(['true', 'true', 'true']);
    expect(again[0]!.body.token).toBe(newToken.body.token);
    expect(again[1]!.body.secret).toBe(rotated.body.secret);
    expect(again[2]!.headers.get('set-cookie')).toBe(signIn.headers.get('set-cookie'));
  });
});

describe('idempotency rules per route', () => {
  it('keeps each route its own rules when routes share a process', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { startLocalProcess } = await import('../support/local-process.ts');
    const { silentWav, upload } = await import('../support/uploads.ts');
    const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-idem-'));
    const local = await startLocalProcess(dataDir, { LOCAL_IN_MEMORY: 'true', LOG_LEVEL: 'SILENT' });
    try {
      const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
      // A streamed upload fingerprints by length; it must not lend that rule to other routes.
      expect((await upload(token, { name: 'a.wav', bytes: silentWav() }, {}, { 'Idempotency-Key': randomUUID() }, local.runtime.url)).status).toBe(202);
      const key = randomUUID();
      const send = (name: string) =>
        fetch(`${local.runtime.url}/api/v1/tokens`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ name }) });
      expect((await send('one')).status).toBe(201);
      expect((await send('two')).status).toBe(422);
    } finally {
      await local.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
