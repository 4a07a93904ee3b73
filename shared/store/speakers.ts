// Speakers: a user's named speakers with their voice profiles, a name guard that keeps names
// unique per user (case-insensitively) in the same transaction as the speaker, and links to
// the recordings a speaker was assigned in, so a rename finds every transcript to rewrite.
import { BatchWriteCommand, DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../domain/errors.ts';
import { nameKey, type VoiceProfile } from '../domain/speakers.ts';
import { cancellationCodes } from './conditions.ts';
import { nextId } from './ids.ts';
import { queryAll } from './query.ts';
import { key, padId, tableName, withoutKeys } from './table.ts';

export interface Speaker extends VoiceProfile {
  readonly id: number;
  readonly user_id: number;
  readonly name: string;
  readonly use_count: number;
  readonly last_used: string | null;
  readonly created_at: string;
}

const speakerKeys = (s: Pick<Speaker, 'id' | 'user_id'>) => ({ ...key.speaker(s.id), GSI1PK: `USER#${s.user_id}#SPEAKERS`, GSI1SK: `SPEAKER#${padId(s.id)}` });

export async function createSpeaker(userId: number, name: string, now = new Date()): Promise<Speaker> {
  const id = await nextId('speaker');
  const speaker: Speaker = {
    id, user_id: userId, name, use_count: 0, last_used: null, created_at: now.toISOString(),
    voice_embedding: null, embedding_count: 0, similarity_history: [], confidence_score: 0,
  };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...key.speakerName(userId, nameKey(name)), speaker_id: id }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Put: { TableName: tableName(), Item: { ...speakerKeys(speaker), ...speaker }, ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
      }),
    );
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') throw new ConflictError(`A speaker named "${name}" already exists`);
    throw error;
  }
  return speaker;
}

export async function findSpeaker(id: number): Promise<Speaker | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.speaker(id), ConsistentRead: true }));
  return Item ? (withoutKeys(Item) as unknown as Speaker) : undefined;
}

/** 404 when it does not exist, 403 when it is another user's. */
export async function getOwnedSpeaker(id: number, userId: number): Promise<Speaker> {
  const speaker = await findSpeaker(id);
  if (!speaker) throw new NotFoundError('Speaker not found');
  if (speaker.user_id !== userId) throw new ForbiddenError('Permission denied');
  return speaker;
}

/** The user's speaker with this name (case-insensitive), if any. */
export async function findSpeakerByName(userId: number, name: string): Promise<Speaker | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.speakerName(userId, nameKey(name)), ConsistentRead: true }));
  if (!Item) return undefined;
  const speaker = await findSpeaker(Number(Item.speaker_id));
  return speaker?.user_id === userId ? speaker : undefined;
}

export async function listSpeakers(userId: number): Promise<Speaker[]> {
  const items = await queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}#SPEAKERS` } });
  return items.map((i) => withoutKeys(i) as unknown as Speaker);
}

/** The names in the user's speaker library that were ever given to a voice in a transcript, without the voice profiles. */
export async function assignedSpeakerNames(userId: number): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': `USER#${userId}#SPEAKERS` },
    ProjectionExpression: '#name, use_count',
    ExpressionAttributeNames: { '#name': 'name' },
  });
  return items.filter((i) => Number(i.use_count) > 0).map((i) => String(i.name ?? '')).filter(Boolean);
}

/** Renames a speaker and moves its name guard; 409 when the name is another speaker's. */
export async function renameSpeakerItem(speaker: Speaker, name: string): Promise<Speaker> {
  const moves = nameKey(speaker.name) !== nameKey(name);
  const guards = moves
    ? [
        { Put: { TableName: tableName(), Item: { ...key.speakerName(speaker.user_id, nameKey(name)), speaker_id: speaker.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Delete: { TableName: tableName(), Key: key.speakerName(speaker.user_id, nameKey(speaker.name)) } },
      ]
    : [];
  const update = {
    Update: {
      TableName: tableName(),
      Key: key.speaker(speaker.id),
      UpdateExpression: 'SET #name = :name',
      ConditionExpression: '#name = :old',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name, ':old': speaker.name },
    },
  };
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: [...guards, update] }));
  } catch (error) {
    const codes = cancellationCodes(error);
    if (moves && codes[0] === 'ConditionalCheckFailed') throw new ConflictError(`A speaker named "${name}" already exists`);
    if (codes.includes('ConditionalCheckFailed')) throw new ConflictError('The speaker changed meanwhile; try again');
    throw error;
  }
  return { ...speaker, name };
}

/** The speaker, its name guard and its recording links. */
export async function deleteSpeakerItems(speaker: Speaker): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: key.speaker(speaker.id), ConditionExpression: 'attribute_exists(PK)' } },
        { Delete: { TableName: tableName(), Key: key.speakerName(speaker.user_id, nameKey(speaker.name)), ConditionExpression: 'speaker_id = :id', ExpressionAttributeValues: { ':id': speaker.id } } },
      ],
    }),
  ).catch((error: unknown) => {
    if ((error as Error).name === 'TransactionCanceledException') throw new NotFoundError('Speaker not found');
    throw error;
  });
  const links = await linkedRecordings(speaker.id);
  for (let i = 0; i < links.length; i += 25) {
    let pending: Record<string, unknown>[] | undefined = links.slice(i, i + 25).map((recordingId) => ({ DeleteRequest: { Key: key.speakerLink(speaker.id, recordingId) } }));
    while (pending && pending.length > 0) {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
    }
  }
}

/**
 * One assignment: the voice profile as computed from the speaker as read (when a sample was
 * given), one more use, and the link to the recording.
 */
export async function recordAssignment(speaker: Speaker, recordingId: number, profile: VoiceProfile | null, now = new Date()): Promise<void> {
  const set: Record<string, unknown> = { last_used: now.toISOString(), ...profile };
  const entries = Object.entries(set);
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: key.speaker(speaker.id),
            UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')} ADD use_count :one`,
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
            ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([, value], i) => [`:f${i}`, value])), ':one': 1 },
          },
        },
        { Put: { TableName: tableName(), Item: { ...key.speakerLink(speaker.id, recordingId), recording_id: recordingId, user_id: speaker.user_id } } },
      ],
    }),
  );
}

/** Links a speaker to a recording it appears in (idempotent). */
export async function linkRecording(speaker: Pick<Speaker, 'id' | 'user_id'>, recordingId: number): Promise<void> {
  await dynamo().send(new UpdateCommand({ TableName: tableName(), Key: key.speakerLink(speaker.id, recordingId), UpdateExpression: 'SET recording_id = :r, user_id = :u', ExpressionAttributeValues: { ':r': recordingId, ':u': speaker.user_id } }));
}

export async function unlinkRecording(speakerId: number, recordingId: number): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: key.speakerLink(speakerId, recordingId) }));
}

/** For a deleted recording: no speaker of its owner keeps a link to it. */
export async function unlinkRecordingFromAll(userId: number, recordingId: number): Promise<void> {
  const speakers = await listSpeakers(userId);
  await Promise.all(speakers.map((s) => unlinkRecording(s.id, recordingId)));
}

/** Ids of the recordings a speaker was assigned in, oldest id first. */
export async function linkedRecordings(speakerId: number): Promise<number[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :rec)',
    ExpressionAttributeValues: { ':pk': `SPEAKER#${speakerId}`, ':rec': 'REC#' },
    ConsistentRead: true,
  });
  return items.map((i) => Number(i.recording_id));
}
