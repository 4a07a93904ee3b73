// Tags, reading: personal (GSI1 USER#<uid>#TAGS) and group tags (GSI1 GROUP#<gid>#TAGS).
// Writes are in ../tags/tag-writes.ts, so modules that only read (the summary worker, deletion
// of recordings) bundle no tag writes.
//
// Links: a recording carries its tags as `tag_ids` (in order); there are no link items. To
// find the recordings carrying a tag, the tag item keeps `used_by`, the set of users who ever
// put it on one of their recordings (`linkTags`, called before the recording is written, so a
// carrier is never missing from it); deleting the tag queries the recordings of its user_id
// and of each of those users (GSI1 USER#<uid>#RECS, filtered on tag_ids) and no one else's.
// A user in `used_by` whose recordings no longer carry the tag costs one query, nothing more.
// Link items per recording were the alternative; they would need writing on every path that
// changes tag_ids (and deleting with the recording), outside the recording's transaction.
import { BatchGetCommand, type BatchGetCommandOutput, GetCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { canSee, type Tag } from '../tags/rules.ts';
import { queryAll } from './query.ts';
import type { Recording } from './recordings.ts';
import { key, tableName, withoutKeys } from './table.ts';

export type { Tag } from '../tags/rules.ts';

export interface TagBrief {
  readonly id: number;
  readonly name: string;
  readonly color: string;
}

export type TagFields = Omit<Tag, 'id' | 'created_at' | 'user_id' | 'group_id'>;

export function toTag(item: Record<string, unknown>): Tag {
  const i = withoutKeys(item);
  return {
    id: Number(i.id),
    name: String(i.name),
    color: String(i.color),
    user_id: Number(i.user_id),
    group_id: i.group_id === null || i.group_id === undefined ? null : Number(i.group_id),
    custom_prompt: (i.custom_prompt as string | null | undefined) ?? null,
    default_language: (i.default_language as string | null | undefined) ?? null,
    default_min_speakers: i.default_min_speakers == null ? null : Number(i.default_min_speakers),
    default_max_speakers: i.default_max_speakers == null ? null : Number(i.default_max_speakers),
    protect_from_deletion: i.protect_from_deletion === true,
    created_at: String(i.created_at ?? ''),
  };
}

export async function getTag(id: number): Promise<Tag | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.tag(id), ConsistentRead: true }));
  return Item ? toTag(Item) : undefined;
}

/** The tags that exist among `ids`, in the order asked, each once. */
async function getTags(ids: readonly number[]): Promise<Tag[]> {
  const unique = [...new Set(ids)];
  const found = new Map<number, Tag>();
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map(key.tag);
    while (keys && keys.length > 0) {
      const page: BatchGetCommandOutput = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
      for (const item of page.Responses?.[tableName()] ?? []) found.set(Number(item.id), toTag(item));
      keys = page.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return unique.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}

/** The tags among `ids` that the user owns or sees through a group, in the order asked. */
export async function visibleTagItems(userId: number, groupIds: readonly number[], ids: readonly number[]): Promise<Tag[]> {
  if (ids.length === 0) return [];
  return (await getTags(ids)).filter((t) => canSee(t, userId, groupIds));
}

/** The same as briefs (id, name, colour), as recordings show them. */
export async function visibleTags(userId: number, groupIds: readonly number[], ids: readonly number[]): Promise<TagBrief[]> {
  return (await visibleTagItems(userId, groupIds, ids)).map(({ id, name, color }) => ({ id, name, color }));
}

/** The user's personal tags, then the tags of each of the groups, each list in creation order. */
export async function listTags(userId: number, groupIds: readonly number[]): Promise<Tag[]> {
  const indexes = [`USER#${userId}#TAGS`, ...groupIds.map((g) => `GROUP#${g}#TAGS`)];
  const pages = await Promise.all(indexes.map((pk) => queryAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': pk } })));
  return pages.flat().map(toTag);
}

/** The user's recordings whose tag_ids hold the tag. */
export async function recordingsWithTag(userId: number, tagId: number): Promise<Recording[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'contains(tag_ids, :tag)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}#RECS`, ':tag': tagId },
  });
  return items.map((i) => withoutKeys(i) as unknown as Recording);
}

/** Whether a group with this id exists (users.ts reads groups by name only). */
export async function groupExists(groupId: number): Promise<boolean> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.group(groupId), ProjectionExpression: 'PK' }));
  return Item !== undefined;
}
