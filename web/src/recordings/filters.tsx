// The list's search box, filters and sort order. Changes apply at once (the search box on
// submit or after a pause in typing), and always go back to page 1. The date range is the
// API's: the upload date (created_at), so its fields say so; its days are the browser's.
// Filters and page live in the address (`?status=failed&page=2`), so going back from a
// recording, reloading or sharing the link shows the same list. On a phone the filters and sort
// fold under "Filters and sort" (open when one is set), so the list is on the first screen.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Check, Field, Select } from '../components/form.tsx';
import { useMediaQuery } from '../components/media.ts';
import type { ListQuery, Tag } from './types.ts';

export interface Filters {
  q: string;
  status: NonNullable<ListQuery['status']>;
  tag_id: string;
  starred: boolean;
  inbox: boolean;
  date_from: string;
  date_to: string;
  sort: string;
}

const NO_FILTERS: Filters = { q: '', status: 'all', tag_id: '', starred: false, inbox: false, date_from: '', date_to: '', sort: 'created_at:desc' };

const SORTS = [
  ['created_at:desc', 'Newest first'],
  ['created_at:asc', 'Oldest first'],
  ['meeting_date:desc', 'Meeting date, latest first'],
  ['title:asc', 'Title, A to Z'],
  ['title:desc', 'Title, Z to A'],
  ['file_size:desc', 'Largest first'],
] as const;

const STATUSES = [
  ['all', 'Any status'],
  ['pending', 'Queued'],
  ['processing', 'Processing'],
  ['completed', 'Completed'],
  ['failed', 'Failed'],
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const known = <T extends string>(value: string | null, options: readonly (readonly [T, string])[], fallback: T): T =>
  options.find(([v]) => v === value)?.[0] ?? fallback;

/** The filters and page an address asks for; anything unknown or malformed is left at its default. */
export function fromAddress(search: string): { filters: Filters; page: number } {
  const p = new URLSearchParams(search);
  const day = (name: string) => (DAY.test(p.get(name) ?? '') ? p.get(name)! : '');
  const page = Number(p.get('page'));
  const filters: Filters = {
    q: p.get('q') ?? '',
    status: known(p.get('status'), STATUSES, NO_FILTERS.status),
    tag_id: /^[1-9]\d{0,15}$/.test(p.get('tag_id') ?? '') ? p.get('tag_id')! : '',
    starred: p.get('starred') === 'true',
    inbox: p.get('inbox') === 'true',
    date_from: day('date_from'),
    date_to: day('date_to'),
    sort: known(p.get('sort'), SORTS, NO_FILTERS.sort),
  };
  return { filters, page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}

/** The address's query for these filters and page: only what differs from no filters, page 1. */
export function toAddress(f: Filters, page: number): string {
  const p = new URLSearchParams();
  for (const key of Object.keys(NO_FILTERS) as (keyof Filters)[]) if (f[key] !== NO_FILTERS[key]) p.set(key, String(f[key]));
  if (page > 1) p.set('page', String(page));
  const query = p.toString();
  return query ? `?${query}` : '';
}

export const isUnfiltered = (f: Filters): boolean => toAddress(f, 1) === '';

/** How many of the filters and the sort are set (the search box aside). */
const setCount = (f: Filters): number => (Object.keys(NO_FILTERS) as (keyof Filters)[]).filter((k) => k !== 'q' && f[k] !== NO_FILTERS[k]).length;

/** Wide enough to show the filters beside each other above the list. */
const WIDE = '(min-width: 48rem)';

/** The API's query for these filters and a page. */
export function toQuery(f: Filters, page: number): ListQuery {
  const [sort_by, sort_order] = f.sort.split(':') as [ListQuery['sort_by'], ListQuery['sort_order']];
  return {
    page: String(page),
    per_page: '20',
    sort_by,
    sort_order,
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
    ...(f.status !== 'all' ? { status: f.status } : {}),
    ...(f.tag_id ? { tag_id: f.tag_id } : {}),
    ...(f.starred ? { starred: 'true' as const } : {}),
    ...(f.inbox ? { inbox: 'true' as const } : {}),
    // A date alone would be a UTC day: the local day's first and last instants instead.
    ...(f.date_from ? { date_from: new Date(`${f.date_from}T00:00`).toISOString() } : {}),
    ...(f.date_to ? { date_to: new Date(`${f.date_to}T23:59:59.999`).toISOString() } : {}),
  };
}

export function FilterBar({ filters, tags, onChange }: { filters: Filters; tags: readonly Tag[]; onChange: (f: Filters) => void }) {
  const [q, setQ] = useState(filters.q);
  // The address can change the filters too (Back, the menu's "Recordings").
  useEffect(() => setQ(filters.q), [filters.q]);
  // The search waits for a pause in typing, then joins the filters as they are by then: another
  // filter changed meanwhile must not be undone by the ones current when typing began.
  const latest = useRef(filters);
  latest.current = filters;
  useEffect(() => {
    if (q === filters.q) return undefined;
    const timer = setTimeout(() => onChange({ ...latest.current, q }), 400);
    return () => clearTimeout(timer);
  }, [q]);
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const wide = useMediaQuery(WIDE);
  const count = setCount(filters);
  // Open at first when a filter is set (a shared link, Back); then as the user leaves it.
  const [unfolded] = useState(count > 0);
  return (
    <form
      role="search"
      class="filters"
      onSubmit={(e) => {
        e.preventDefault();
        set({ q });
      }}
    >
      <Field label="Search recordings" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
      {wide ? (
        <FilterFields filters={filters} tags={tags} set={set} />
      ) : (
        <details class="folded-filters" open={unfolded}>
          <summary>Filters and sort{count > 0 && ` (${count} set)`}</summary>
          <div class="filters">
            <FilterFields filters={filters} tags={tags} set={set} />
          </div>
        </details>
      )}
    </form>
  );
}

function FilterFields({ filters, tags, set }: { filters: Filters; tags: readonly Tag[]; set: (patch: Partial<Filters>) => void }) {
  return (
    <>
      <Select label="Status" value={filters.status} options={STATUSES} onInput={(e) => set({ status: e.currentTarget.value as Filters['status'] })} />
      <Select label="Tag" value={filters.tag_id} options={[['', 'Any tag'], ...tags.map((t) => [String(t.id), t.name] as const)]} onInput={(e) => set({ tag_id: e.currentTarget.value })} />
      <Field label="Uploaded from" type="date" value={filters.date_from} onInput={(e) => set({ date_from: e.currentTarget.value })} />
      <Field label="Uploaded to" type="date" value={filters.date_to} onInput={(e) => set({ date_to: e.currentTarget.value })} />
      <Select label="Sort" value={filters.sort} options={SORTS} onInput={(e) => set({ sort: e.currentTarget.value })} />
      <Check label="Starred only" checked={filters.starred} onChange={(e) => set({ starred: e.currentTarget.checked })} />
      <Check label="Inbox only" checked={filters.inbox} onChange={(e) => set({ inbox: e.currentTarget.checked })} />
    </>
  );
}
