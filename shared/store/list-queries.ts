// Reading the recordings list index (list-index.ts): counters, a page of one facet in one of
// the four orders, and a count over one facet. What each read costs is in the README's
// "Recordings list" section.
import { QueryCommand, type QueryCommandInput } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { donePartition, entryOf, SERVICE_DONE, facetPartition, SORT_INDEX, type ListEntry, type StatusGroup } from './list-index.ts';
import { tableName } from './table.ts';

/** What an entry must match beyond its facet. Dates are on created_at, epoch milliseconds, inclusive. */
export interface EntryFilter {
  readonly groups?: readonly StatusGroup[];
  readonly inbox?: boolean;
  readonly starred?: boolean;
  readonly tagId?: number;
  readonly from?: number;
  readonly to?: number;
  /** Lower-cased substring of the title or the participants. */
  readonly q?: string;
}

export interface FacetQuery {
  readonly userId: number;
  readonly facet: string;
  readonly filter: EntryFilter;
}

/** Every cell of a user's counter shards (or, for 'ALL', the service's: service-counters.ts), summed: `c_<group>_<inbox><starred>`, `t_<tag id>`, `bytes`. */
export async function readCounters(owner: number | 'ALL'): Promise<Map<string, number>> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `LISTCOUNT#${owner}` } }),
  );
  const sums = new Map<string, number>();
  for (const item of Items) {
    for (const [name, value] of Object.entries(item)) if (typeof value === 'number') sums.set(name, (sums.get(name) ?? 0) + value);
  }
  return sums;
}

const iso = (ms: number) => new Date(ms).toISOString();

type Expression = Pick<QueryCommandInput, 'KeyConditionExpression' | 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;

/** The key condition (partition, and the date range when the index is ordered by created_at) and the filter for the rest. */
function expression(q: FacetQuery, index: string): Expression {
  const { filter: f } = q;
  const names: Record<string, string> = { '#pk': `${index}PK` };
  const values: Record<string, unknown> = { ':pk': facetPartition(q.userId, q.facet) };
  let keyCondition = '#pk = :pk';
  const conditions: string[] = [];
  const dateOnKey = index === SORT_INDEX.created_at;
  if (f.from !== undefined) values[':from'] = iso(f.from);
  if (f.to !== undefined) values[':to'] = dateOnKey ? `${iso(f.to)}#~` : iso(f.to);
  if (dateOnKey && (f.from !== undefined || f.to !== undefined)) {
    names['#sk'] = `${index}SK`;
    keyCondition += f.from !== undefined && f.to !== undefined ? ' AND #sk BETWEEN :from AND :to' : f.from !== undefined ? ' AND #sk >= :from' : ' AND #sk <= :to';
  } else {
    if (f.from !== undefined) conditions.push('created_at >= :from');
    if (f.to !== undefined) conditions.push('created_at <= :to');
  }
  if (f.groups) {
    names['#group'] = 'group';
    conditions.push(`#group IN (${f.groups.map((g, i) => ((values[`:g${i}`] = g), `:g${i}`)).join(', ')})`);
  }
  const add = (condition: string, name: string, value: unknown) => {
    conditions.push(condition);
    values[name] = value;
  };
  if (f.inbox !== undefined) add('is_inbox = :inbox', ':inbox', f.inbox);
  if (f.starred !== undefined) add('is_highlighted = :starred', ':starred', f.starred);
  if (f.tagId !== undefined) add('contains(tag_ids, :tag)', ':tag', f.tagId);
  if (f.q) {
    names['#search'] = 'search';
    add('contains(#search, :q)', ':q', f.q);
  }
  return {
    KeyConditionExpression: keyCondition,
    ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

export interface Order {
  readonly sortBy: keyof typeof SORT_INDEX;
  readonly ascending: boolean;
  /** The share of the facet's entries expected to match the filter (from the counters), 0.25 when unknown. */
  readonly share?: number;
}

/**
 * The matching entries from `skip` to `skip + take` in the order asked. Without a filter it
 * reads exactly skip + take entries; with one, it reads on until enough matched (or the facet ends).
 */
export async function pageOfEntries(q: FacetQuery, order: Order, skip: number, take: number): Promise<ListEntry[]> {
  const { sortBy, ascending, share = 0.25 } = order;
  const index = SORT_INDEX[sortBy];
  const expr = expression(q, index);
  const matched: ListEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const need = skip + take - matched.length;
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(), IndexName: index, ...expr, ScanIndexForward: ascending, ExclusiveStartKey: start,
        // Enough entries, by the share expected to match, to fill the page in one call.
        Limit: expr.FilterExpression ? Math.min(1000, Math.ceil((need / Math.max(share, 0.01)) * 1.2) + 5) : need,
      }),
    );
    matched.push(...(page.Items ?? []).map(entryOf));
    start = page.LastEvaluatedKey;
  } while (start && matched.length < skip + take);
  return matched.slice(skip, skip + take);
}

