// GET /stats?scope=all from the service's own counters (shared/store/service-counters.ts), in a
// table of this file's own, so every user and recording in it is this test's: the
// administrators' numbers are what the recordings themselves say (the contract's in-memory
// rules, statistics and userActivity) through creations, status changes, audio deletions and
// deletions; recordings stored before the counters are carried in by the backfill exactly once,
// also while they change; and what scope=all reads does not grow with the users.
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '#shared/clients/dynamodb.ts';
import { dynamo, resetClients } from '#shared/clients.ts';
import { reloadSettings, settings } from '#shared/config.ts';
import { monthDaysSoFar, monthOf, NO_BUDGETS, statistics, userActivity } from '#shared/domain/recordings/statistics.ts';
import { globalStats } from '#shared/recordings/stats.ts';
import { backfillListIndex } from '#shared/store/list-backfill.ts';
import { doneItem, entryKey, facetsOf } from '#shared/store/list-index.ts';
import { deleteRecordingItems, writeRecording } from '#shared/store/recording-writes.ts';
import { findRecording, listUserRecordings, type Recording } from '#shared/store/recordings.ts';
import { serviceCounterWrites } from '#shared/store/service-counters.ts';
import { key, tableName } from '#shared/store/table.ts';
import { transact } from '#shared/store/transact.ts';
import { carryUsage } from '#shared/store/usage-carry.ts';
import { addUsage, userUsage, type Usage } from '#shared/store/usage.ts';
import { createUser, listUsers } from '#shared/store/users.ts';
import { createTable } from '#infra/local/resources.ts';
import { seedRecording } from '../e2e/recordings-fixtures.ts';

const DAY_MS = 86_400_000;
const sharedTable = process.env.TABLE_NAME;
const ownTable = `verbatim-stats-${randomUUID()}`;
let adminId: number;

function useTable(name: string | undefined): void {
  process.env.TABLE_NAME = name;
  reloadSettings();
  resetClients();
}

beforeAll(async () => {
  await createTable(settings().dynamoEndpoint!, ownTable);
  useTable(ownTable);
  adminId = (await createUser({ email: `stats-admin-${randomUUID()}@example.test`, isAdmin: true })).id;
});

afterAll(async () => {
  useTable(sharedTable);
  const client = new DynamoDBClient({ endpoint: settings().dynamoEndpoint! });
  await client.send(new DeleteTableCommand({ TableName: ownTable }));
  client.destroy();
});

/** Usages as one: numbers added, the latest transcription. */
function together(all: readonly Usage[]): Usage {
  const add = (pick: (u: Usage) => number) => all.reduce((n, u) => n + pick(u), 0);
  return {
    transcription_seconds: add((u) => u.transcription_seconds), prompt_tokens: add((u) => u.prompt_tokens), completion_tokens: add((u) => u.completion_tokens),
    estimated_cost: add((u) => u.estimated_cost), transcriptions: add((u) => u.transcriptions),
    last_transcription: all.map((u) => u.last_transcription).filter((t) => t !== null).sort().at(-1) ?? null,
  };
}

/** What the recordings and each user's usage say, by the contract's rules over every user's library. */
async function fromRecordings(now: Date) {
  const users = await listUsers();
  const perUser = await Promise.all(users.map((u) => listUserRecordings(u.id)));
  const usage = together(await Promise.all(users.map((u) => userUsage(u.id, monthOf(now)))));
  const { recordings, storage, queue, activity, tokens, transcription } = statistics(perUser.flat(), usage, NO_BUDGETS, now);
  return { recordings, storage, queue, activity, tokens, transcription, users: userActivity(perUser, now) };
}

async function fromCounters(now: Date) {
  const { recordings, storage, queue, activity, tokens, transcription, users } = await globalStats(adminId, now);
  return { recordings, storage, queue, activity, tokens, transcription, users };
}

const newUserId = async () => (await createUser({ email: `stats-${randomUUID()}@example.test` })).id;
const reread = async (r: Recording) => (await findRecording(r.id))!;

