// The recordings list index: what GET /recordings reads instead of the user's whole library.
//
// - List entries: one small item per recording and facet (ALL, its status group S#<group>,
//   I#<inbox 0|1>, F#<starred 0|1>, and T#<tag id> for each of its tags), PK LIST#<rid>,
//   SK <facet>. Each entry carries the list item's fields and four sort keys in one partition
//   LIST#<uid>#<facet> of GSI1 (created_at), GSI2 (meeting_date), GSI3 (title collation key)
//   and GSI4 (file_size), so a page of any sort within one facet is one Query of per_page items.
// - List counters: LISTCOUNT#<uid> / SHARD#<rid mod 8>, one cell per (status group, inbox,
//   starred) and one per tag, so the totals of those filters are a read of 8 small items.
//   Sharded so that writes to different recordings of one user seldom meet on an item.
// - Day counters: LISTDAYS#<uid> / <yyyy-mm>#<rid mod 8>, a cell d<dd> per UTC day of
//   created_at (which never changes), so a date range's total reads 8 items a month.
// - The counter shards also hold `bytes` (file_size of the recordings whose audio is kept), and
//   a DONE item (PK LIST#<rid>, SK DONE) puts each recording with a completed_at in GSI1
//   LISTDONE#<uid> by that time: GET /stats reads those instead of the library.
// - Trigram postings (list-search.ts): LISTGRAM#<uid>#<trigram> / <rid padded>, one per
//   distinct trigram of the lower-cased title or participants, carrying that text, so `q`
//   reads the postings of its rarest trigram and the entries of what matches.
//
// Entries and counters are written in the recording's own transaction (recording-writes.ts),
// from the recording before and after, so they are exactly what the recordings say. The
// postings follow right after the commit, from a marker the transaction writes
// (list-postings.ts): about 80 writes for a new title held the change and its event.
import type { TransactWriteCommandInput } from '../clients/dynamodb.ts';
import type { RecordingStatus } from '../domain/recordings/status.ts';
import type { Recording } from './recordings.ts';
import { markerWrite, postingItems } from './list-postings.ts';
import { padId, tableName } from './table.ts';

const COUNTER_SHARDS = 8;
export const STATUS_GROUPS = ['pending', 'processing', 'completed', 'failed'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

/** The sort orders the list offers and the index holding each. */
export const SORT_INDEX = { created_at: 'GSI1', meeting_date: 'GSI2', title: 'GSI3', file_size: 'GSI4' } as const;

/** The fields a list entry carries: the list item's, plus what filters read. */
const ENTRY_FIELDS = [
  'id', 'user_id', 'title', 'status', 'created_at', 'meeting_date', 'file_size', 'original_filename', 'participants',
  'is_inbox', 'is_highlighted', 'audio_key', 'transcript_key', 'has_summary', 'tag_ids', 'completed_at', 'error_message',
  'time_zone',
] as const;
export type ListEntry = Pick<Recording, (typeof ENTRY_FIELDS)[number]>;

type Item = Record<string, unknown>;
export type Write = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export function statusGroup(status: RecordingStatus): StatusGroup {
  if (status === 'PROCESSING' || status === 'SUMMARIZING') return 'processing';
  return status.toLowerCase() as StatusGroup;
}

export function facetsOf(r: ListEntry): string[] {
  return ['ALL', `S#${statusGroup(r.status)}`, `I#${r.is_inbox ? 1 : 0}`, `F#${r.is_highlighted ? 1 : 0}`, ...new Set(r.tag_ids.map((t) => `T#${t}`))];
}

export const facetPartition = (userId: number, facet: string) => `LIST#${userId}#${facet}`;
export const entryKey = (recordingId: number, facet: string) => ({ PK: `LIST#${recordingId}`, SK: facet });
const counterKey = (userId: number, shard: number) => ({ PK: `LISTCOUNT#${userId}`, SK: `SHARD#${shard}` });
const dayCounterKey = (userId: number, month: string, shard: number) => ({ PK: `LISTDAYS#${userId}`, SK: `${month}#${shard}` });
export const cellName = (group: StatusGroup, inbox: boolean, starred: boolean) => `c_${group}_${inbox ? 1 : 0}${starred ? 1 : 0}`;
export const tagCellName = (tagId: number) => `t_${tagId}`;
/** The counter cell of the bytes stored: file_size of the recordings whose audio is kept. */
export const BYTES_CELL = 'bytes';
export const donePartition = (userId: number) => `LISTDONE#${userId}`;
/** GSI2 partition of every DONE item: the service's completions. */
export const SERVICE_DONE = 'LISTDONE#ALL';

/** Numbers compare as numbers (digit runs padded), letters without case or accents, as the title sort's collator does for them. */
function titleKey(title: string): string {
  const folded = title.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return folded.replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(20, '0')).slice(0, 300);
}

