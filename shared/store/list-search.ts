// `q` over the list index: which of a user's recordings hold a substring in their title or
// participants, read from the trigram postings (list-index.ts) instead of the library.
//
// Every trigram of `q` is in the text of each recording that matches, so the postings of any
// one trigram of `q` hold every match: reading one to its end is enough, and the rarest costs
// least. It is found without counters: a first page of (up to 8 of) q's trigrams is read side
// by side, then the one that has come furthest through the user's recordings (postings are in
// id order, so the furthest reach for as many postings read is the sparsest) reads on, in
// pages of up to MAX_PAGE (one round trip for most, where pages growing 4× took three more for
// 900 postings; a Query returns only what is there), until one ends. If another overtakes it
// meanwhile, that one reads on instead. Postings carry the text, so the substring is checked
// on them: what is left is exactly the matches (the list re-checks them on the entries, so a
// posting left behind by a racing write never shows up).
import { BatchGetCommand, QueryCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { entryKey, entryOf, type ListEntry } from './list-index.ts';
import { trigramsOf } from './list-postings.ts';
import { tableName } from './table.ts';

const MAX_GRAMS = 8;
const FIRST_PAGE = 25;
/** About 0.4 MB of postings: under the 1 MB a Query returns. */
const MAX_PAGE = 4000;

/** A `q` the postings can answer: three characters or more. */
export const searchable = (q: string) => Array.from(q).length >= 3;

/** Up to MAX_GRAMS of q's trigrams, spread over it (any of them holds every match). */
function gramsToRead(q: string): string[] {
  const grams = [...trigramsOf(q)];
  if (grams.length <= MAX_GRAMS) return grams;
  return Array.from({ length: MAX_GRAMS }, (_, i) => grams[Math.floor((i * (grams.length - 1)) / (MAX_GRAMS - 1))]!);
}

interface Postings {
  readonly gram: string;
  readonly items: Record<string, unknown>[];
  start?: Record<string, unknown>;
  done: boolean;
  /** The next page's size. */
  limit: number;
}

async function readPage(userId: number, p: Postings): Promise<void> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `LISTGRAM#${userId}#${p.gram}` },
      Limit: p.limit, ExclusiveStartKey: p.start,
    }),
  );
  p.items.push(...(page.Items ?? []));
  p.start = page.LastEvaluatedKey;
  p.done = !p.start;
  p.limit = MAX_PAGE;
}

const holds = (text: unknown, q: string) => typeof text === 'string' && text.split('\n').some((line) => line.includes(q));

/** The id the postings have reached (SKs are zero-padded ids, so strings compare as numbers). */
const reach = (p: Postings) => String(p.items.at(-1)?.SK ?? '');

/** The postings that have come furthest through the user's recordings; for as many read, the sparsest. */
const furthest = (postings: Postings[]) => postings.reduce((best, p) => (reach(p) > reach(best) ? p : best));

/** A recording whose text holds `q`, with its created_at (epoch ms) when its posting carries it. */
export interface Match {
  readonly id: number;
  readonly at?: number;
}

const matchOf = (posting: Record<string, unknown>): Match => ({ id: Number(posting.SK), ...(typeof posting.at === 'number' ? { at: posting.at } : {}) });

/** The user's recordings whose lower-cased title or participants hold `q` (lower-cased, 3+ characters). */
export async function searchMatches(userId: number, q: string): Promise<Match[]> {
  const postings: Postings[] = gramsToRead(q).map((gram) => ({ gram, items: [], done: false, limit: FIRST_PAGE }));
  await Promise.all(postings.map((p) => readPage(userId, p)));
  let ended = postings.filter((p) => p.done).sort((a, b) => a.items.length - b.items.length)[0];
  while (!ended) {
    const next = furthest(postings);
    await readPage(userId, next);
    if (next.done) ended = next;
  }
  return ended.items.filter((i) => holds(i.search, q)).map(matchOf);
}

async function getBatch(ids: readonly number[]): Promise<ListEntry[]> {
  const out: ListEntry[] = [];
  let keys: Record<string, unknown>[] = ids.map((id) => entryKey(id, 'ALL'));
  for (let attempt = 0; keys.length > 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
    out.push(...(answer.Responses?.[tableName()] ?? []).map(entryOf));
    keys = answer.UnprocessedKeys?.[tableName()]?.Keys ?? [];
  }
  return out;
}

/** The list entries (facet ALL) of these recordings, 100 a call, 4 calls at a time; those gone meanwhile are left out. */
export async function entriesOf(ids: readonly number[]): Promise<ListEntry[]> {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += 100) batches.push(ids.slice(i, i + 100));
  const out: ListEntry[] = [];
  for (let i = 0; i < batches.length; i += 4) (await Promise.all(batches.slice(i, i + 4).map(getBatch))).forEach((b) => out.push(...b));
  return out;
}
