// Integer ids from atomic counters, as the spec's resources have integer identifiers.
import { UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { key, tableName } from './table.ts';

export async function nextId(counter: string): Promise<number> {
  const result = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.counter(counter),
      UpdateExpression: 'ADD #value :one',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.value);
}