function dateKey(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

function sortKeys(r: ListEntry) {
  const id = padId(r.id);
  return {
    GSI1SK: `${dateKey(r.created_at)}#${id}`,
    GSI2SK: `${dateKey(r.meeting_date)}#${id}`,
    // \u0001 is below every character a title may hold (control characters are refused).
    GSI3SK: `${titleKey(r.title)}\u0001${id}`,
    GSI4SK: `${String(Math.max(0, Math.trunc(r.file_size))).padStart(16, '0')}#${id}`,
  };
}

/** Lower-cased title and participants: what `q` is a substring of. */
const searchText = (r: ListEntry) => `${r.title.toLowerCase()}\n${r.participants.toLowerCase()}`;

/** Whether the trigram postings (list-postings.ts) must follow this change: its search text moved. */
export function postingsMove(before: ListEntry | undefined, after: ListEntry | undefined): boolean {
  return (before && searchText(before)) !== (after && searchText(after));
}

/** The entry's fields of a recording or a stored entry. */
export function entryOf(item: ListEntry | Record<string, unknown>): ListEntry {
  const fields = item as Record<string, unknown>;
  return Object.fromEntries(ENTRY_FIELDS.map((f) => [f, fields[f]])) as unknown as ListEntry;
}

function entryItem(r: ListEntry, facet: string): Item {
  const pk = facetPartition(r.user_id, facet);
  return {
    ...entryKey(r.id, facet), GSI1PK: pk, GSI2PK: pk, GSI3PK: pk, GSI4PK: pk, ...sortKeys(r),
    // time_zone null, not absent, for a recording without a zone: an absent one marks an entry
    // written before entries carried it, which the backfill writes again (list-backfill.ts).
    ...entryOf(r), time_zone: r.time_zone ?? null, search: searchText(r), group: statusGroup(r.status),
  };
}

/** A put of each of the recording's entries: the index as it is, written again. */
export function entryPuts(r: ListEntry): Write[] {
  return facetsOf(r).map((f): Write => ({ Put: { TableName: tableName(), Item: entryItem(r, f) } }));
}

const sameEntry = (a: ListEntry, b: ListEntry) => ENTRY_FIELDS.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));

/** The cells of its status group and bytes a recording adds to (+1) or, before a change, takes from (-1). */
export function statusCells(r: ListEntry, sign: number): Map<string, number> {
  const out = new Map<string, number>([[cellName(statusGroup(r.status), r.is_inbox, r.is_highlighted), sign]]);
  if (r.audio_key !== null && r.file_size > 0) out.set(BYTES_CELL, sign * r.file_size);
  return out;
}

/** Counter cells a recording adds to or takes from: status group, bytes and one per tag. */
function cells(r: ListEntry, sign: number): Map<string, number> {
  const out = statusCells(r, sign);
  for (const t of new Set(r.tag_ids)) out.set(tagCellName(t), sign);
  return out;
}

/** The day counter a recording counts in: its month's item and its day's cell. */
function dayCell(r: ListEntry): { month: string; cell: string } | undefined {
  const ms = Date.parse(r.created_at);
  if (Number.isNaN(ms)) return undefined;
  const day = new Date(ms).toISOString();
  return { month: day.slice(0, 7), cell: `d${day.slice(8, 10)}` };
}

function dayUpdate(r: ListEntry, sign: number): Write[] {
  const at = dayCell(r);
  return at ? addCells(dayCounterKey(r.user_id, at.month, r.id % COUNTER_SHARDS), new Map([[at.cell, sign]])) : [];
}

