// Daily usage counters per user: transcription seconds, language-model tokens and the
// estimated cost, added atomically by the workers and summed by the stats route.
import { UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { queryAll } from './query.ts';
import { key, tableName } from './table.ts';

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

export async function addUsage(userId: number, add: Partial<Omit<Usage, 'last_transcription'>>, now = new Date()): Promise<void> {
  const day = dayOf(now);
  const entries = Object.entries(add).filter(([, v]) => typeof v === 'number' && v !== 0);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':day': day, ':uid': userId, ':gpk': `USAGEDAY#${day}`, ':gsk': `USER#${userId}` };
  const adds = entries.map(([field, value], i) => {
    names[`#a${i}`] = field;
    values[`:a${i}`] = value;
    return `#a${i} :a${i}`;
  });
  const set = ['#day = :day', 'user_id = :uid', 'GSI1PK = :gpk', 'GSI1SK = :gsk'];
  if ((add.transcriptions ?? 0) > 0) {
    set.push('last_transcription = :now');
    values[':now'] = now.toISOString();
  }
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.usage(userId, day),
      UpdateExpression: `SET ${set.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ExpressionAttributeNames: { '#day': 'day', ...names },
      ExpressionAttributeValues: values,
    }),
  );
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

/** Everyone's usage on the given days (admin stats). */
export async function allUsage(days: readonly string[]): Promise<Usage> {
  const items = (await Promise.all(days.map((day) => queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `USAGEDAY#${day}` } })))).flat();
  return sum(items);
}
