// GET /recordings costs a page, not the library: the reads of page 1 (items examined and read
// units, counted by a middleware on the document client) are the same for 500 recordings as
// for 50; `q` reads what matches; GET /stats reads the counters. The index answers what the
// contract's in-memory rules (filterRecordings and sortRecordings, libraryFacts) answer over
// the whole library, for mixed filters too. Recordings stored before the index existed are put
// into it by the backfill, once.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '#shared/clients/dynamodb.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/clients.ts';
import { listQuery, type ListQuery } from '#shared/http/recording-schemas.ts';
import { NO_BUDGETS, statistics } from '#shared/domain/recordings/statistics.ts';
import { filterRecordings, listRecordings, sortRecordings } from '#shared/recordings/list.ts';
import { userStats } from '#shared/recordings/stats.ts';
import { commitsSettled } from '#shared/store/after-commit.ts';
import { backfillListIndex } from '#shared/store/list-backfill.ts';
import { entryKey, facetsOf } from '#shared/store/list-index.ts';
import { listUserRecordings, type Recording } from '#shared/store/recordings.ts';
import { serviceCounterWrites } from '#shared/store/service-counters.ts';
import { transact } from '#shared/store/transact.ts';
import { key, tableName } from '#shared/store/table.ts';
import { NO_USAGE } from '#shared/store/usage.ts';
import { createUser } from '#shared/store/users.ts';
import { CapacityMeter } from '../bench/lib/consumed.ts';
import { seedRecordings } from '../bench/lib/seed-recordings.ts';
import { cli } from '../support/cli.ts';
import { seedRecording, seedTag } from './recordings-fixtures.ts';

const meter = new CapacityMeter();
let small: { userId: number; tagId: number };
let large: { userId: number; tagId: number };

async function library(count: number) {
  const user = await createUser({ email: `list-cost-${randomUUID()}@example.test` });
  const tagId = await seedTag(user.id, 'every fifth');
  await seedRecordings(user.id, count, count, 4, tagId);
  return { userId: user.id, tagId };
}

beforeAll(async () => {
  [small, large] = await Promise.all([library(50), library(500)]);
  meter.install(dynamo());
}, 120_000);

afterAll(() => {
  dynamo().middlewareStack.remove('benchCapacityMeter');
});

const query = (params: Record<string, string | number | boolean>): ListQuery =>
  listQuery().parse(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));

async function cost(lib: { userId: number; tagId: number }, params: Record<string, string | number | boolean>) {
  meter.reset();
  const answer = await listRecordings(lib.userId, query(params));
  return { scanned: meter.itemsScanned, units: meter.capacityUnits, answer };
}

// Page 1, 25 per page: the entries of the page, 8 counter shards, the profile, the tags.
const PAGE_READS = 25 + 8 + 2 + 2;