/** In GSI1 by the user's completions and in GSI2 by the service's (service-counters.ts). */
export function doneItem(r: ListEntry): Item | undefined {
  if (!r.completed_at) return undefined;
  const sortKey = `${dateKey(r.completed_at)}#${padId(r.id)}`;
  return { ...entryKey(r.id, 'DONE'), GSI1PK: donePartition(r.user_id), GSI1SK: sortKey, GSI2PK: SERVICE_DONE, GSI2SK: sortKey, completed_at: r.completed_at };
}

/** The DONE item follows completed_at: put when it is set or moves, deleted when it goes. */
function doneWrites(before: ListEntry | undefined, after: ListEntry | undefined): Write[] {
  const was = before?.completed_at ?? null;
  const is = after?.completed_at ?? null;
  if (was === is) return [];
  const item = after && doneItem(after);
  if (item) return [{ Put: { TableName: tableName(), Item: item } }];
  return [{ Delete: { TableName: tableName(), Key: entryKey(before!.id, 'DONE') } }];
}

/** One ADD on the recording's counter shard, or nothing when no cell moves. */
function counterUpdate(userId: number, recordingId: number, deltas: Map<string, number>): Write[] {
  return addCells(counterKey(userId, recordingId % COUNTER_SHARDS), deltas);
}

export function addCells(key: Item, deltas: Map<string, number>): Write[] {
  const moved = [...deltas].filter(([, d]) => d !== 0);
  if (moved.length === 0) return [];
  return [{
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${moved.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(moved.map(([name], i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(moved.map(([, d], i) => [`:c${i}`, d])),
    },
  }];
}

export function addDeltas(into: Map<string, number>, from: Map<string, number>): Map<string, number> {
  for (const [name, d] of from) into.set(name, (into.get(name) ?? 0) + d);
  return into;
}

/**
 * What keeps the index true when a recording goes from `before` to `after` (undefined: it
 * does not exist on that side): entry puts and deletes, and the counter shard's ADD.
 */
export function listIndexWrites(before: ListEntry | undefined, after: ListEntry | undefined, now = new Date()): Write[] {
  if (before && after && sameEntry(before, after)) return [];
  const recording = (after ?? before)!;
  const deltas = addDeltas(before ? cells(before, -1) : new Map(), after ? cells(after, 1) : new Map());
  const kept = new Set(after ? facetsOf(after) : []);
  const gone = (before ? facetsOf(before) : []).filter((f) => !kept.has(f));
  return [
    ...counterUpdate(recording.user_id, recording.id, deltas),
    ...(before ? [] : dayUpdate(after!, 1)),
    ...(after ? [] : dayUpdate(before!, -1)),
    ...(after ? entryPuts(after) : []),
    ...gone.map((f): Write => ({ Delete: { TableName: tableName(), Key: entryKey(recording.id, f) } })),
    ...doneWrites(before, after),
    ...markerWrite(recording.user_id, recording.id, before && searchText(before), after && searchText(after), now, recording.created_at),
  ];
}

/** Many new recordings at once (bulk loads): their entries, and one ADD per counter shard. */
export function bulkIndex(recordings: readonly ListEntry[]): { entries: Item[]; counters: Write[] } {
  const items = new Map<string, { key: Item; deltas: Map<string, number> }>();
  const add = (key: Item, deltas: Map<string, number>) => {
    const id = `${key.PK}|${key.SK}`;
    const at = items.get(id) ?? { key, deltas: new Map() };
    items.set(id, at);
    addDeltas(at.deltas, deltas);
  };
  for (const r of recordings) {
    add(counterKey(r.user_id, r.id % COUNTER_SHARDS), cells(r, 1));
    const day = dayCell(r);
    if (day) add(dayCounterKey(r.user_id, day.month, r.id % COUNTER_SHARDS), new Map([[day.cell, 1]]));
  }
  return {
    entries: recordings.flatMap((r) => [
      ...facetsOf(r).map((f) => entryItem(r, f)),
      ...[doneItem(r)].filter((i) => i !== undefined),
      ...postingItems(r.user_id, r.id, searchText(r), r.created_at),
    ]),
    counters: [...items.values()].flatMap((i) => addCells(i.key, i.deltas)),
  };
}
