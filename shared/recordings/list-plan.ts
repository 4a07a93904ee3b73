// How GET /recordings reads the list index (shared/store/list-index.ts) for one request:
//
// 1. The facet: of the filters that have one (status, inbox, starred, tag), the one with the
//    fewest recordings by the counters; none given, ALL. The other filters become a filter on
//    that facet's entries.
// 2. The total: from the counters when the request filters only on status, inbox and starred
//    (any mix), or on a tag alone; from the day counters (and a count of a partial first or
//    last day) for a date range alone; otherwise (a date range or a tag with another filter,
//    or a `q` under 3 characters) by counting the facet's entries that match, within the date
//    range if given.
// 3. The page: one Query of the facet in the order asked, reading offset + per_page entries
//    when nothing is left to filter, on until enough matched when something is.
//
// A `q` of 3 characters or more first finds the recordings whose title or participants hold
// it, from the trigram postings (store/list-search.ts). Then whichever reads less: entries by
// key (BatchGet; one costs about 6 entries read in a Query) or the facet (above). By key: for
// `q` alone in created_at order, which the postings carry, only the page's (and SPARE more, in
// case one no longer matches); otherwise every match's, with the other filters, the order and
// the page applied in memory by the contract's own rules (list-rules.ts), total and page exact.
// The facet: with no other filter, only as far as the page (the postings gave the total, and
// about per_page ÷ the matching share of entries fill it); with one, whole, to count.
//
// Cost (RCU, eventually consistent reads of ~0.7 KB entries): page 1 of any sort or of one
// filter other than a date range or q ≈ per_page entries + 8 counter shards; page n reads the
// (n - 1) × per_page entries before it too. A date range alone adds 8 day-counter items per
// month it spans (and the entries of a partial first or last day); with another filter, a
// count of the facet's entries in the range. `q` reads the postings of its rarest trigram
// (≈ 0.1 KB each, and a first page of up to 8 trigrams) and then the cheaper of the entries by
// key (0.5 RCU each) or the facet as described; a `q` of 1 or 2 characters (which most titles
// hold) counts the facet.
import { statusFilter, type RecordingStatus } from '../domain/recordings/status.ts';
import type { ListQuery } from '../http/recording-schemas.ts';
import { cellName, STATUS_GROUPS, statusGroup, tagCellName, type ListEntry, type StatusGroup } from '../store/list-index.ts';
import { countCreatedBetween, countEntries, pageOfEntries, readCounters, type EntryFilter } from '../store/list-queries.ts';
import { entriesOf, searchable, searchMatches, type Match } from '../store/list-search.ts';
import { filterRecordings, ordered, sortRecordings } from './list-rules.ts';

interface Candidate {
  readonly facet: string;
  readonly count: number;
  /** The filter with this facet's own condition taken out. */
  readonly rest: EntryFilter;
}

const BOOLS = [false, true] as const;

/** The sum of the status/inbox/starred cells that match. */
export function cellSum(counters: Map<string, number>, groups: readonly StatusGroup[], inbox?: boolean, starred?: boolean): number {
  let sum = 0;
  for (const g of groups)
    for (const i of inbox === undefined ? BOOLS : [inbox])
      for (const s of starred === undefined ? BOOLS : [starred]) sum += counters.get(cellName(g, i, s)) ?? 0;
  return sum;
}

function groupsOf(status: ListQuery['status']): StatusGroup[] | undefined {
  const statuses = statusFilter(status);
  return statuses ? [...new Set(statuses.map((s: RecordingStatus) => statusGroup(s)))] : undefined;
}

function entryFilter(query: ListQuery): EntryFilter {
  const q = query.q?.trim().toLowerCase();
  return {
    groups: groupsOf(query.status), inbox: query.inbox, starred: query.starred, tagId: query.tag_id,
    from: query.date_from, to: query.date_to, q: q || undefined,
  };
}

function candidates(f: EntryFilter, counters: Map<string, number>): Candidate[] {
  const out: Candidate[] = [{ facet: 'ALL', count: cellSum(counters, STATUS_GROUPS), rest: f }];
  if (f.groups?.length === 1) out.push({ facet: `S#${f.groups[0]}`, count: cellSum(counters, f.groups), rest: { ...f, groups: undefined } });
  if (f.inbox !== undefined) out.push({ facet: `I#${f.inbox ? 1 : 0}`, count: cellSum(counters, STATUS_GROUPS, f.inbox), rest: { ...f, inbox: undefined } });
  if (f.starred !== undefined) out.push({ facet: `F#${f.starred ? 1 : 0}`, count: cellSum(counters, STATUS_GROUPS, undefined, f.starred), rest: { ...f, starred: undefined } });
  if (f.tagId !== undefined) out.push({ facet: `T#${f.tagId}`, count: counters.get(tagCellName(f.tagId)) ?? 0, rest: { ...f, tagId: undefined } });
  // The narrowest facet that covers the request: ALL only when nothing else applies.
  const narrowed = out.length > 1 ? out.slice(1) : out;
  return narrowed.sort((a, b) => a.count - b.count);
}

