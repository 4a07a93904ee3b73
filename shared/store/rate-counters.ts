// Per-user request counters in fixed windows: one UpdateItem per request returns the count.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients.ts';
import { key, tableName } from './table.ts';

export async function countRequest(userId: number, rateClass: string, windowStart: number, expiresAt: number): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.rateWindow(userId, rateClass, windowStart),
      UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.count ?? 1);
}
