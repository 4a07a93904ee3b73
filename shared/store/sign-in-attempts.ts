// Sign-in attempt counters, one per account and one per client address (SIGNINFAIL#<scope>).
// An attempt is counted before its password is checked, in the same UpdateItem that returns
// the count before it: parallel attempts each see a different count, so none can slip past the
// allowance between a read and a write. A counter forgets itself a day after its last attempt.
import { DeleteCommand, UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { key, tableName } from './table.ts';

export interface FailureCount {
  readonly count: number;
  readonly last_failure_at: string | null;
}

const DAY_SECONDS = 86_400;
const expiry = (now: Date) => Math.ceil(now.getTime() / 1000) + DAY_SECONDS;

function ignoreFailedCondition(error: unknown): void {
  if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
}

/** Counts an attempt now; the counter as it was before (what the attempt is judged by). */
export async function countAttempt(scope: string, now: Date): Promise<FailureCount> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.signInFailures(scope),
      UpdateExpression: 'ADD #count :one SET last_failure_at = :now, #ttl = :ttl',
      ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString(), ':ttl': expiry(now) },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return { count: Number(Attributes?.count ?? 0), last_failure_at: typeof Attributes?.last_failure_at === 'string' ? Attributes.last_failure_at : null };
}

/** The attempt failed: the next one's wait counts from now, when the answer goes out. */
export async function markFailedAt(scope: string, now: Date): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.signInFailures(scope),
        UpdateExpression: 'SET last_failure_at = :now, #ttl = :ttl',
        ConditionExpression: 'attribute_exists(PK) AND last_failure_at < :now',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':now': now.toISOString(), ':ttl': expiry(now) },
      }),
    )
    .catch(ignoreFailedCondition);
}

/** The attempt was right: its count is given back. */
export async function uncountAttempt(scope: string): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.signInFailures(scope),
        UpdateExpression: 'ADD #count :minus',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch(ignoreFailedCondition);
}

export async function clearAttempts(scope: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key.signInFailures(scope) }));
}
