// GET /recordings: a page read from the list index (list-plan.ts says how and what it costs).
import { ValidationError } from '../domain/errors.ts';
import type { ListQuery } from '../http/recording-schemas.ts';
import { visibleTags } from '../store/tags.ts';
import { getProfile } from '../store/users.ts';
import { listPage } from './list-plan.ts';
export { filterRecordings, sortRecordings } from './list-rules.ts';
import { listItem } from './present.ts';

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
