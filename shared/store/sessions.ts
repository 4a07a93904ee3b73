// Web sessions, one-time sign-in links and password hashes (sign-in-attempts.ts counts attempts).
// Sessions and links are keyed by the SHA-256 of their secret, so a lookup is one strongly
// consistent GetItem and the secret itself is never stored.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients.ts';
import { sessionEndsAt, type SessionLimits } from '../domain/sessions.ts';
import { queryAll } from './query.ts';
import { key, tableName } from './table.ts';

export interface SessionRecord {
  readonly hash: string;
  readonly user_id: number;
  readonly created_at: string;
  readonly last_seen_at: string;
}

const ttlOf = (record: SessionRecord, limits: SessionLimits) => Math.ceil(sessionEndsAt(record, limits) / 1000);

export async function insertSession(hash: string, userId: number, limits: SessionLimits, now = new Date()): Promise<SessionRecord> {
  const record: SessionRecord = { hash, user_id: userId, created_at: now.toISOString(), last_seen_at: now.toISOString() };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key.session(hash), GSI1PK: `USER#${userId}#SESSIONS`, GSI1SK: `SESSION#${record.created_at}`, type: 'session', ...record, ttl: ttlOf(record, limits) },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return record;
}

export async function findSession(hash: string): Promise<SessionRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.session(hash), ConsistentRead: true }));
  return Item ? { hash, user_id: Number(Item.user_id), created_at: String(Item.created_at), last_seen_at: String(Item.last_seen_at) } : undefined;
}

/** Moves the idle expiry on (and the TTL with it); concurrent touches write once. */
export async function touchSession(record: SessionRecord, limits: SessionLimits, now: Date): Promise<void> {
  const seen = now.toISOString();
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.session(record.hash),
        UpdateExpression: 'SET last_seen_at = :seen, #ttl = :ttl',
        ConditionExpression: 'attribute_exists(PK) AND last_seen_at = :before',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':seen': seen, ':before': record.last_seen_at, ':ttl': ttlOf({ ...record, last_seen_at: seen }, limits) },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

export async function deleteSession(hash: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key.session(hash) }));
}

/** Ends every session of the user except `keep` (a session hash), if given. */
export async function deleteUserSessions(userId: number, keep?: string): Promise<number> {
  const items = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}#SESSIONS` } });
  const ended = items.map((i) => String(i.hash)).filter((hash) => hash !== keep);
  await Promise.all(ended.map(deleteSession));
  return ended.length;
}

export async function getPasswordHash(userId: number): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.user(userId), ProjectionExpression: 'password_hash', ConsistentRead: true }));
  return typeof Item?.password_hash === 'string' ? Item.password_hash : undefined;
}

export async function setPasswordHash(userId: number, hash: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key.user(userId),
      UpdateExpression: 'SET password_hash = :hash, password_changed_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': hash, ':now': now.toISOString() },
    }),
  );
}

export async function insertSignInLink(hash: string, userId: number, expiresAt: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key.signInLink(hash), type: 'signin-link', user_id: userId, expires_at: expiresAt.toISOString(), ttl: Math.ceil(expiresAt.getTime() / 1000) },
    }),
  );
}

/** Uses the link up: deleted in the same call that reads it, so it works once. */
export async function consumeSignInLink(hash: string, now: Date): Promise<number | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({ TableName: tableName(), Key: key.signInLink(hash), ConditionExpression: 'attribute_exists(PK) AND expires_at > :now', ExpressionAttributeValues: { ':now': now.toISOString() }, ReturnValues: 'ALL_OLD' }),
    );
    return Attributes ? Number(Attributes.user_id) : undefined;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}
