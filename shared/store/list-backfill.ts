// Puts recordings written before the list index into it (entries and counters): one
// transaction per recording, on the condition that it is still unindexed and unchanged
// (event sequence and status as read), so a counter is never added to twice. Safe to run again
// and while the service runs: a recording that changed meanwhile is read again.
import { GetCommand, ScanCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { listIndexWrites } from './list-index.ts';
import { applyPostings } from './list-postings.ts';
import type { Recording } from './recordings.ts';
import { key, tableName, withoutKeys } from './table.ts';
import { transact } from './transact.ts';

const PARALLEL = 4;

async function indexOne(first: Recording): Promise<boolean> {
  let recording: Recording | undefined = first;
  for (let attempt = 0; recording && !recording.list_indexed && attempt < 10; attempt++) {
    try {
      await transact([
        {
          Update: {
            TableName: tableName(),
            Key: key.recording(recording.id),
            UpdateExpression: 'SET list_indexed = :yes',
            ConditionExpression: 'attribute_not_exists(list_indexed) AND event_seq = :seq AND #status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':yes': true, ':seq': recording.event_seq, ':status': recording.status },
          },
        },
        ...listIndexWrites(undefined, recording),
      ]);
      // Its postings, from the marker the transaction wrote (a crash here: the sweep's).
      await applyPostings(recording.id);
      return true;
    } catch (error) {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (reasons[0]?.Code !== 'ConditionalCheckFailed') throw error;
      recording = await reread(recording.id);
    }
  }
  return false;
}

async function reread(id: number): Promise<Recording | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.recording(id), ConsistentRead: true }));
  return Item ? (withoutKeys(Item) as unknown as Recording) : undefined;
}

/** Scans the table once; returns how many recordings it put into the index. */
export async function backfillListIndex(progress: (indexed: number) => void = () => {}): Promise<{ indexed: number }> {
  let indexed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'SK = :rec AND begins_with(PK, :prefix) AND attribute_not_exists(list_indexed)',
        ExpressionAttributeValues: { ':rec': 'REC', ':prefix': 'REC#' },
        ExclusiveStartKey: start,
      }),
    );
    const recordings = (page.Items ?? []).map((i) => withoutKeys(i) as unknown as Recording);
    for (let i = 0; i < recordings.length; i += PARALLEL) {
      const done = await Promise.all(recordings.slice(i, i + PARALLEL).map(indexOne));
      indexed += done.filter(Boolean).length;
      progress(indexed);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { indexed };
}
