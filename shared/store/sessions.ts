// Web sessions, one-time sign-in links and password hashes (sign-in-attempts.ts counts attempts).
// Sessions and links are keyed by the SHA-256 of their secret, so a lookup is one strongly
// consistent GetItem and the secret itself is never stored.
// Ending all of a user's sessions cannot rely on finding them: the sessions index (GSI1) is
// eventually consistent and may not list one opened a moment ago. So each session carries the
// epoch its user was in when it opened (read with the password hash it was opened by), ending
// them all moves the user's `session_epoch` on, and a session of an older epoch is refused; the
// index only serves to delete the items early.
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '../clients/dynamodb.ts';
import { NotFoundError } from '../domain/errors.ts';
import { dynamo } from '../clients.ts';
import { sessionEndsAt, type SessionLimits } from '../domain/sessions.ts';
import { cancellationCodes } from './conditions.ts';
import { queryAll } from './query.ts';
import { key, tableName } from './table.ts';

export interface SessionRecord {
  readonly hash: string;
  readonly user_id: number;
  readonly created_at: string;
  readonly last_seen_at: string;
  /** The user's session epoch when it opened: it ends when the user's moves on. */
  readonly epoch: number;
}

const ttlOf = (record: SessionRecord, limits: SessionLimits) => Math.ceil(sessionEndsAt(record, limits) / 1000);

export async function insertSession(hash: string, userId: number, epoch: number, limits: SessionLimits, now = new Date()): Promise<SessionRecord> {
  const record: SessionRecord = { hash, user_id: userId, created_at: now.toISOString(), last_seen_at: now.toISOString(), epoch };
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
  return Item ? { hash, user_id: Number(Item.user_id), created_at: String(Item.created_at), last_seen_at: String(Item.last_seen_at), epoch: Number(Item.epoch ?? 0) } : undefined;
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

/** Deletes the sessions of the user the index lists, except `keep` (a session hash); how many. */
export async function deleteUserSessions(userId: number, keep?: string): Promise<number> {
  const items = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}#SESSIONS` } });
  const ended = items.map((i) => String(i.hash)).filter((hash) => hash !== keep);
  await Promise.all(ended.map(deleteSession));
  return ended.length;
}

export interface Credentials {
  readonly passwordHash: string | undefined;
  readonly sessionEpoch: number;
}

/** The user's password hash and session epoch, read together; undefined when there is no such user. */
export async function getCredentials(userId: number): Promise<Credentials | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.user(userId), ProjectionExpression: 'PK, password_hash, session_epoch', ConsistentRead: true }));
  if (!Item) return undefined;
  return { passwordHash: typeof Item.password_hash === 'string' ? Item.password_hash : undefined, sessionEpoch: Number(Item.session_epoch ?? 0) };
}

const CONFLICT_RETRIES = 4;

/**
 * Ends every session of the user at once by moving their epoch on; `keep` (a session hash of
 * theirs) moves with it in the same transaction, so it never sees a moment of being ended.
 * Returns the new epoch, for a session opened right after.
 */
export async function advanceSessionEpoch(userId: number, keep?: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const current = (await getCredentials(userId))?.sessionEpoch;
    if (current === undefined) throw new NotFoundError('User not found');
    const next = current + 1;
    const user = {
      TableName: tableName(),
      Key: key.user(userId),
      UpdateExpression: 'SET session_epoch = :next',
      ConditionExpression: current === 0 ? 'attribute_exists(PK) AND attribute_not_exists(session_epoch)' : 'session_epoch = :current',
      ExpressionAttributeValues: current === 0 ? { ':next': next } : { ':next': next, ':current': current },
    };
    const kept = { TableName: tableName(), Key: key.session(keep ?? ''), UpdateExpression: 'SET epoch = :next', ConditionExpression: 'user_id = :user', ExpressionAttributeValues: { ':next': next, ':user': userId } };
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: keep ? [{ Update: user }, { Update: kept }] : [{ Update: user }] }));
      return next;
    } catch (error) {
      // Another change moved the epoch first (read again), or the kept session ended meanwhile (keep none).
      if ((error as Error).name !== 'TransactionCanceledException' || attempt >= CONFLICT_RETRIES) throw error;
      if (cancellationCodes(error)[1] === 'ConditionalCheckFailed') keep = undefined;
    }
  }
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