describe('the service-wide statistics', () => {
  it('are what the recordings say, through creations, status changes, audio deletions and deletions', async () => {
    const now = new Date();
    const since = now.getTime() - 30 * DAY_MS;
    const sinceDay = Math.floor(since / DAY_MS) * DAY_MS;
    // Either side of the window's start, on its first day: only the entries can tell them apart.
    const inside = new Date(since + Math.max(1, Math.min(3_600_000, (sinceDay + DAY_MS - since) / 2)));
    const outside = new Date(since - Math.max(1, Math.min(3_600_000, (since - sinceDay) / 2)));
    const [a, b, c, d] = await Promise.all([newUserId(), newUserId(), newUserId(), newUserId()]);
    const done = { completed_at: '2026-01-02T03:04:05.000Z' };
    const seeded = await Promise.all([
      seedRecording(a, { status: 'COMPLETED', fileSize: 1000, changes: done }),
      seedRecording(a, { status: 'PENDING', fileSize: 2000 }),
      seedRecording(a, { status: 'FAILED', fileSize: 3000, createdAt: new Date(now.getTime() - 40 * DAY_MS) }),
      seedRecording(b, { status: 'PROCESSING', fileSize: 4000 }),
      seedRecording(b, { status: 'COMPLETED', fileSize: 5000, changes: { audio_key: null, completed_at: '2025-05-06T00:00:00.000Z' } }),
      seedRecording(c, { status: 'SUMMARIZING', fileSize: 6000, createdAt: inside }),
      seedRecording(d, { status: 'PENDING', fileSize: 7000, createdAt: outside }),
    ]);
    const monthStart = new Date(Math.min(now.getTime(), Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 0, 0, 1)));
    await addUsage(a, { transcription_seconds: 61, transcriptions: 1, estimated_cost: 0.01 }, new Date(now.getTime() - 1000));
    await addUsage(b, { prompt_tokens: 100, completion_tokens: 20, estimated_cost: 0.002 }, monthStart);
    await addUsage(a, { prompt_tokens: 5 }, monthStart);
    const first = await fromRecordings(now);
    expect(first.users).toEqual({ total: 5, active: 3 });
    expect([first.tokens.used_this_month, first.transcription.used_this_month_seconds]).toEqual([125, 61]);
    expect(await fromCounters(now)).toEqual(first);

    const [, pending, , processing, , boundary] = seeded;
    await writeRecording(pending!, { status: 'COMPLETED', changes: { completed_at: now.toISOString() } });
    await writeRecording(processing!, { status: 'FAILED' });
    await writeRecording(await reread(seeded[0]!), { changes: { audio_key: null } });
    await deleteRecordingItems(await reread(boundary!));
    const second = await fromRecordings(now);
    expect(second.users.active).toBe(2);
    expect(second.activity.last_transcription).toBe(now.toISOString());
    expect(await fromCounters(now)).toEqual(second);
  });

  it('carry recordings stored before them in, once, while they change', async () => {
    const now = new Date();
    const [a, b, c] = await Promise.all([newUserId(), newUserId(), newUserId()]);
    const statuses = ['COMPLETED', 'COMPLETED', 'PENDING', 'FAILED', 'PROCESSING', 'COMPLETED'] as const;
    const older = await Promise.all(statuses.map((status, i) => seedRecording(a, { status, fileSize: 100 * (i + 1), changes: status === 'COMPLETED' ? { completed_at: new Date(now.getTime() + i).toISOString() } : {} })));
    const unindexed = await Promise.all([seedRecording(b, { status: 'FAILED', fileSize: 50 }), seedRecording(b, { status: 'COMPLETED', fileSize: 70 })]);
    for (const r of older) await uncount(r);
    for (const r of unindexed) await unindex(r);
    const stored = await Promise.all(older.map(reread));
    await legacyUsage(a, { transcription_seconds: 40, transcriptions: 1, estimated_cost: 0.02 }, new Date(now.getTime() - 500));
    await legacyUsage(b, { prompt_tokens: 300 }, new Date(now.getTime() - 400));
    // What an earlier version wrote for a summary by the offline language model (no tokens).
    await legacyUsage(c, {}, new Date(now.getTime() - 450));
    const before = await fromCounters(now);
    expect(before.recordings.total).toBe((await fromRecordings(now)).recordings.total - 8);
    expect(before.tokens.used_this_month).toBe((await fromRecordings(now)).tokens.used_this_month - 300);

    // Usage added while the carry runs lands once, on whichever side of it.
    const [carried] = await Promise.all([carryUsage(monthDaysSoFar(now)), addUsage(a, { transcription_seconds: 2 }, new Date(now.getTime() - 300)), addUsage(b, { prompt_tokens: 7 }, new Date(now.getTime() - 200))]);
    expect(carried).toBe(3);
    expect(await carryUsage(monthDaysSoFar(now))).toBe(0);

    // The backfill runs while some of them change (a stale read must not count twice or miss).
    const [{ indexed }] = await Promise.all([
      backfillListIndex(),
      writeRecording(stored[2]!, { status: 'FAILED' }),
      writeRecording(stored[5]!, { changes: { audio_key: null } }),
      deleteRecordingItems(stored[1]!),
    ].map((p) => p.catch((error: Error) => (error.name === 'StaleRecordingError' ? { indexed: -1 } : Promise.reject(error))))) as [{ indexed: number }];
    expect(indexed).toBeGreaterThanOrEqual(6);
    expect(await fromCounters(now)).toEqual(await fromRecordings(now));
    expect((await backfillListIndex()).indexed).toBe(0);
    expect(await fromCounters(now)).toEqual(await fromRecordings(now));

    // Jobs that read a recording before the backfill counted it still land, and count.
    const working = await reread(older[4]!);
    const waiting = await reread(unindexed[0]!);
    for (const r of [working, waiting]) await uncount(r);
    const [readWorking, readWaiting] = await Promise.all([reread(working), reread(waiting)]);
    expect((await backfillListIndex()).indexed).toBe(2);
    await writeRecording(readWorking, { status: 'COMPLETED', changes: { completed_at: new Date(now.getTime() + 60_000).toISOString() } });
    await writeRecording(readWaiting, { changes: { audio_key: null } });
    expect(await fromCounters(now)).toEqual(await fromRecordings(now));
    expect((await fromCounters(now)).activity.last_transcription).toBe(new Date(now.getTime() + 60_000).toISOString());
  });

  it('read the same items however many users there are', async () => {
    const reads = recordReads();
    await fromCounters(new Date());
    const few = reads.take();
    const many = await Promise.all(Array.from({ length: 60 }, newUserId));
    await Promise.all(many.map((id, i) => seedRecording(id, { status: i % 2 ? 'COMPLETED' : 'PENDING', fileSize: 10 })));
    await Promise.all(many.map((id) => addUsage(id, { transcription_seconds: 1, transcriptions: 1 })));
    reads.take();
    await fromCounters(new Date());
    const more = reads.take();
    expect(more.length).toBe(few.length);
    // At most a new service item per shard (16) of today's recordings and today's usage: fewer than the 60 users.
    expect(itemsOf(more) - itemsOf(few)).toBeLessThanOrEqual(32);
    expect(new Set(more.map((r) => r.partition))).toEqual(new Set(few.map((r) => r.partition)));
    for (const id of many) expect(more.filter((r) => r.partition.split('#').includes(String(id)))).toEqual([]);
  });
});

