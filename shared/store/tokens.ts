// API tokens. The item is keyed by the token's SHA-256, so authentication is one strongly
// consistent GetItem and a revoke takes effect on the very next request.
import { GetCommand, PutCommand, UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { randomBytes } from 'node:crypto';
import { expiryFor, generateToken, hashToken, tokenStatus, type TokenExpiryDays, type TokenStatus } from '../domain/tokens.ts';
import { nextId } from './ids.ts';
import { queryAll } from './query.ts';
import { key, padId, tableName } from './table.ts';

export interface TokenRecord {
  readonly id: number;
  readonly user_id: number;
  readonly name: string;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly expires_at: string | null;
  readonly revoked_at: string | null;
}

/** What the API shows: never the secret, never the hash. */
export interface TokenView {
  readonly id: number;
  readonly name: string;
  readonly status: TokenStatus;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly expires_at: string | null;
  readonly revoked_at: string | null;
}

export interface StoredToken extends TokenRecord {
  readonly hash: string;
}

export async function insertToken(input: { userId: number; name: string; hash: string; expiresAt: string | null }, now = new Date()): Promise<TokenRecord> {
  const id = await nextId('token');
  const record: StoredToken = {
    id,
    user_id: input.userId,
    name: input.name,
    hash: input.hash,
    created_at: now.toISOString(),
    last_used_at: null,
    expires_at: input.expiresAt,
    revoked_at: null,
  };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key.token(input.hash),
        GSI1PK: `USER#${input.userId}#TOKENS`,
        GSI1SK: `TOKEN#${padId(id)}`,
        GSI2PK: `TOKENID#${id}`,
        GSI2SK: 'TOKEN',
        type: 'token',
        ...record,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  const { hash: _hash, ...view } = record;
  return view;
}

export async function findTokenByHash(hash: string): Promise<TokenRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.token(hash), ConsistentRead: true }));
  return Item ? toRecord(Item) : undefined;
}

export async function listTokens(userId: number): Promise<TokenRecord[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :sk)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}#TOKENS`, ':sk': 'TOKEN#' },
  });
  return items.map(toRecord);
}

/** One token by id, checked against its owner (403 for another user's, 404 for none). */
export async function getOwnedToken(id: number, userId: number | 'any'): Promise<StoredToken> {
  const [item] = await queryAll({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': `TOKENID#${id}` } });
  if (!item) throw new NotFoundError('Token not found');
  if (userId !== 'any' && Number(item.user_id) !== userId) throw new ForbiddenError('This token belongs to another user');
  return { ...toRecord(item), hash: String(item.hash) };
}

export async function renameToken(token: StoredToken, name: string): Promise<TokenRecord> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.token(token.hash),
      UpdateExpression: 'SET #name = :name',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toRecord(Attributes!);
}

/** Soft delete: the record stays listed as revoked. Revoking twice keeps the first time. */
export async function revokeToken(token: StoredToken, now = new Date()): Promise<TokenRecord> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.token(token.hash),
        UpdateExpression: 'SET revoked_at = :now',
        // revoked_at is stored as NULL until revoked, so "not yet" means NULL (or absent).
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(revoked_at) OR attribute_type(revoked_at, :null))',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':null': 'NULL' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(Attributes!);
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    const current = await findTokenByHash(token.hash);
    if (!current) throw new NotFoundError('Token not found');
    return current;
  }
}

/**
 * Records use at most once a minute: the condition makes concurrent requests write once,
 * and a failed condition is the expected, silent outcome.
 */
export async function touchToken(hash: string, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.token(hash),
        UpdateExpression: 'SET last_used_at = :now',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_type(last_used_at, :null) OR last_used_at < :minuteAgo)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':minuteAgo': minuteAgo, ':null': 'NULL' },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

export function viewToken(token: TokenRecord, nowMs: number): TokenView {
  return {
    id: token.id,
    name: token.name,
    status: tokenStatus(token, nowMs),
    created_at: token.created_at,
    last_used_at: token.last_used_at,
    expires_at: token.expires_at,
    revoked_at: token.revoked_at,
  };
}

function toRecord(item: Record<string, unknown>): TokenRecord {
  const orNull = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: Number(item.id),
    user_id: Number(item.user_id),
    name: String(item.name),
    created_at: String(item.created_at),
    last_used_at: orNull(item.last_used_at),
    expires_at: orNull(item.expires_at),
    revoked_at: orNull(item.revoked_at),
  };
}

/** Creates a token for the user; the secret exists only in the return value. */
export async function issueToken(userId: number, name: string, expiresInDays: TokenExpiryDays, now = new Date()): Promise<{ secret: string; record: TokenRecord }> {
  const secret = generateToken(randomBytes);
  const record = await insertToken({ userId, name, hash: hashToken(secret), expiresAt: expiryFor(expiresInDays, now.getTime()) }, now);
  return { secret, record };
}