/** How many entries of the facet match: reads the facet's entries (within the date range, if any). */
export async function countEntries(q: FacetQuery): Promise<number> {
  const expr = expression(q, SORT_INDEX.created_at);
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ TableName: tableName(), IndexName: SORT_INDEX.created_at, ...expr, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

const DAY_MS = 86_400_000;
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The day counters' sum over whole UTC days from `first` to `last` (day starts; undefined: open). */
async function sumDays(userId: number, first: number | undefined, last: number | undefined): Promise<number> {
  const month = (ms: number) => iso(ms).slice(0, 7);
  const values: Record<string, unknown> = { ':pk': `LISTDAYS#${userId}` };
  if (first !== undefined) values[':first'] = `${month(first)}#`;
  if (last !== undefined) values[':last'] = `${month(last)}#~`;
  const condition =
    first !== undefined && last !== undefined ? 'PK = :pk AND SK BETWEEN :first AND :last' : first !== undefined ? 'PK = :pk AND SK >= :first' : last !== undefined ? 'PK = :pk AND SK <= :last' : 'PK = :pk';
  let sum = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: condition, ExpressionAttributeValues: values, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      for (const [name, value] of Object.entries(item)) {
        if (!/^d\d\d$/.test(name) || typeof value !== 'number') continue;
        const day = Date.parse(`${String(item.SK).slice(0, 7)}-${name.slice(1)}T00:00:00.000Z`);
        if ((first === undefined || day >= first) && (last === undefined || day <= last)) sum += value;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return sum;
}

/**
 * How many of the user's recordings were created from `from` to `to` (inclusive): whole days
 * from the day counters, a partial first or last day by counting that day's entries.
 */
export async function countCreatedBetween(userId: number, from: number | undefined, to: number | undefined): Promise<number> {
  const count = (a: number, b: number) => countEntries({ userId, facet: 'ALL', filter: { from: a, to: b } });
  const fromWhole = from === undefined || from === dayStart(from);
  const toWhole = to === undefined || to === dayStart(to) + DAY_MS - 1;
  if (from !== undefined && to !== undefined && dayStart(from) === dayStart(to) && !(fromWhole && toWhole)) return count(from, to);
  let total = 0;
  let first = from === undefined ? undefined : dayStart(from);
  let last = to === undefined ? undefined : dayStart(to);
  if (!fromWhole) {
    total += await count(from!, dayStart(from!) + DAY_MS - 1);
    first = dayStart(from!) + DAY_MS;
  }
  if (!toWhole) {
    total += await count(dayStart(to!), to!);
    last = dayStart(to!) - DAY_MS;
  }
  if (first !== undefined && last !== undefined && first > last) return total;
  return total + (await sumDays(userId, first, last));
}

/** The latest completed_at of a user's recordings (or, for 'ALL', everyone's): the first DONE item of GSI1 LISTDONE#<uid> (GSI2 LISTDONE#ALL), newest first. */
export async function lastCompleted(owner: number | 'ALL'): Promise<string | null> {
  const index = owner === 'ALL' ? 'GSI2' : 'GSI1';
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(), IndexName: index, KeyConditionExpression: `${index}PK = :pk`, ExpressionAttributeValues: { ':pk': owner === 'ALL' ? SERVICE_DONE : donePartition(owner) },
      ScanIndexForward: false, Limit: 1,
    }),
  );
  return typeof Items[0]?.completed_at === 'string' ? Items[0].completed_at : null;
}