/**
 * The total from what is known without reading the facet: the counters when the filters allow
 * it, the day counters for a date range alone, the postings' matches for a `q` alone.
 */
async function knownTotal(userId: number, f: EntryFilter, counters: Map<string, number>, matches?: number): Promise<number | undefined> {
  const facets = f.groups !== undefined || f.inbox !== undefined || f.starred !== undefined || f.tagId !== undefined;
  const dated = f.from !== undefined || f.to !== undefined;
  if (f.q !== undefined) return facets || dated ? undefined : matches;
  if (dated) return facets ? undefined : countCreatedBetween(userId, f.from, f.to);
  if (f.tagId !== undefined) return f.groups || f.inbox !== undefined || f.starred !== undefined ? undefined : (counters.get(tagCellName(f.tagId)) ?? 0);
  return cellSum(counters, f.groups ?? STATUS_GROUPS, f.inbox, f.starred);
}

/**
 * Reading an entry by its key costs what 4 KB costs (BatchGet rounds each item up); reading
 * it in a Query, its ~0.7 KB: about 6 entries of a facet for one read by key.
 */
const KEYED_READ_COST = 6;

/**
 * How many of the facet's entries the facet path reads for this `q`: as far as the page when
 * `q` is the only filter (the postings gave the total; entries match in the share the matches
 * have, as the page read assumes), else the whole facet to count.
 */
function facetReads(matches: number, facetCount: number, query: ListQuery, qAlone: boolean): number {
  if (!qAlone || matches === 0) return facetCount;
  return Math.min(facetCount, Math.ceil(((query.page * query.per_page * facetCount) / matches) * 1.2));
}

interface Page {
  readonly entries: ListEntry[];
  readonly total: number;
}

/** `q` from the postings: the matches' entries, filtered and ordered by the contract's rules. */
async function searchPage(ids: readonly number[], query: ListQuery): Promise<Page> {
  const matches = sortRecordings(filterRecordings(await entriesOf(ids), query), query);
  const offset = (query.page - 1) * query.per_page;
  return { entries: matches.slice(offset, offset + query.per_page), total: matches.length };
}

/** Entries read past a page the postings chose: one that no longer matches (a crash left its old postings) gives way. */
const SPARE = 5;

/** `q` alone, ordered by created_at from the postings (which carry it): only the page's entries are read. */
async function pageFromPostings(sorted: readonly Match[], query: ListQuery): Promise<Page> {
  const offset = (query.page - 1) * query.per_page;
  const entries = await entriesOf(sorted.slice(offset, offset + query.per_page + SPARE).map((m) => m.id));
  return { entries: sortRecordings(filterRecordings(entries, query), query).slice(0, query.per_page), total: sorted.length };
}

/** Every match's posting carries its created_at (postings written before they did do not). */
const dated = (matches: readonly Match[]): matches is readonly Required<Match>[] => matches.every((m) => m.at !== undefined);

/** The page from the matches' entries read by key, when that reads less than the facet; else undefined. */
function pageByKey(matches: readonly Match[], facetCount: number, query: ListQuery, qAlone: boolean): Promise<Page> | undefined {
  // The contract's created_at order (list-rules.ts), on the postings' epoch ms.
  const sorted = qAlone && query.sort_by === 'created_at' && dated(matches) ? ordered(matches, (a, b) => a.at - b.at, query.sort_order) : undefined;
  const keyed = sorted ? Math.min(sorted.length, query.per_page + SPARE) : matches.length;
  if (keyed * KEYED_READ_COST > facetReads(matches.length, facetCount, query, qAlone)) return undefined;
  return sorted ? pageFromPostings(sorted, query) : searchPage(matches.map((m) => m.id), query);
}

export async function listPage(userId: number, query: ListQuery): Promise<Page> {
  const filter = entryFilter(query);
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) return { entries: [], total: 0 };
  const q = filter.q !== undefined && searchable(filter.q) ? filter.q : undefined;
  const [counters, matches] = await Promise.all([readCounters(userId), q === undefined ? undefined : searchMatches(userId, q)]);
  const best = candidates(filter, counters)[0]!;
  const known = await knownTotal(userId, filter, counters, matches?.length);
  const byKey = matches && pageByKey(matches, best.count, query, known !== undefined);
  if (byKey) return byKey;
  const facetQuery = { userId, facet: best.facet, filter: best.rest };
  const total = known ?? (await countEntries(facetQuery));
  const offset = (query.page - 1) * query.per_page;
  if (offset >= total) return { entries: [], total };
  const order = { sortBy: query.sort_by, ascending: query.sort_order === 'asc', share: best.count > 0 ? total / best.count : 1 };
  const entries = await pageOfEntries(facetQuery, order, offset, Math.min(query.per_page, total - offset));
  return { entries, total };
}
