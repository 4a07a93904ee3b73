// Tags, writing. A name is unique per owner or per group, case-insensitively, through a guard
// item written in the same transaction as the tag; `used_by` on the tag item records which
// users' recordings may carry it (see the links note in ../store/tags.ts).
import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { ConflictError } from '../domain/errors.ts';
import { cancellationCodes } from '../store/conditions.ts';
import { nextId } from '../store/ids.ts';
import { key, padId, tableName } from '../store/table.ts';
import { toTag, type TagFields } from '../store/tags.ts';
import type { Tag } from './rules.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const EDITABLE = ['name', 'color', 'custom_prompt', 'default_language', 'default_min_speakers', 'default_max_speakers', 'protect_from_deletion'] as const;

const tagsIndexKey = (t: Pick<Tag, 'user_id' | 'group_id'>) => (t.group_id === null ? `USER#${t.user_id}#TAGS` : `GROUP#${t.group_id}#TAGS`);
const nameGuard = (t: Pick<Tag, 'user_id' | 'group_id'>, name: string) => key.tagName({ groupId: t.group_id, userId: t.user_id }, name);
const duplicate = (name: string) => new ConflictError(`A tag named "${name}" already exists`);

export async function createTag(owner: { userId: number; groupId: number | null }, fields: TagFields, now = new Date()): Promise<Tag> {
  const id = await nextId('tag');
  const tag: Tag = { id, user_id: owner.userId, group_id: owner.groupId, created_at: now.toISOString(), ...fields };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...nameGuard(tag, tag.name), tag_id: id }, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Put: { TableName: tableName(), Item: { ...key.tag(id), GSI1PK: tagsIndexKey(tag), GSI1SK: `TAG#${padId(id)}`, type: 'tag', ...tag } } },
        ],
      }),
    );
  } catch (error) {
    if (failedAt(error).includes(0)) throw duplicate(tag.name);
    throw error;
  }
  return tag;
}

/** Writes the changed fields on the condition that the tag still has the name it was read with. */
export async function updateTag(before: Tag, changes: Partial<TagFields>): Promise<Tag> {
  const after: Tag = { ...before, ...changes };
  const fields = EDITABLE.filter((f) => changes[f] !== undefined);
  if (fields.length === 0) return before;
  const renamed = after.name.toLowerCase() !== before.name.toLowerCase();
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: key.tag(before.id),
        UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK) AND #name = :readName',
        ExpressionAttributeNames: { '#name': 'name', ...Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])) },
        ExpressionAttributeValues: { ':readName': before.name, ...Object.fromEntries(fields.map((f, i) => [`:f${i}`, after[f]])) },
      },
    },
  ];
  if (renamed) {
    items.push(
      { Put: { TableName: tableName(), Item: { ...nameGuard(after, after.name), tag_id: after.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Delete: { TableName: tableName(), Key: nameGuard(before, before.name) } },
    );
  }
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const failed = failedAt(error);
    if (failed.includes(1)) throw duplicate(after.name);
    if (failed.includes(0)) throw new ConflictError('The tag changed meanwhile; try again');
    throw error;
  }
  return after;
}

/**
 * Deletes the tag and its name guard, on the condition that no user joined `used_by` since
 * the tag was read; returns the users whose recordings may carry it.
 */
export async function deleteTag(id: number, attempts = 3): Promise<{ tag: Tag; users: number[] } | undefined> {
  for (let attempt = 1; ; attempt++) {
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.tag(id), ConsistentRead: true }));
    if (!Item) return undefined;
    const tag = toTag(Item);
    const usedBy = [...((Item.used_by as Set<number> | undefined) ?? [])].map(Number);
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName(),
                Key: key.tag(id),
                ConditionExpression: usedBy.length === 0 ? 'attribute_exists(PK) AND attribute_not_exists(used_by)' : 'size(used_by) = :n',
                ...(usedBy.length === 0 ? {} : { ExpressionAttributeValues: { ':n': usedBy.length } }),
              },
            },
            { Delete: { TableName: tableName(), Key: nameGuard(tag, tag.name) } },
          ],
        }),
      );
      return { tag, users: [...new Set([tag.user_id, ...usedBy])] };
    } catch (error) {
      // Someone put the tag on a recording meanwhile (or deleted it): read it again.
      if (!failedAt(error).includes(0)) throw error;
      if (attempt >= attempts) throw new ConflictError('The tag changed meanwhile; try again');
    }
  }
}

/**
 * Records that the user puts these tags on a recording of theirs (see the links note above).
 * Call it before writing the recording; a tag deleted meanwhile is skipped.
 */
export async function linkTags(userId: number, tagIds: readonly number[]): Promise<void> {
  await Promise.all(
    [...new Set(tagIds)].map(async (id) => {
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key.tag(id),
            UpdateExpression: 'ADD used_by :user',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':user': new Set([userId]) },
          }),
        );
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    }),
  );
}

/** Indexes of the transaction items whose condition failed. */
function failedAt(error: unknown): number[] {
  if ((error as Error).name !== 'TransactionCanceledException') return [];
  return cancellationCodes(error).flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
}
