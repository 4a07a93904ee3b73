// Presigned uploads in progress: what the client declared, where its bytes go, and until
// when. Expired sessions vanish by TTL (and are treated as gone before that).
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { key, tableName } from './table.ts';
import { logFailure } from '../logger.ts';

export interface UploadSession {
  readonly id: string;
  readonly user_id: number;
  readonly object_key: string;
  readonly filename: string;
  readonly size: number;
  readonly content_type: string;
  /** The form fields as the client sent them, checked again at completion. */
  readonly fields: Record<string, string | number | number[]>;
  /** Set for a multipart plan. */
  readonly multipart_upload_id: string | null;
  readonly expires_at: string;
}

export async function saveUploadSession(session: UploadSession): Promise<void> {
  const ttl = Math.floor(Date.parse(session.expires_at) / 1000) + 86_400;
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...key.upload(session.id), type: 'upload', ttl, ...session } }));
}

export async function getOwnedUploadSession(id: string, userId: number, now = new Date()): Promise<UploadSession> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.upload(id), ConsistentRead: true }));
  if (!Item || Date.parse(String(Item.expires_at)) < now.getTime()) throw new NotFoundError('Upload not found or expired');
  if (Item.user_id !== userId) throw new ForbiddenError('This upload belongs to another user');
  return Item as unknown as UploadSession;
}

/** Marks the session as being completed; a second completion at the same time gets 409. */
export async function startCompleting(id: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({ TableName: tableName(), Key: key.upload(id), UpdateExpression: 'SET completing = :t', ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(completing)', ExpressionAttributeValues: { ':t': true } }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new ConflictError('This upload is already being completed');
    throw error;
  }
}

export async function deleteUploadSession(id: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key.upload(id) }));
}

export async function releaseUploadSession(id: string): Promise<void> {
  await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key.upload(id), UpdateExpression: 'REMOVE completing' })).catch(logFailure('an upload session could not be released: its completion claim stays', { upload_id: id }));
}
