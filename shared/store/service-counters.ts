// The service's statistics (GET /stats?scope=all), kept beside each user's list counters
// (list-index.ts) in the same transactions, so the administrators' numbers read a fixed set of
// items whatever the number of users:
// - counter shards LISTCOUNT#ALL / SHARD#<rid mod 16>: status-group and bytes cells, as a
//   user's (no tag cells). Twice a user's shards: every writer of the service meets here, and
//   a transaction that meets another on an item is cancelled and sent again (transact.ts).
// - day items LISTDAYS#ALL / <yyyy-mm-dd>#<rid mod 16>: `n`, the recordings created that UTC
//   day, and `u<uid>`, how many of them are that user's (users.active: who created one in the
//   last 30 days).
// - the DONE item of a completed recording is in GSI2 LISTDONE#ALL too (list-index.ts): the
//   newest is the service's last transcription.
// A recording counts here once its item says `service_counted`: every one created since, and
// older ones when the backfill (list-backfill.ts) carries them in, exactly once.
import { addCells, addDeltas, statusCells, type ListEntry, type Write } from './list-index.ts';
import { queryAll } from './query.ts';

const SHARDS = 16;
const shardOf = (recordingId: number) => String(recordingId % SHARDS).padStart(2, '0');
const COUNTERS = 'LISTCOUNT#ALL';
const DAYS = 'LISTDAYS#ALL';
const counterKey = (recordingId: number) => ({ PK: COUNTERS, SK: `SHARD#${shardOf(recordingId)}` });
const dayKey = (day: string, recordingId: number) => ({ PK: DAYS, SK: `${day}#${shardOf(recordingId)}` });

/** The UTC day (yyyy-mm-dd) of created_at, which never changes. */
function creationDay(r: ListEntry): string | undefined {
  const ms = Date.parse(r.created_at);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 10);
}

/** What keeps the service's counters true when a counted recording goes from `before` to `after`. */
export function serviceCounterWrites(before: ListEntry | undefined, after: ListEntry | undefined): Write[] {
  const r = (after ?? before)!;
  const deltas = addDeltas(before ? statusCells(before, -1) : new Map(), after ? statusCells(after, 1) : new Map());
  const writes = addCells(counterKey(r.id), deltas);
  const day = creationDay(r);
  if (Boolean(before) === Boolean(after) || !day) return writes;
  const sign = after ? 1 : -1;
  return [...writes, ...addCells(dayKey(day, r.id), new Map([['n', sign], [`u${r.user_id}`, sign]]))];
}

/** Many new recordings at once (bulk loads): one ADD per counter shard and day item. */
export function bulkServiceCounters(recordings: readonly ListEntry[]): Write[] {
  const items = new Map<string, { key: Record<string, string>; deltas: Map<string, number> }>();
  const add = (key: Record<string, string>, deltas: Map<string, number>) => {
    const at = items.get(`${key.PK}|${key.SK}`) ?? { key, deltas: new Map() };
    items.set(`${key.PK}|${key.SK}`, at);
    addDeltas(at.deltas, deltas);
  };
  for (const r of recordings) {
    add(counterKey(r.id), statusCells(r, 1));
    const day = creationDay(r);
    if (day) add(dayKey(day, r.id), new Map([['n', 1], [`u${r.user_id}`, 1]]));
  }
  return [...items.values()].flatMap((i) => addCells(i.key, i.deltas));
}

/** From the UTC day `first` (yyyy-mm-dd) on: each day's recordings created and the users who created them. */
export async function serviceDays(first: string): Promise<Map<string, { created: number; users: Set<number> }>> {
  const days = new Map<string, { created: number; users: Set<number> }>();
  const items = await queryAll({ KeyConditionExpression: 'PK = :pk AND SK >= :first', ExpressionAttributeValues: { ':pk': DAYS, ':first': first } });
  for (const item of items) {
    const day = String(item.SK).slice(0, 10);
    const at = days.get(day) ?? { created: 0, users: new Set<number>() };
    days.set(day, at);
    for (const [name, value] of Object.entries(item)) {
      if (name === 'n' && typeof value === 'number') at.created += value;
      else if (/^u\d+$/.test(name) && typeof value === 'number' && value > 0) at.users.add(Number(name.slice(1)));
    }
  }
  return days;
}