describe('what a page of the recordings list costs', () => {
  const single: Record<string, string | number | boolean>[] = [
    { sort_by: 'created_at' },
    { sort_by: 'meeting_date' },
    { sort_by: 'title', sort_order: 'asc' },
    { sort_by: 'file_size' },
    { status: 'completed' },
    { starred: true },
    { inbox: false },
    { tag_id: 'tag' },
  ];
  const at = async (lib: typeof small, params: Record<string, string | number | boolean>) => cost(lib, { ...params, ...('tag_id' in params ? { tag_id: lib.tagId } : {}) });

  it.each(single)('reads a page and the counters, as many at 500 recordings as at 50: %o', async (params) => {
    const [few, many] = [await at(small, params), await at(large, params)];
    expect(many.answer.recordings.length).toBe(Math.min(25, many.answer.pagination.total));
    expect(many.scanned).toBeLessThanOrEqual(PAGE_READS);
    // Per row answered: a facet rarer than a page (starred is 1 in 10) fills fewer rows of the small library's page.
    const perRow = (c: typeof few) => c.units / Math.max(1, c.answer.recordings.length);
    expect(perRow(many)).toBeLessThanOrEqual(perRow(few) * 1.5 + 0.1);
  });

  it('reads a bounded multiple of the page when filters mix (the narrowest facet, filtered by the rest)', async () => {
    const { scanned, answer } = await at(large, { starred: false, inbox: true, sort_by: 'title' });
    expect(answer.recordings).toHaveLength(25);
    expect(scanned).toBeLessThanOrEqual(3 * 25 + PAGE_READS - 25);
  });

  it('totals a date range from the day counters (8 items a month) and a partial first day, not the library', async () => {
    const from = Date.now() - 60 * 86_400_000;
    const { scanned, answer } = await cost(large, { date_from: new Date(from).toISOString() });
    expect(answer.pagination.total).toBeGreaterThan(25);
    expect(scanned).toBeLessThanOrEqual(PAGE_READS + 3 * 8 + 10);
  });

  it('answers what the in-memory rules answer over the whole library, mixed filters and every order included', async () => {
    const all = await listUserRecordings(large.userId);
    const cases: Record<string, string | number | boolean>[] = [
      { sort_by: 'title', sort_order: 'asc', per_page: 100 },
      { sort_by: 'title', page: 3, per_page: 40 },
      { sort_by: 'meeting_date', sort_order: 'asc', page: 2 },
      { sort_by: 'file_size', page: 4, per_page: 30 },
      { tag_id: large.tagId, starred: false, sort_by: 'title', per_page: 100 },
      { tag_id: large.tagId, inbox: true, page: 2, per_page: 10 },
      { inbox: true, starred: false, sort_order: 'asc', page: 2 },
      { q: 'budget', sort_by: 'file_size', per_page: 50 },
      { q: 'hiring', per_page: 5, page: 3 },
      { q: 'hiring', per_page: 10, page: 2 },
      { q: 'Ing', sort_order: 'asc', per_page: 7, page: 9 },
      { q: 'budget', page: 2, per_page: 20 },
      { q: 'HIRING', sort_by: 'title', sort_order: 'asc', per_page: 3, page: 2 },
      { q: 'ALICE', inbox: false, date_from: '2025-06-01', page: 2 },
      { q: 'ice', sort_by: 'title', sort_order: 'asc', page: 2, per_page: 20 },
      { q: 'ÉMI', tag_id: large.tagId, sort_by: 'meeting_date' },
      { q: 'e, b', starred: false, per_page: 100 },
      { q: ' Retro web ', status: 'completed' },
      { q: 'bo', sort_by: 'file_size', page: 2 },
      { q: 'y', inbox: true },
      { q: 'zzz' },
      { q: 'ING', sort_by: 'meeting_date', page: 3 },
      { q: 'ing', sort_by: 'file_size', sort_order: 'asc', per_page: 100, page: 2 },
      { date_from: '2025-01-01', date_to: '2025-12-31T12:00:00Z', sort_by: 'meeting_date', per_page: 100 },
      { date_to: '2025-06-30', tag_id: large.tagId, sort_order: 'asc' },
      { date_to: '2025-06-30', sort_by: 'title' },
      { date_from: '2026-02-01', page: 2 },
      { date_from: '2025-03-10T05:00:00Z', date_to: '2025-03-20T20:00:00Z', per_page: 100 },
      { date_from: '2025-03-10T05:00:00Z', date_to: '2025-03-10T20:00:00Z' },
      { date_from: '2025-05-10', date_to: '2025-05-01' },
      { status: 'failed' },
      { page: 30 },
    ];
    for (const params of cases) {
      const q = query(params);
      const expected = sortRecordings(filterRecordings(all, q), q);
      const { recordings, pagination } = await listRecordings(large.userId, q);
      expect(pagination.total, JSON.stringify(params)).toBe(expected.length);
      const offset = (q.page - 1) * q.per_page;
      expect(recordings.map((r) => r.id), JSON.stringify(params)).toEqual(expected.slice(offset, offset + q.per_page).map((r) => r.id));
    }
  });

  it('keeps the entries and totals true through a status change, a star, a tag and a delete', async () => {
    const user = await createUser({ email: `list-write-${randomUUID()}@example.test` });
    const tagId = await seedTag(user.id, 'moved');
    const done = await seedRecording(user.id, { status: 'COMPLETED', changes: { is_highlighted: true, tag_ids: [tagId] } });
    await seedRecording(user.id, { status: 'FAILED' });
    const total = async (params: Record<string, string | number | boolean>) => (await listRecordings(user.id, query(params))).pagination.total;
    expect([await total({}), await total({ status: 'completed' }), await total({ starred: true }), await total({ tag_id: tagId })]).toEqual([2, 1, 1, 1]);
    const { deleteRecordingItems } = await import('#shared/store/recording-writes.ts');
    await deleteRecordingItems(done);
    expect([await total({}), await total({ status: 'completed' }), await total({ starred: true }), await total({ tag_id: tagId })]).toEqual([1, 0, 0, 0]);
    expect(await total({ date_from: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) })).toBe(1);
    expect((await listRecordings(user.id, query({ status: 'failed' }))).recordings).toHaveLength(1);
  });
});