/** As stored before the service's counters: in the list index, not counted; its DONE item only in GSI1. */
async function uncount(r: Recording): Promise<void> {
  await transact(serviceCounterWrites(r, undefined));
  await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key.recording(r.id), UpdateExpression: 'REMOVE service_counted' }));
  const done = doneItem(r);
  if (!done) return;
  const { GSI2PK: _pk, GSI2SK: _sk, ...onlyGsi1 } = done;
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: onlyGsi1 }));
}

/** As stored before the list index: no entries, none of its user's counters, not counted. */
async function unindex(r: Recording): Promise<void> {
  await uncount(r);
  for (const facet of [...facetsOf(r), 'DONE']) await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: entryKey(r.id, facet) }));
  await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key.recording(r.id), UpdateExpression: 'REMOVE list_indexed' }));
  for (const pk of [`LISTCOUNT#${r.user_id}`, `LISTDAYS#${r.user_id}`]) {
    const { Items = [] } = await dynamo().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }));
    for (const item of Items) await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK } }));
  }
}

/** Usage as a version without the service's usage items wrote it: the user's day item alone. */
async function legacyUsage(userId: number, add: Record<string, number>, at: Date): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  const names = Object.fromEntries(Object.keys(add).map((f, i) => [`#a${i}`, f]));
  const values = Object.fromEntries(Object.values(add).map((v, i) => [`:a${i}`, v]));
  await dynamo().send(new UpdateCommand({
    TableName: tableName(), Key: key.usage(userId, day),
    UpdateExpression: `SET #day = :day, user_id = :uid, GSI1PK = :gpk, GSI1SK = :gsk${add.transcriptions ? ', last_transcription = :now' : ''}${Object.keys(add).length ? ` ADD ${Object.keys(add).map((_, i) => `#a${i} :a${i}`).join(', ')}` : ''}`,
    ExpressionAttributeNames: { '#day': 'day', ...names },
    ExpressionAttributeValues: { ':day': day, ':uid': userId, ':gpk': `USAGEDAY#${day}`, ':gsk': `USER#${userId}`, ...(add.transcriptions ? { ':now': at.toISOString() } : {}), ...values },
  }));
}

const itemsOf = (reads: readonly { items: number }[]) => reads.reduce((n, r) => n + r.items, 0);

/** Every read sent on the document client: its command, the partition it names and the items it returned. */
function recordReads() {
  let seen: { command: string; partition: string; items: number }[] = [];
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { ExpressionAttributeValues?: Record<string, unknown>; Key?: Record<string, unknown> };
      const partition = String(input.ExpressionAttributeValues?.[':pk'] ?? input.Key?.PK ?? '');
      const result = await next(args);
      const output = result.output as { Items?: unknown[]; Item?: unknown };
      seen.push({ command: String(context.commandName), partition, items: output.Items?.length ?? (output.Item ? 1 : 0) });
      return result;
    },
    { step: 'initialize', name: 'serviceStatisticsReads' },
  );
  return { take: () => [seen, (seen = [])][0]! };
}
