// The contract's filters and orders of GET /recordings over plain rows (recordings or their
// list entries): the reference the list index agrees with (test/e2e/recordings-list-cost.test.ts),
// and what orders the matches of `q` (list-plan.ts).
import { statusFilter } from '../domain/recordings/status.ts';
import type { ListQuery } from '../http/recording-schemas.ts';
import type { ListEntry } from '../store/list-index.ts';

type Row = Pick<ListEntry, 'id' | 'status' | 'created_at' | 'meeting_date' | 'title' | 'participants' | 'file_size' | 'tag_ids' | 'is_inbox' | 'is_highlighted'>;
export type Filters = Pick<ListQuery, 'status' | 'date_from' | 'date_to' | 'tag_id' | 'q' | 'inbox' | 'starred'>;
export type Sort = Pick<ListQuery, 'sort_by' | 'sort_order'>;

export function filterRecordings<T extends Row>(recordings: readonly T[], f: Filters): T[] {
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

/** Made on the first title sort: a Collator loads ICU's collation data, ~13 ms of a cold start. */
let titles: Intl.Collator | undefined;
const titleCollator = () => (titles ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true }));

const COMPARE: Record<Sort['sort_by'], (a: Row, b: Row) => number> = {
  created_at: (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
  meeting_date: (a, b) => Date.parse(a.meeting_date) - Date.parse(b.meeting_date),
  title: (a, b) => titleCollator().compare(a.title, b.title),
  file_size: (a, b) => a.file_size - b.file_size,
};

/** Equal keys fall back to the id, in the same direction, so pages never shuffle. */
export function ordered<T extends Pick<Row, 'id'>>(rows: readonly T[], compare: (a: T, b: T) => number, order: Sort['sort_order']): T[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (compare(a, b) || a.id - b.id));
}

export function sortRecordings<T extends Row>(recordings: readonly T[], sort: Sort): T[] {
  return ordered(recordings, COMPARE[sort.sort_by], sort.sort_order);
}
