// Webhook secrets at rest (issue 16, item 2): sealed with AES-256-GCM under a data key that the
// data folder's key file (mode 0600) wraps; the API answers with the secret itself once; the
// signing path opens it; secrets stored in clear before are sealed at start.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteCommand, GetCommand } from '#shared/clients/dynamodb.ts';
import { describe, expect, it } from 'vitest';
import { dynamo } from '#shared/clients.ts';
import { settings } from '#shared/config.ts';
import { newSecret } from '#shared/domain/webhooks/signing.ts';
import { KEY_FILE } from '#shared/secrets/key-wrap.ts';
import { key, tableName } from '#shared/store/table.ts';
import { createWebhook as storeWebhook, findWebhook } from '#shared/store/webhooks.ts';
import { createWebhook, rotateSecret } from '#shared/webhooks/manage.ts';
import { isSealed, openSecret, sealSecret } from '#shared/secrets/box.ts';
import { sealStoredSecrets } from '#shared/webhooks/secret-box.ts';
import { handler as sweepHandler } from '../../functions/workers/sweep.ts';
import { newUser } from '../support/api.ts';

const TARGET = 'https://93.184.216.34/hook';
const input = { name: 'h', url: TARGET, events: ['recording.created'], enabled: true, allow_http: false };
const storedItem = async (id: number) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.webhook(id) }))).Item!;

describe('webhook secrets at rest', () => {
  it('stores a new secret sealed, answers with it in clear, and opens it again', async () => {
    const { user } = await newUser();
    const created = await createWebhook(user.id, input);
    expect(created.secret).toMatch(/^whsec_/);
    const item = await storedItem(created.id);
    expect(JSON.stringify(item)).not.toContain(created.secret.slice(6));
    expect(isSealed(item.secret)).toBe(true);
    expect(item.secret).toMatch(/^v1\.file\./);
    expect(await openSecret('webhook-secret', item.secret)).toBe(created.secret);
  });

  it('seals a rotated secret too', async () => {
    const { user } = await newUser();
    const created = await createWebhook(user.id, input);
    const rotated = await rotateSecret(user.id, created.id);
    expect(rotated.secret).not.toBe(created.secret);
    const item = await storedItem(created.id);
    expect(isSealed(item.secret)).toBe(true);
    expect(await openSecret('webhook-secret', item.secret)).toBe(rotated.secret);
  });

  it('keeps the key in the data folder at mode 0600', () => {
    expect(statSync(join(settings().dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('refuses a sealed value that was tampered with', async () => {
    const sealed = await sealSecret('webhook-secret', 'whsec_abc');
    const flipped = sealed.slice(0, -3) + (sealed.at(-3) === 'A' ? 'B' : 'A') + sealed.slice(-2);
    await expect(openSecret('webhook-secret', flipped)).rejects.toThrow();
  });

  it('seals secrets stored in clear by an earlier version', async () => {
    const { user } = await newUser();
    const secret = newSecret();
    const legacy = await storeWebhook({ ...input, user_id: user.id, secret }, 100);
    expect((await storedItem(legacy.id)).secret).toBe(secret);
    expect(await sealStoredSecrets()).toBeGreaterThanOrEqual(1);
    const stored = (await findWebhook(legacy.id))!.secret;
    expect(isSealed(stored)).toBe(true);
    expect(await openSecret('webhook-secret', stored)).toBe(secret);
    expect(await sealStoredSecrets()).toBe(0);
  });

  it('are sealed by the sweep function too (on AWS there is no start), once per table', async () => {
    const marker = { PK: 'UPGRADE#seal-webhook-secrets', SK: 'UPGRADE' };
    await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: marker }));
    const { user } = await newUser();
    const secret = newSecret();
    const legacy = await storeWebhook({ ...input, user_id: user.id, secret }, 100);
    await sweepHandler();
    const stored = (await findWebhook(legacy.id))!.secret;
    expect(isSealed(stored)).toBe(true);
    expect(await openSecret('webhook-secret', stored)).toBe(secret);
    expect((await dynamo().send(new GetCommand({ TableName: tableName(), Key: marker }))).Item?.finished_at).toMatch(/^\d{4}-/);
  });
});
