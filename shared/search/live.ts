// Which recordings still exist and are the user's, read from the table at query time: the
// index may still hold a recording deleted a moment ago (its update is queued), and such a
// recording must never appear. Titles come from here too, so a renamed recording shows its
// new title at once.
import { BatchGetCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { key, tableName } from '../store/table.ts';

export interface LiveRecording {
  readonly id: number;
  readonly title: string;
  readonly meeting_date: string;
  /** The zone the recording's dates are read in; null for one made before zones (its owner's). */
  readonly time_zone: string | null;
}

/** DynamoDB's BatchGetItem limit. */
const BATCH = 100;

async function batch(ids: readonly number[]): Promise<Record<string, unknown>[]> {
  let request: Record<string, { Keys: Record<string, unknown>[]; ProjectionExpression: string; ExpressionAttributeNames: Record<string, string> }> = {
    [tableName()]: { Keys: ids.map((id) => key.recording(id)), ProjectionExpression: 'id, user_id, title, meeting_date, time_zone, #s', ExpressionAttributeNames: { '#s': 'status' } },
  };
  const items: Record<string, unknown>[] = [];
  for (let round = 0; round < 10 && Object.keys(request).length > 0; round++) {
    const result = await dynamo().send(new BatchGetCommand({ RequestItems: request }));
    items.push(...(result.Responses?.[tableName()] ?? []));
    request = (result.UnprocessedKeys ?? {}) as typeof request;
    if (Object.keys(request).length > 0) await new Promise((r) => setTimeout(r, 20 * 2 ** round));
  }
  if (Object.keys(request).length > 0) throw new Error('The store did not answer for every recording; try again');
  return items;
}

/** The user's recordings among `ids` that exist now. */
export async function liveRecordings(userId: number, ids: readonly number[]): Promise<Map<number, LiveRecording>> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += BATCH) chunks.push(ids.slice(i, i + BATCH));
  const found = (await Promise.all(chunks.map(batch))).flat();
  const live = new Map<number, LiveRecording>();
  for (const item of found) {
    if (Number(item.user_id) !== userId) continue;
    live.set(Number(item.id), { id: Number(item.id), title: String(item.title ?? ''), meeting_date: String(item.meeting_date ?? ''), time_zone: typeof item.time_zone === 'string' ? item.time_zone : null });
  }
  return live;
}
