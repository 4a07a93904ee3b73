// Per-user counters in fixed windows (requests, queued deliveries): one UpdateItem adds and returns the count.
import { UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { key, tableName } from './table.ts';

export async function countRequest(userId: number, rateClass: string, windowStart: number, expiresAt: number, amount = 1): Promise<number> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.rateWindow(userId, rateClass, windowStart),
      UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': amount, ':ttl': expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.count ?? amount);
}
