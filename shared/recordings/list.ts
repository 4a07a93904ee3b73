// GET /recordings: a page read from the list index (list-plan.ts says how and what it costs).
// filterRecordings and sortRecordings state the contract's filters and orders over plain
// recordings: the reference the index must agree with (test/e2e/recordings-list-cost.test.ts).
import { ValidationError } from '../domain/errors.ts';
import { statusFilter } from '../domain/recordings/status.ts';
import type { ListQuery } from '../http/recording-schemas.ts';
import type { Recording } from '../store/recordings.ts';
import { visibleTags } from '../store/tags.ts';
import { getProfile } from '../store/users.ts';
import { listPage } from './list-plan.ts';
import { listItem } from './present.ts';

export type Filters = Pick<ListQuery, 'status' | 'date_from' | 'date_to' | 'tag_id' | 'q' | 'inbox' | 'starred'>;
export type Sort = Pick<ListQuery, 'sort_by' | 'sort_order'>;

export function filterRecordings(recordings: readonly Recording[], f: Filters): Recording[] {
  const statuses = statusFilter(f.status);
  const needle = f.q?.trim().toLowerCase();
  return recordings.filter((r) => {
    const created = Date.parse(r.created_at);
    return (
      (!statuses || statuses.includes(r.status)) &&
      (f.date_from === undefined || created >= f.date_from) &&
      (f.date_to === undefined || created <= f.date_to) &&
      (f.tag_id === undefined || r.tag_ids.includes(f.tag_id)) &&
      (!needle || r.title.toLowerCase().includes(needle) || r.participants.toLowerCase().includes(needle)) &&
      (f.inbox === undefined || r.is_inbox === f.inbox) &&
      (f.starred === undefined || r.is_highlighted === f.starred)
    );
  });
}

const titles = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const COMPARE: Record<Sort['sort_by'], (a: Recording, b: Recording) => number> = {
  created_at: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
  meeting_date: (a, b) => Date.parse(a.meeting_date) - Date.parse(b.meeting_date),
  title: (a, b) => titles.compare(a.title, b.title),
  file_size: (a, b) => a.file_size - b.file_size,
};

/** Equal keys fall back to the id, in the same direction, so pages never shuffle. */
export function sortRecordings(recordings: readonly Recording[], sort: Sort): Recording[] {
  const sign = sort.sort_order === 'asc' ? 1 : -1;
  const compare = COMPARE[sort.sort_by];
  return [...recordings].sort((a, b) => sign * (compare(a, b) || a.id - b.id));
}

export interface Pagination {
  readonly page: number;
  readonly per_page: number;
  readonly total: number;
  readonly total_pages: number;
  readonly has_next: boolean;
  readonly has_prev: boolean;
}

export function paginate(total: number, page: number, perPage: number): Pagination {
  const totalPages = Math.ceil(total / perPage);
  return { page, per_page: perPage, total, total_pages: totalPages, has_next: page < totalPages, has_prev: page > 1 };
}

export async function listRecordings(userId: number, query: ListQuery) {
  const [profile, { entries, total }] = await Promise.all([getProfile(userId), listPage(userId, query)]);
  const groups = profile?.groups.map((g) => g.group_id) ?? [];
  if (query.tag_id !== undefined && (await visibleTags(userId, groups, [query.tag_id])).length === 0) {
    throw new ValidationError(`Unknown tag id ${query.tag_id}`, [{ path: 'tag_id', message: `no tag ${query.tag_id} you can see` }]);
  }
  const tags = await visibleTags(userId, groups, entries.flatMap((r) => r.tag_ids));
  return { recordings: entries.map((r) => listItem(r, tags)), pagination: paginate(total, query.page, query.per_page) };
}
