// GET /recordings over HTTP: filters, sorts and pages over 30 recordings written through the store.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordingStatus } from '#shared/domain/recordings/status.ts';
import { call, newUser } from '../support/api.ts';
import { seedRecording, seedTag } from './recordings-fixtures.ts';

const STATUS_CYCLE: RecordingStatus[] = ['COMPLETED', 'FAILED', 'PROCESSING', 'SUMMARIZING', 'PENDING'];
const DAY = 86_400_000;
const MARCH_1 = Date.parse('2025-03-01T12:00:00Z');

let token: string;
let tagId: number;
/** Index i → recording id; recording i was created on March (i+1), 2025 at noon. */
const ids: number[] = [];

beforeAll(async () => {
  const owner = await newUser();
  token = owner.token;
  tagId = await seedTag(owner.user.id, 'Customers');
  const seeded = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      seedRecording(owner.user.id, {
        title: `${String.fromCharCode(97 + ((i * 11) % 26))}${i % 2 ? 'x' : 'X'} meeting ${i}`,
        status: STATUS_CYCLE[i % 5],
        createdAt: new Date(MARCH_1 + i * DAY),
        meetingDate: new Date(Date.parse('2024-01-01T09:00:00Z') + (29 - i) * DAY).toISOString(),
        fileSize: 1000 + ((i * 17) % 30) * 10,
        tagIds: i % 6 === 0 ? [tagId] : [],
        ...(i === 29 ? { timeZone: 'Europe/Berlin' } : {}),
        changes: { participants: i % 3 === 0 ? 'Alice Smith, Bob' : 'Carol', is_inbox: i < 10, is_highlighted: i % 4 === 0 },
      }),
    ),
  );
  ids.push(...seeded.map((r) => r.id));
});

const list = async (query: string) => {
  const response = await call(`/recordings?${query}`, { token });
  expect(response.status, response.text).toBe(200);
  return response.body as { recordings: any[]; pagination: Record<string, unknown> };
};
const indexes = (recordings: { id: number }[]) => recordings.map((r) => ids.indexOf(r.id));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