describe('what q and the statistics cost', () => {
  const plain = () => cost(large, {});

  it('q reads the postings of its rarest trigram and the entries of its matches: per match, as much at 500 recordings as at 50, and less than the library', async () => {
    // One title in 12 holds "hiring"; "hi" has no trigram, so it reads the whole facet, as q did before the postings.
    const [few, many, facet] = [await cost(small, { q: 'hiring' }), await cost(large, { q: 'hiring' }), await cost(large, { q: 'hi' })];
    expect(many.answer.pagination.total).toBeGreaterThan(few.answer.pagination.total);
    const perMatch = (c: typeof few) => c.units / Math.max(1, c.answer.pagination.total);
    expect(perMatch(many)).toBeLessThanOrEqual(perMatch(few) * 1.5 + 0.1);
    expect(facet.scanned).toBeGreaterThanOrEqual(500);
    expect(many.scanned).toBeLessThan(facet.scanned / 2);
    expect(many.units).toBeLessThan(facet.units);
  });

  it('a q matching more than 1 in 6 reads the facet instead, as far as the page when it is the only filter, whole to count with another', async () => {
    // "ing": Hiring, Onboarding and the marketing team, about 1 title in 4.
    const [many, mixed, facet] = [await cost(large, { q: 'ing' }), await cost(large, { q: 'ing', starred: false }), await cost(large, { q: 'hi' })];
    expect(many.answer.pagination.total * 6).toBeGreaterThan(500);
    // The total from the postings (≈ 130 small items), the page from about per_page ÷ 1/4 entries
    // of the facet (≈ 125); counting the facet read all 500 entries and the postings.
    expect(many.scanned).toBeLessThan(500 * 0.6);
    expect(many.units).toBeLessThan(facet.units / 2);
    expect(mixed.scanned).toBeGreaterThanOrEqual(400);
    expect(mixed.units).toBeLessThanOrEqual(facet.units * 1.3 + 3);
  });

  it('a q that fills a small page from a few facet entries reads those, not every match by key', async () => {
    // "hiring": 1 title in 12, about 40 at 500. Five rows: about 70 entries of the facet (≈ 6 RCU) against 40 keyed reads (20 RCU).
    const { units, answer } = await cost(large, { q: 'hiring', per_page: 5, page: 2 });
    const matches = answer.pagination.total;
    expect(matches).toBeGreaterThan(25);
    expect(answer.recordings).toHaveLength(5);
    expect(units).toBeLessThan(matches * 0.5);
  });

  it('a q alone in the default order reads the entries of its page by key, chosen from the postings, whatever the page', async () => {
    // "hiring": about 40 titles at 500. Rows 11 to 20 newest first: 15 entries by key (7.5 RCU), not all 40 (20 RCU).
    const { units, answer } = await cost(large, { q: 'hiring', per_page: 10, page: 2 });
    expect(answer.pagination.total).toBeGreaterThan(25);
    expect(answer.recordings).toHaveLength(10);
    expect(units).toBeLessThan(answer.pagination.total * 0.5);
    const deep = await cost(large, { q: 'hiring', per_page: 10, page: 4, sort_order: 'asc' });
    expect(deep.units).toBeLessThanOrEqual(units + 1);
  });

  it('a rare q costs a page or less, however large the library', async () => {
    const [first] = (await listRecordings(large.userId, query({ sort_order: 'asc', per_page: 1 }))).recordings;
    const { units, answer } = await cost(large, { q: first!.title.toUpperCase() });
    expect(answer.recordings.map((r) => r.id)).toContain(first!.id);
    expect(units).toBeLessThanOrEqual(3 * (await plain()).units);
  });

  it('GET /stats reads the counters, today and the latest completion: as many items at 500 recordings as at 50, the same numbers as the library', async () => {
    const now = new Date();
    const read = async (lib: typeof small) => {
      meter.reset();
      const stats = await userStats(lib.userId, now);
      return { stats, scanned: meter.itemsScanned, units: meter.capacityUnits };
    };
    const [few, many] = [await read(small), await read(large)];
    expect(many.scanned).toBeLessThanOrEqual(few.scanned + 8);
    expect(many.units).toBeLessThanOrEqual(few.units + 2);
    for (const [lib, { stats }] of [[small, few], [large, many]] as const) {
      const expected = statistics(await listUserRecordings(lib.userId), NO_USAGE, NO_BUDGETS, now);
      expect(stats.recordings).toEqual(expected.recordings);
      expect(stats.storage).toEqual(expected.storage);
      expect(stats.activity).toEqual(expected.activity);
    }
  });

  it('keeps q and the statistics true through a rename, long participants, a lost audio file and a delete', async () => {
    const user = await createUser({ email: `list-q-${randomUUID()}@example.test` });
    const total = async (q: string) => (await listRecordings(user.id, query({ q }))).pagination.total;
    const early = await seedRecording(user.id, { title: 'Quarterly planning', status: 'COMPLETED', fileSize: 1500, changes: { completed_at: '2025-02-01T10:00:00.000Z' } });
    const late = await seedRecording(user.id, { title: 'Weekly sync', status: 'COMPLETED', fileSize: 2500, changes: { completed_at: '2025-03-01T10:00:00.000Z' } });
    // The postings follow each commit; a route or worker waits for them before it answers, as here.
    await commitsSettled();
    expect([await total('planning'), await total('sync'), await total('WEEK')]).toEqual([1, 1, 1]);

    const { writeRecording, deleteRecordingItems } = await import('#shared/store/recording-writes.ts');
    // Hundreds of trigrams: more postings than one transaction takes.
    const crowd = Array.from({ length: 120 }, (_, i) => `Person ${i.toString(36)}${(i * 7919).toString(36)}`).join(', ');
    const renamed = (await writeRecording(late, { changes: { title: 'Monthly review', participants: crowd } })).recording;
    await commitsSettled();
    expect([await total('sync'), await total('monthly'), await total('person 3b'), await total(crowd.slice(-12))]).toEqual([0, 1, 1, 1]);

    const stats = async () => (await userStats(user.id)).activity.last_transcription + ' ' + (await userStats(user.id)).storage.used_bytes;
    expect(await stats()).toBe('2025-03-01T10:00:00.000Z 4000');
    await writeRecording(early, { changes: { audio_key: null } });
    expect(await stats()).toBe('2025-03-01T10:00:00.000Z 2500');
    await deleteRecordingItems(renamed);
    await commitsSettled();
    expect([await total('monthly'), await total('person')]).toEqual([0, 0]);
    expect(await stats()).toBe('2025-02-01T10:00:00.000Z 0');
  });
});

