import { randomUUID } from 'node:crypto';
import { GetCommand } from '#shared/clients/dynamodb.ts';
import { describe, expect, it } from 'vitest';
import { dynamo } from '#shared/clients.ts';
import { ConflictError } from '#shared/domain/errors.ts';
import { hashToken } from '#shared/domain/tokens.ts';
import { nextId } from '#shared/store/ids.ts';
import { countRequest } from '#shared/store/rate-counters.ts';
import { key, tableName } from '#shared/store/table.ts';
import { findTokenByHash, getOwnedToken, issueToken, listTokens, touchToken } from '#shared/store/tokens.ts';
import { addMember, createGroup, createUser, findUserByEmail, getProfile } from '#shared/store/users.ts';

const email = () => `${randomUUID()}@example.test`;

describe('ids', () => {
  it('hands out distinct ids under concurrency', async () => {
    const counter = `test-${randomUUID()}`;
    const ids = await Promise.all(Array.from({ length: 20 }, () => nextId(counter)));
    expect(new Set(ids).size).toBe(20);
    expect(Math.min(...ids)).toBe(1);
    expect(Math.max(...ids)).toBe(20);
  });
});

describe('users and groups', () => {
  it('keeps emails unique, case-insensitively', async () => {
    const address = email();
    await createUser({ email: address });
    await expect(createUser({ email: address.toUpperCase() })).rejects.toBeInstanceOf(ConflictError);
    expect((await findUserByEmail(address.toUpperCase()))?.email).toBe(address);
  });

  it('reads a profile with its memberships in one query', async () => {
    const user = await createUser({ email: email(), name: 'Maria' });
    const group = await createGroup(`team-${randomUUID()}`);
    await addMember(group.name, user.email, 'admin');
    expect(await getProfile(user.id)).toMatchObject({ id: user.id, name: 'Maria', groups: [{ group_id: group.id, group_name: group.name, role: 'admin' }] });
    await addMember(group.name, user.email, 'member');
    expect((await getProfile(user.id))?.groups).toEqual([{ group_id: group.id, group_name: group.name, role: 'member' }]);
  });

  it('refuses a second group of the same name', async () => {
    const name = `team-${randomUUID()}`;
    await createGroup(name);
    await expect(createGroup(name)).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('tokens', () => {
  it('stores only the hash of the secret', async () => {
    const user = await createUser({ email: email() });
    const { secret, record } = await issueToken(user.id, 'ci', 30);
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.token(hashToken(secret)) }));
    expect(JSON.stringify(Item)).not.toContain(secret);
    expect(Item?.hash).toBe(hashToken(secret));
    expect((await findTokenByHash(hashToken(secret)))?.id).toBe(record.id);
    expect((await getOwnedToken(record.id, 'any')).hash).toBe(hashToken(secret));
    expect((await listTokens(user.id)).map((t) => t.id)).toEqual([record.id]);
  });

  it('writes last use once even when many requests race', async () => {
    const user = await createUser({ email: email() });
    const { secret } = await issueToken(user.id, 'ci', 0);
    const now = new Date();
    await Promise.all(Array.from({ length: 5 }, (_, i) => touchToken(hashToken(secret), new Date(now.getTime() + i))));
    const stamp = (await findTokenByHash(hashToken(secret)))?.last_used_at;
    expect([0, 1, 2, 3, 4].map((i) => new Date(now.getTime() + i).toISOString())).toContain(stamp);
    await touchToken(hashToken(secret), new Date(now.getTime() + 30_000));
    expect((await findTokenByHash(hashToken(secret)))?.last_used_at).toBe(stamp);
    await touchToken(hashToken(secret), new Date(now.getTime() + 61_000));
    expect((await findTokenByHash(hashToken(secret)))?.last_used_at).toBe(new Date(now.getTime() + 61_000).toISOString());
  });
});

describe('rate counters', () => {
  it('counts requests per window and lets the item expire', async () => {
    const user = await createUser({ email: email() });
    const counts = await Promise.all(Array.from({ length: 5 }, () => countRequest(user.id, 'read', 1_000_000, 1_000_120)));
    expect(counts.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await countRequest(user.id, 'read', 1_000_060, 1_000_180)).toBe(1);
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.rateWindow(user.id, 'read', 1_000_000) }));
    expect(Item?.ttl).toBe(1_000_120);
  });
});