describe('listing recordings', () => {
  it('answers the first 25 newest first with the pagination object', async () => {
    const { recordings, pagination } = await list('');
    expect(indexes(recordings)).toEqual(range(5, 29).reverse());
    expect(pagination).toEqual({ page: 1, per_page: 25, total: 30, total_pages: 2, has_next: true, has_prev: false });
    expect(Object.keys(recordings[0]).sort()).toEqual(
      ['id', 'title', 'status', 'created_at', 'meeting_date', 'file_size', 'original_filename', 'participants', 'is_inbox', 'is_highlighted', 'audio_available', 'has_transcription', 'has_summary', 'error_message', 'tags', 'time_zone'].sort(),
    );
    // The zone its meeting date is read in, as its detail says it; null for one made before zones.
    expect(recordings.slice(0, 2).map((r) => r.time_zone)).toEqual(['Europe/Berlin', null]);
  });

  it('answers the last page with has_prev and without has_next, and an empty page past the end', async () => {
    const last = await list('page=2');
    expect(indexes(last.recordings)).toEqual([4, 3, 2, 1, 0]);
    expect(last.pagination).toMatchObject({ page: 2, total: 30, total_pages: 2, has_next: false, has_prev: true });
    const past = await list('page=3');
    expect(past.recordings).toEqual([]);
    expect(past.pagination).toMatchObject({ page: 3, total: 30, has_next: false, has_prev: true });
  });

  it('walks every recording exactly once through pages of 7', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const { recordings, pagination } = await list(`per_page=7&page=${page}&sort_order=asc`);
      expect(pagination).toMatchObject({ total: 30, total_pages: 5, has_next: page < 5, has_prev: page > 1 });
      seen.push(...indexes(recordings));
    }
    expect(seen).toEqual(range(0, 29));
  });

  it.each([
    ['pending', ['PENDING'], 6],
    ['processing', ['PROCESSING', 'SUMMARIZING'], 12],
    ['completed', ['COMPLETED'], 6],
    ['failed', ['FAILED'], 6],
  ])('filters status=%s with the right total', async (status, statuses, total) => {
    const { recordings, pagination } = await list(`status=${status}&per_page=100`);
    expect(pagination.total).toBe(total);
    expect(recordings).toHaveLength(total);
    for (const r of recordings) expect(statuses).toContain(r.status);
  });

  it('sorts by file size both ways', async () => {
    const asc = (await list('sort_by=file_size&sort_order=asc&per_page=100')).recordings.map((r) => r.file_size);
    expect(asc).toEqual(range(0, 29).map((k) => 1000 + k * 10));
    const desc = (await list('sort_by=file_size&per_page=100')).recordings.map((r) => r.file_size);
    expect(desc).toEqual([...asc].reverse());
  });

  it('sorts by meeting date, which here runs against the creation order', async () => {
    expect(indexes((await list('sort_by=meeting_date&sort_order=asc&per_page=100')).recordings)).toEqual(range(0, 29).reverse());
    expect(indexes((await list('sort_by=created_at&sort_order=asc&per_page=100')).recordings)).toEqual(range(0, 29));
  });

  it('sorts by title case-insensitively', async () => {
    const titles = (await list('sort_by=title&sort_order=asc&per_page=100')).recordings.map((r) => r.title as string);
    const expected = [...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }));
    expect(titles).toEqual(expected);
    expect(titles[0]!.toLowerCase() <= titles[29]!.toLowerCase()).toBe(true);
    const desc = (await list('sort_by=title&per_page=100')).recordings.map((r) => r.title as string);
    expect(desc).toEqual([...titles].reverse());
  });

  it('filters on the creation date, a date alone for date_to including that whole day', async () => {
    expect(indexes((await list('date_from=2025-03-10&date_to=2025-03-12&sort_order=asc')).recordings)).toEqual([9, 10, 11]);
    expect(indexes((await list('date_from=2025-03-10T00:00:00Z&date_to=2025-03-12T11:59:59Z&sort_order=asc')).recordings)).toEqual([9, 10]);
    expect((await list('date_from=2025-03-29')).pagination.total).toBe(2);
    expect((await list('date_to=2025-03-01')).pagination.total).toBe(1);
  });

  it('searches title and participants case-insensitively', async () => {
    const alice = await list('q=ALICE&per_page=100');
    expect(alice.pagination.total).toBe(10);
    expect(indexes(alice.recordings).every((i) => i % 3 === 0)).toBe(true);
    expect((await list('q=bob')).pagination.total).toBe(10);
    expect(indexes((await list('q=MEETING%2017')).recordings)).toEqual([17]);
    expect((await list('q=nobody')).pagination.total).toBe(0);
  });

  it('filters inbox and starred, alone and together', async () => {
    expect((await list('inbox=true')).pagination.total).toBe(10);
    expect((await list('inbox=false')).pagination.total).toBe(20);
    expect((await list('starred=true')).pagination.total).toBe(8);
    expect(indexes((await list('inbox=false&starred=true&sort_order=asc')).recordings)).toEqual([12, 16, 20, 24, 28]);
  });

  it('filters by a tag and shows the tags on each item', async () => {
    const { recordings, pagination } = await list(`tag_id=${tagId}&sort_order=asc`);
    expect(pagination.total).toBe(5);
    expect(indexes(recordings)).toEqual([0, 6, 12, 18, 24]);
    expect(recordings[0].tags).toEqual([{ id: tagId, name: 'Customers', color: '#3366ff' }]);
    expect((await list('status=failed&q=alice&per_page=100')).recordings.map((r) => r.status)).toEqual(['FAILED', 'FAILED']);
  });

  it("refuses a tag the caller cannot see with 400", async () => {
    const other = await newUser();
    const foreign = await seedTag(other.user.id, 'Theirs');
    for (const id of [foreign, 999_999_999]) {
      const response = await call(`/recordings?tag_id=${id}`, { token });
      expect(response.status).toBe(400);
      expect(response.body.details).toContainEqual(expect.objectContaining({ path: 'tag_id' }));
    }
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=ten', 'per_page'],
    ['page=0', 'page'],
    ['status=queued', 'status'],
    ['sort_by=duration', 'sort_by'],
    ['sort_order=up', 'sort_order'],
    ['date_from=2025-02-30', 'date_from'],
    ['date_to=yesterday', 'date_to'],
    ['inbox=maybe', 'inbox'],
    ['tag_id=abc', 'tag_id'],
  ])('refuses %s with 400 naming the parameter', async (query, path) => {
    const response = await call(`/recordings?${query}`, { token });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed' });
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it("shows a user only their own recordings", async () => {
    const other = await newUser();
    const { recordings, pagination } = (await call('/recordings', { token: other.token })).body;
    expect(recordings).toEqual([]);
    expect(pagination).toEqual({ page: 1, per_page: 25, total: 0, total_pages: 0, has_next: false, has_prev: false });
  });
});
