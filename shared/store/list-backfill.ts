// Puts recordings written before the list index into it (entries and counters), writes again
// the entries written before they carried `time_zone`, and counts recordings written before
// the service's statistics (service-counters.ts) into those: one
// transaction per recording, on the condition that it is still not done and unchanged in what
// the index holds (event sequence, status, size, audio, completion as read), so a counter is
// never added to twice. Safe to run again and while the service runs: a recording that changed
// meanwhile is read again.
import { ScanCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { monthDaysSoFar } from '../domain/recordings/statistics.ts';
import { asRead, cancellationCodes, type Condition } from './conditions.ts';
import { doneItem, entryOf, entryPuts, listIndexWrites, type ListEntry, type Write } from './list-index.ts';
import { applyPostings } from './list-postings.ts';
import { findRecording, type Recording } from './recordings.ts';
import { serviceCounterWrites } from './service-counters.ts';
import { key, tableName, withoutKeys } from './table.ts';
import { transact } from './transact.ts';
import { carryUsage } from './usage-carry.ts';

const PARALLEL = 4;

/** Still as read: the fields the index and the service's counters are written from. */
const unchanged = (r: Recording): Condition =>
  asRead({ event_seq: r.event_seq, status: r.status, file_size: r.file_size, audio_key: r.audio_key, completed_at: r.completed_at });

/** The index's writes for a recording not in it yet, or the DONE item's GSI2 keys for one that is. */
function indexWrites(r: Recording): Write[] {
  if (!r.list_indexed) return listIndexWrites(undefined, r);
  const done = doneItem(r);
  return done ? [{ Put: { TableName: tableName(), Item: done } }] : [];
}

async function indexOne(first: Recording): Promise<boolean> {
  let recording: Recording | undefined = first;
  for (let attempt = 0; recording && !recording.service_counted && attempt < 10; attempt++) {
    const { condition, names, values } = unchanged(recording);
    try {
      await transact([
        {
          Update: {
            TableName: tableName(),
            Key: key.recording(recording.id),
            UpdateExpression: 'SET list_indexed = :yes, service_counted = :yes',
            ConditionExpression: `attribute_not_exists(service_counted) AND ${recording.list_indexed ? '' : 'attribute_not_exists(list_indexed) AND '}${condition}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ...values, ':yes': true },
          },
        },
        ...indexWrites(recording),
        ...serviceCounterWrites(undefined, recording),
      ]);
      // Its postings, from the marker the transaction wrote (a crash here: the sweep's).
      if (!recording.list_indexed) await applyPostings(recording.id);
      return true;
    } catch (error) {
      if (cancellationCodes(error)[0] !== 'ConditionalCheckFailed') throw error;
      recording = await findRecording(recording.id);
    }
  }
  return false;
}

/**
 * A recording whose entries were written before they carried `time_zone` (the `ALL` entry read
 * has none): its entries written again from it (null for a recording without a zone, so it is
 * not picked again), on the condition that the `ALL` entry still exists without one (a change
 * of the recording since rewrote them itself).
 */
async function refreshEntries(stored: ListEntry): Promise<boolean> {
  const recording = await findRecording(stored.id);
  if (!recording?.list_indexed) return false;
  // Entries that differ from their recording in more than the zone also move its counters.
  const changes = listIndexWrites(stored, recording);
  const writes = (changes.length > 0 ? changes : entryPuts(recording)).map((w): Write => {
    if (w.Put?.Item?.SK !== 'ALL') return w;
    return { Put: { ...w.Put, ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(time_zone)' } };
  });
  try {
    await transact(writes);
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

const isEntry = (item: Record<string, unknown>) => item.SK === 'ALL';

/**
 * Scans the table once; returns how many recordings it put into the index or the service's
 * counters, and how many had their list entries written again (refreshEntries).
 */
export async function backfillListIndex(progress: (indexed: number) => void = () => {}): Promise<{ indexed: number; refreshed: number }> {
  let indexed = 0;
  let refreshed = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression:
          '(SK = :rec AND begins_with(PK, :rec_prefix) AND attribute_not_exists(service_counted)) OR (SK = :all AND begins_with(PK, :list_prefix) AND attribute_not_exists(time_zone))',
        ExpressionAttributeValues: { ':rec': 'REC', ':rec_prefix': 'REC#', ':all': 'ALL', ':list_prefix': 'LIST#' },
        ExclusiveStartKey: start,
      }),
    );
    const items = page.Items ?? [];
    const recordings = items.filter((i) => !isEntry(i)).map((i) => withoutKeys(i) as unknown as Recording);
    const entries = items.filter(isEntry).map((i) => entryOf(i));
    for (let i = 0; i < recordings.length; i += PARALLEL) {
      const done = await Promise.all(recordings.slice(i, i + PARALLEL).map(indexOne));
      indexed += done.filter(Boolean).length;
      progress(indexed);
    }
    for (let i = 0; i < entries.length; i += PARALLEL) {
      refreshed += (await Promise.all(entries.slice(i, i + PARALLEL).map(refreshEntries))).filter(Boolean).length;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { indexed, refreshed };
}

/**
 * What a version before the list index and the service's statistics left out: its recordings,
 * the zone of its list entries, and this month's usage (usage-carry.ts). Run at `npm start` and by `lists backfill`.
 */
export async function backfill(progress?: (indexed: number) => void, now = new Date()): Promise<{ indexed: number; refreshed: number; usage_days: number }> {
  const { indexed, refreshed } = await backfillListIndex(progress);
  return { indexed, refreshed, usage_days: await carryUsage(monthDaysSoFar(now)) };
}
