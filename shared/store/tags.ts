// Tags as recordings need them: resolving ids the caller may use. (The tag routes, group
// tags and their defaults arrive with the tags issue; the key design is fixed here.)
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../clients.ts';
import { tableName } from './table.ts';

export interface TagBrief {
  readonly id: number;
  readonly name: string;
  readonly color: string;
}

interface StoredTag extends TagBrief {
  readonly user_id: number | null;
  readonly group_id: number | null;
}

export const tagKey = (id: number) => ({ PK: `TAG#${id}`, SK: 'TAG' });

/** The tags among `ids` that the user owns or sees through a group, in the order asked. */
export async function visibleTags(userId: number, groupIds: readonly number[], ids: readonly number[]): Promise<TagBrief[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const found: StoredTag[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    const { Responses } = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: unique.slice(i, i + 100).map(tagKey) } } }));
    found.push(...((Responses?.[tableName()] ?? []) as StoredTag[]));
  }
  const visible = found.filter((t) => t.user_id === userId || (t.group_id !== null && groupIds.includes(t.group_id)));
  return unique.flatMap((id) => visible.filter((t) => t.id === id).map(({ id: tagId, name, color }) => ({ id: tagId, name, color })));
}
