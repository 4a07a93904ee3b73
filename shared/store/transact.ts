// One transaction of a recording write, its list index included (list-index.ts).
// - Another transaction on one of its items at the same moment (two recordings of a user on
//   one counter shard) cancels it with TransactionConflict and nothing is written: it is sent
//   again, a few times, after a short random wait.
// - DynamoDB takes at most 100 actions per transaction. A recording with very many tags can
//   need more list entries than fit: the entries past the limit (idempotent puts and deletes
//   of LIST# items, never the counters or the postings marker) are written right after the
//   transaction commits.
import { BatchWriteCommand, TransactWriteCommand, type TransactWriteCommandInput } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { cancellationCodes } from './conditions.ts';
import { tableName } from './table.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const MAX_TRANSACTION_ITEMS = 100;
const CONFLICT_RETRIES = 12;

function isListEntry(item: TransactItem): boolean {
  const pk = item.Put?.Item?.PK ?? item.Delete?.Key?.PK;
  return typeof pk === 'string' && pk.startsWith('LIST#');
}

/** Splits off list entries past the limit, keeping every other action in the transaction. */
function split(items: readonly TransactItem[]): { main: TransactItem[]; after: TransactItem[] } {
  const excess = items.length - MAX_TRANSACTION_ITEMS;
  if (excess <= 0) return { main: [...items], after: [] };
  const movable = items.filter(isListEntry).slice(-excess);
  if (movable.length < excess) throw new Error(`A recording write needs ${items.length} actions, more than a transaction takes`);
  const moved = new Set(movable);
  return { main: items.filter((i) => !moved.has(i)), after: movable };
}

function conflicted(error: unknown): boolean {
  const codes = cancellationCodes(error);
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

export async function transact(items: readonly TransactItem[]): Promise<void> {
  const { main, after } = split(items);
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: main }));
      break;
    } catch (error) {
      if (!conflicted(error) || attempt >= CONFLICT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(attempt, 5)));
    }
  }
  await writeInBatches(after);
}

/** Idempotent puts and deletes, 25 a BatchWriteItem, `parallel` calls at a time, unprocessed items sent again. */
export async function writeInBatches(items: readonly TransactItem[], parallel = 1): Promise<void> {
  const batches: TransactItem[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  for (let i = 0; i < batches.length; i += parallel) await Promise.all(batches.slice(i, i + parallel).map(batchWrite));
}

async function batchWrite(items: readonly TransactItem[]): Promise<void> {
  let pending = items.map((i) => (i.Put ? { PutRequest: { Item: i.Put.Item! } } : { DeleteRequest: { Key: i.Delete!.Key! } }));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
  }
}
