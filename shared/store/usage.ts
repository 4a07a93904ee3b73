// Daily usage counters per user: transcription seconds, language-model tokens and the
// estimated cost, added atomically by the workers and summed by the stats route. Each addition
// also goes, in the same transaction, to the service's day item USAGE#ALL / <day>#<uid mod 16>,
// which GET /stats?scope=all reads instead of every user's. A user's day item written before
// those existed carries no `service_counted` mark: it is added to alone until `carryUsage`
// (run with the list backfill) counts it into the service's, once.
import { UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { cancellationCodes } from './conditions.ts';
import { queryAll } from './query.ts';
import { key, tableName } from './table.ts';
import { transact } from './transact.ts';

export interface Usage {
  readonly transcription_seconds: number;
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly estimated_cost: number;
  readonly transcriptions: number;
  readonly last_transcription: string | null;
}

export const NO_USAGE: Usage = { transcription_seconds: 0, prompt_tokens: 0, completion_tokens: 0, estimated_cost: 0, transcriptions: 0, last_transcription: null };

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export const USAGE_NUMBERS = ['transcription_seconds', 'prompt_tokens', 'completion_tokens', 'estimated_cost', 'transcriptions'] as const;
const SERVICE_SHARDS = 16;
export const serviceUsageKey = (userId: number, day: string) => ({ PK: 'USAGE#ALL', SK: `${day}#${String(userId % SERVICE_SHARDS).padStart(2, '0')}` });
export type Update = { TableName: string; Key: Record<string, unknown>; UpdateExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues: Record<string, unknown>; ConditionExpression?: string };

/** Whether any of the numbers is not zero: an update with nothing to add or set is no valid request. */
export const addsAnything = (add: Partial<Record<(typeof USAGE_NUMBERS)[number], unknown>>): boolean =>
  USAGE_NUMBERS.some((n) => typeof add[n] === 'number' && add[n] !== 0);

/** ADD the numbers, SET `set` (and last_transcription when given). */
export function addTo(key: Record<string, unknown>, add: Partial<Record<(typeof USAGE_NUMBERS)[number], number>>, set: Record<string, unknown>, last?: string): Update {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds = Object.entries(add).filter(([, v]) => typeof v === 'number' && v !== 0).map(([field, value], i) => {
    names[`#a${i}`] = field;
    values[`:a${i}`] = value;
    return `#a${i} :a${i}`;
  });
  const sets = Object.entries({ ...set, ...(last ? { last_transcription: last } : {}) }).map(([field, value], i) => {
    names[`#s${i}`] = field;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : ''].filter(Boolean).join(' ');
  return { TableName: tableName(), Key: key, UpdateExpression: expression, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

const conditionFailed = (error: unknown) =>
  (error as Error).name === 'ConditionalCheckFailedException' || cancellationCodes(error).includes('ConditionalCheckFailed');

export async function addUsage(userId: number, add: Partial<Omit<Usage, 'last_transcription'>>, now = new Date()): Promise<void> {
  // Nothing used (the offline language model counts no tokens): nothing to record.
  if (!addsAnything(add)) return;
  const day = dayOf(now);
  const last = (add.transcriptions ?? 0) > 0 ? now.toISOString() : undefined;
  const own = { day, user_id: userId, GSI1PK: `USAGEDAY#${day}`, GSI1SK: `USER#${userId}` };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const counted = addTo(key.usage(userId, day), add, { ...own, service_counted: true }, last);
      await transact([{ Update: { ...counted, ConditionExpression: 'attribute_not_exists(PK) OR attribute_exists(service_counted)' } }, { Update: addTo(serviceUsageKey(userId, day), add, {}, last) }]);
      return;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
    // The day item predates the service's usage and is not carried yet: it alone, as then.
    try {
      await dynamo().send(new UpdateCommand({ ...addTo(key.usage(userId, day), add, own, last), ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(service_counted)' }));
      return;
    } catch (error) {
      if (!conditionFailed(error)) throw error;
    }
  }
  throw new Error(`Usage of user ${userId} on ${day} not recorded: its day item kept changing`);
}

/** A user's usage over the days starting with `prefix` (e.g. "2026-11" for a month). */
export async function userUsage(userId: number, prefix: string): Promise<Usage> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': `USAGE#${userId}`, ':prefix': prefix },
  });
  return sum(items);
}

function sum(items: readonly Record<string, unknown>[]): Usage {
  return items.reduce<Usage>(
    (total, i) => ({
      transcription_seconds: total.transcription_seconds + Number(i.transcription_seconds ?? 0),
      prompt_tokens: total.prompt_tokens + Number(i.prompt_tokens ?? 0),
      completion_tokens: total.completion_tokens + Number(i.completion_tokens ?? 0),
      estimated_cost: total.estimated_cost + Number(i.estimated_cost ?? 0),
      transcriptions: total.transcriptions + Number(i.transcriptions ?? 0),
      last_transcription: [total.last_transcription, (i.last_transcription as string) ?? null].filter(Boolean).sort().pop() ?? null,
    }),
    NO_USAGE,
  );
}

/** Everyone's usage on the given days (admin stats, days in order): the service's day items. */
export async function allUsage(days: readonly string[]): Promise<Usage> {
  if (days.length === 0) return NO_USAGE;
  return sum(await queryAll({ KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last', ExpressionAttributeValues: { ':pk': 'USAGE#ALL', ':first': days[0], ':last': `${days.at(-1)}#~` } }));
}
