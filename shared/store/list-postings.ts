// The trigram postings of `q` (list-search.ts), kept out of the recording's transaction.
//
// A change of title or participants rewrites every posting of the recording (each carries the
// text), about 80 writes for a new title: in the transaction they held the change, and the
// event it emits, for 100–250 ms on DynamoDB Local, where the rest takes about 20. Instead the
// transaction updates one marker item (PK LIST#<rid>, SK GRAMS): the text now (`text`, absent
// once the recording is deleted), the texts whose postings may remain (`was`, a set), the
// recording's `created_at` (each posting carries it), a version `v` each change adds one to,
// and GSI1 PENDING_POSTINGS / <when>#<rid> until the postings follow.
//
// applyPostings runs right after the commit (afterCommit: the caller's answer waits for it, its
// events do not) and the sweep runs it for a marker left pending by a crash. It puts the
// postings of the marker's text and deletes those of every other text it knows of, then takes
// the marker off the pending list on the condition that `v` is still the one it read. A change
// committed meanwhile fails that condition, and the step applies again from the newer marker,
// deleting also what it wrote itself: so whichever steps run side by side, in whatever order
// their writes land, the one that last succeeds has applied the newest text after every other
// step's writes had landed, and the postings are exactly the recording's text.
import { DeleteCommand, GetCommand, UpdateCommand, type TransactWriteCommandInput } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { logger } from '../logger.ts';
import { queryAll } from './query.ts';
import { padId, tableName } from './table.ts';
import { writeInBatches } from './transact.ts';

const PENDING_POSTINGS = 'LISTGRAMS#PENDING';
const ROUNDS = 5;
const PARALLEL_BATCHES = 4;

type Write = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Lower-case three-letter (code point) pieces of a text's lines: a substring of 3 or more holds only pieces of the line it is in. */
export function trigramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split('\n')) {
    const chars = Array.from(line);
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  }
  return out;
}

const gramKey = (userId: number, gram: string, recordingId: number) => ({ PK: `LISTGRAM#${userId}#${gram}`, SK: padId(recordingId) });
const markerKey = (recordingId: number) => ({ PK: `LIST#${recordingId}`, SK: 'GRAMS' });

/**
 * A posting: its trigram's key, the text, and the recording's created_at as epoch ms under a
 * short name (`at`: ≈ 10 bytes against 34 as an ISO string named created_at, in every posting a
 * `q` reads), so that `q` is ordered by it without the entries.
 */
const posting = (userId: number, gram: string, recordingId: number, text: string, createdAt: string | undefined) => ({
  ...gramKey(userId, gram, recordingId), search: text, ...(createdAt === undefined ? {} : { at: Date.parse(createdAt) }),
});

/** The postings of a new recording's text, for bulk loads that write them directly. */
export function postingItems(userId: number, recordingId: number, text: string, createdAt?: string): Record<string, unknown>[] {
  return [...trigramsOf(text)].map((g) => posting(userId, g, recordingId, text, createdAt));
}

/** The marker's update in the recording's transaction; none when the text stays. */
export function markerWrite(userId: number, recordingId: number, was: string | undefined, is: string | undefined, now: Date, createdAt: string): Write[] {
  if (was === is) return [];
  const values: Record<string, unknown> = { ':one': 1, ':uid': userId, ':pending': PENDING_POSTINGS, ':at': `${now.toISOString()}#${padId(recordingId)}`, ':created': createdAt };
  const set = ['user_id = :uid', 'GSI1PK = :pending', 'GSI1SK = :at', 'created_at = :created'];
  const add = ['v :one'];
  if (is !== undefined) {
    values[':is'] = is;
    set.push('#text = :is');
  }
  if (was !== undefined) {
    values[':was'] = new Set([was]);
    add.push('was :was');
  }
  return [{
    Update: {
      TableName: tableName(),
      Key: markerKey(recordingId),
      UpdateExpression: `SET ${set.join(', ')} ADD ${add.join(', ')}${is === undefined ? ' REMOVE #text' : ''}`,
      ExpressionAttributeNames: { '#text': 'text' },
      ExpressionAttributeValues: values,
    },
  }];
}

interface Marker {
  readonly userId: number;
  readonly pending: boolean;
  readonly text?: string;
  /** Absent on markers written before postings carried it. */
  readonly createdAt?: string;
  readonly was: readonly string[];
  readonly v: number;
}

async function readMarker(recordingId: number): Promise<Marker | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: markerKey(recordingId), ConsistentRead: true }));
  if (!Item) return undefined;
  const text = typeof Item.text === 'string' ? Item.text : undefined;
  const createdAt = typeof Item.created_at === 'string' ? Item.created_at : undefined;
  return {
    userId: Number(Item.user_id), pending: Item.GSI1PK === PENDING_POSTINGS, ...(text === undefined ? {} : { text }), ...(createdAt === undefined ? {} : { createdAt }),
    was: [...((Item.was as Set<string> | undefined) ?? [])], v: Number(Item.v),
  };
}

/** Puts the postings of `text` and deletes those of the other texts' trigrams. */
async function write(recordingId: number, userId: number, text: string | undefined, others: Iterable<string>, createdAt?: string): Promise<void> {
  const kept = text === undefined ? new Set<string>() : trigramsOf(text);
  const gone = new Set<string>();
  for (const other of others) for (const g of trigramsOf(other)) if (!kept.has(g)) gone.add(g);
  const writes: Write[] = [
    ...[...kept].map((g): Write => ({ Put: { TableName: tableName(), Item: posting(userId, g, recordingId, text!, createdAt) } })),
    ...[...gone].map((g): Write => ({ Delete: { TableName: tableName(), Key: gramKey(userId, g, recordingId) } })),
  ];
  await writeInBatches(writes, PARALLEL_BATCHES);
}

/** Takes the marker off the pending list (deletes it with the recording) if no change came since `v`; false if one did. */
async function settle(recordingId: number, marker: Marker): Promise<boolean> {
  const condition = { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': marker.v } };
  try {
    if (marker.text === undefined) await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: markerKey(recordingId), ...condition }));
    else await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: markerKey(recordingId), UpdateExpression: 'REMOVE was, GSI1PK, GSI1SK', ...condition }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * Brings the recording's postings to its marker's text; true when nothing is left pending.
 * After a round that lost its settle, the newer text is applied even if another step settled
 * it meanwhile, since this step's own writes may have landed after that step's.
 */
export async function applyPostings(recordingId: number): Promise<boolean> {
  const seen = new Set<string>();
  let userId: number | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const marker = await readMarker(recordingId);
    if (!marker || (round === 0 && !marker.pending)) {
      // Deleted with its recording after this step wrote: what it wrote goes too.
      if (!marker && userId !== undefined) await write(recordingId, userId, undefined, seen);
      return true;
    }
    userId = marker.userId;
    marker.was.forEach((t) => seen.add(t));
    await write(recordingId, userId, marker.text, [...seen].filter((t) => t !== marker.text), marker.createdAt);
    if (marker.text !== undefined) seen.add(marker.text);
    if (await settle(recordingId, marker)) return true;
  }
  logger.warn('trigram postings still changing; the sweep completes them', { recording_id: recordingId });
  return false;
}

/** Recordings whose postings were pending before `before` (their step crashed): the sweep applies them. */
export async function pendingPostings(before: Date): Promise<number[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
    ExpressionAttributeValues: { ':pk': PENDING_POSTINGS, ':before': before.toISOString() },
  });
  return items.map((i) => Number(String(i.PK).slice('LIST#'.length)));
}
