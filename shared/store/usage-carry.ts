// Counts the users' usage day items written before the service's usage items (usage.ts) into
// those, once each: one transaction per item, on the condition that it is still unmarked and as
// read (so an addition that lands meanwhile is never counted twice or missed), marking it
// `service_counted`. The service item's last_transcription only moves forward. Safe to run
// again and while the service runs; run with the list backfill (at `npm start`, and by
// `lists backfill` on a deployed stack).
import { GetCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { asRead, cancellationCodes } from './conditions.ts';
import { queryAll } from './query.ts';
import { tableName } from './table.ts';
import { transact } from './transact.ts';
import { addsAnything, addTo, serviceUsageKey, USAGE_NUMBERS, type Update } from './usage.ts';

type Item = Record<string, unknown>;

/** Still unmarked and as read: every number and last_transcription. */
function markIfUnchanged(item: Item): Update {
  const { condition, names, values } = asRead(Object.fromEntries([...USAGE_NUMBERS, 'last_transcription'].map((field) => [field, item[field]])));
  return {
    TableName: tableName(), Key: { PK: item.PK, SK: item.SK }, UpdateExpression: 'SET service_counted = :yes',
    ConditionExpression: `attribute_not_exists(service_counted) AND ${condition}`, ExpressionAttributeNames: names, ExpressionAttributeValues: { ...values, ':yes': true },
  };
}

/**
 * The item's numbers into the service's day item; its last_transcription too when later than
 * what that holds. Nothing for an item with nothing to add (an earlier version wrote one for a
 * summary of the offline language model, which counts no tokens).
 */
async function serviceAdd(item: Item): Promise<Update | undefined> {
  const key = serviceUsageKey(Number(item.user_id), String(item.SK));
  const numbers = Object.fromEntries(USAGE_NUMBERS.filter((f) => typeof item[f] === 'number').map((f) => [f, item[f] as number]));
  const last = typeof item.last_transcription === 'string' ? item.last_transcription : undefined;
  const { Item: service } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const held = typeof service?.last_transcription === 'string' ? service.last_transcription : undefined;
  if (!last || (held && held >= last)) return addsAnything(numbers) ? addTo(key, numbers, {}) : undefined;
  const update = addTo(key, numbers, {}, last);
  return { ...update, ConditionExpression: 'attribute_not_exists(last_transcription) OR last_transcription < :carried', ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':carried': last } };
}

async function carryOne(first: Item): Promise<boolean> {
  let item: Item | undefined = first;
  for (let attempt = 0; item && !item.service_counted && attempt < 10; attempt++) {
    try {
      const add = await serviceAdd(item);
      await transact([{ Update: markIfUnchanged(item) }, ...(add ? [{ Update: add }] : [])]);
      return true;
    } catch (error) {
      if (!cancellationCodes(error).includes('ConditionalCheckFailed')) throw error;
      item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK }, ConsistentRead: true }))).Item;
    }
  }
  return false;
}

/** Carries the unmarked day items of the given days; returns how many it counted in. */
export async function carryUsage(days: readonly string[]): Promise<number> {
  let carried = 0;
  for (const day of days) {
    const items = await queryAll({
      IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', FilterExpression: 'attribute_not_exists(service_counted)', ExpressionAttributeValues: { ':pk': `USAGEDAY#${day}` },
    });
    for (const item of items) if (await carryOne(item)) carried++;
  }
  return carried;
}