/** Makes a recording look as one stored before the index: no entries, no counters (its user's nor the service's), no mark. */
async function unindex(recording: Recording): Promise<void> {
  for (const facet of facetsOf(recording)) await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: entryKey(recording.id, facet) }));
  await transact(serviceCounterWrites(recording, undefined));
  await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key.recording(recording.id), UpdateExpression: 'REMOVE list_indexed, service_counted' }));
  for (const pk of [`LISTCOUNT#${recording.user_id}`, `LISTDAYS#${recording.user_id}`]) {
    const { Items = [] } = await dynamo().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk } }));
    for (const item of Items) await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK } }));
  }
}

describe('backfilling the list index', () => {
  it('lists backfill (the CLI) indexes recordings stored before it, once, with the right totals, and carries this month’s usage in', async () => {
    const user = await createUser({ email: `list-backfill-${randomUUID()}@example.test` });
    const seeded = await Promise.all(Array.from({ length: 6 }, (_, i) => seedRecording(user.id, { title: `old ${i}`, status: i % 2 ? 'COMPLETED' : 'FAILED', createdAt: new Date(Date.UTC(2024, 0, i + 1)) })));
    for (const r of seeded) await unindex(r);
    expect((await listRecordings(user.id, query({}))).pagination.total).toBe(0);
    // Listed before list entries carried the recording's time zone: their entries have none.
    const zoned = await seedRecording(user.id, { title: 'zoned', timeZone: 'Asia/Tokyo', createdAt: new Date(Date.UTC(2024, 1, 1)) });
    const zoneless = await seedRecording(user.id, { title: 'zoneless', createdAt: new Date(Date.UTC(2024, 1, 2)) });
    for (const r of [zoned, zoneless]) {
      for (const facet of facetsOf(r)) {
        await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: entryKey(r.id, facet), UpdateExpression: 'REMOVE time_zone' }));
      }
    }
    expect((await listRecordings(user.id, query({}))).recordings.map((r) => r.time_zone)).toEqual([null, null]);

    // This month's usage as a version before the service's usage items wrote it: the day item alone.
    const day = new Date().toISOString().slice(0, 10);
    await dynamo().send(new UpdateCommand({
      TableName: tableName(), Key: key.usage(user.id, day), UpdateExpression: 'SET #day = :day, user_id = :uid, GSI1PK = :gpk, GSI1SK = :gsk ADD transcription_seconds :s',
      ExpressionAttributeNames: { '#day': 'day' }, ExpressionAttributeValues: { ':day': day, ':uid': user.id, ':gpk': `USAGEDAY#${day}`, ':gsk': `USER#${user.id}`, ':s': 30 },
    }));

    // As an operator runs it after upgrading: `npm run cli -- lists backfill`.
    const run = await cli(['--json', 'lists', 'backfill']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { indexed: number; refreshed: number; usage_days: number };
    expect(result.indexed).toBeGreaterThanOrEqual(6);
    expect(result.refreshed).toBeGreaterThanOrEqual(2);
    // A recording without a zone gets a null one in its entries, so the next start passes it by.
    const { Item: zonelessEntry } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: entryKey(zoneless.id, 'ALL'), ConsistentRead: true }));
    expect(zonelessEntry).toHaveProperty('time_zone', null);
    expect(result.usage_days).toBeGreaterThanOrEqual(1);
    const { Item: usage } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.usage(user.id, day), ConsistentRead: true }));
    expect(usage?.service_counted).toBe(true);
    const { recordings, pagination } = await listRecordings(user.id, query({ sort_order: 'asc' }));
    expect(pagination.total).toBe(8);
    expect(recordings.map((r) => r.title)).toEqual([...seeded.map((r) => r.title), 'zoned', 'zoneless']);
    // The zoned recording's entries carry its zone again, in every facet; the others have none to carry.
    expect(recordings.map((r) => r.time_zone)).toEqual([...seeded.map(() => null), 'Asia/Tokyo', null]);
    expect((await listRecordings(user.id, query({ status: 'pending', sort_order: 'asc' }))).recordings.map((r) => r.time_zone)).toEqual(['Asia/Tokyo', null]);
    expect((await listRecordings(user.id, query({ status: 'completed' }))).pagination.total).toBe(3);
    expect((await listRecordings(user.id, query({ date_from: '2024-01-02', date_to: '2024-01-04' }))).pagination.total).toBe(3);

    // Again: nothing left to index or write again, zone-less entries included.
    expect(await backfillListIndex()).toEqual({ indexed: 0, refreshed: 0 });
    expect((await listRecordings(user.id, query({}))).pagination.total).toBe(8);
  });
});
