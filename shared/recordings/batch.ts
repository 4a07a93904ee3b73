// Batch operations: each recording on its own, so one refused item (403, 404, 409) is reported
// in its result and the others still go through (decisions §6).
import { AppError, ValidationError } from '../domain/errors.ts';
import type { BatchUpdates } from '../http/recording-schemas.ts';
import { logger } from '../logger.ts';
import { visibleTags } from '../store/tags.ts';
import { linkTags } from '../tags/tag-writes.ts';
import { getProfile } from '../store/users.ts';
import { editRecording, type Patch } from './edit.ts';
import { requestTranscription } from './processing.ts';

export interface ItemResult {
  readonly id: number;
  readonly success: boolean;
  readonly error?: string;
}

/** Items run a few at a time: enough to be quick, few enough to stay inside table capacity. */
const CONCURRENCY = 8;

export async function eachItem(ids: readonly number[], step: (id: number) => Promise<unknown>): Promise<ItemResult[]> {
  const unique = [...new Set(ids)];
  const results: ItemResult[] = new Array(unique.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < unique.length; i = next++) results[i] = await settle(unique[i]!, step);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, unique.length) }, worker));
  return results;
}

async function settle(id: number, step: (id: number) => Promise<unknown>): Promise<ItemResult> {
  try {
    await step(id);
    return { id, success: true };
  } catch (error) {
    if (error instanceof AppError) return { id, success: false, error: error.message };
    logger.error('batch item failed', { recording_id: id, error });
    return { id, success: false, error: 'Internal error' };
  }
}

export function summary<K extends string>(count: K, results: ItemResult[]) {
  const failed = results.filter((r) => !r.success).length;
  return { success: failed === 0, [count]: results.length - failed, failed, results } as { success: boolean; failed: number; results: ItemResult[] } & Record<K, number>;
}

/** Tag ids the caller cannot see fail every item with the same message. */
async function unusableTags(userId: number, updates: BatchUpdates): Promise<number[]> {
  const asked = [...(updates.add_tag_ids ?? []), ...(updates.remove_tag_ids ?? [])];
  if (asked.length === 0) return [];
  const groups = (await getProfile(userId))?.groups.map((g) => g.group_id) ?? [];
  const visible = new Set((await visibleTags(userId, groups, asked)).map((t) => t.id));
  return [...new Set(asked.filter((id) => !visible.has(id)))];
}

function patchFor(updates: BatchUpdates): (r: { tag_ids: readonly number[] }) => Patch {
  const add = updates.add_tag_ids ?? [];
  const remove = new Set(updates.remove_tag_ids ?? []);
  const touchesTags = add.length > 0 || remove.size > 0;
  return (r) => ({
    is_inbox: updates.is_inbox,
    is_highlighted: updates.is_highlighted,
    ...(touchesTags ? { tag_ids: [...new Set([...r.tag_ids, ...add])].filter((id) => !remove.has(id)) } : {}),
  });
}

export async function batchUpdate(userId: number, ids: readonly number[], updates: BatchUpdates) {
  const unusable = await unusableTags(userId, updates);
  const patch = patchFor(updates);
  if (unusable.length === 0) await linkTags(userId, updates.add_tag_ids ?? []);
  const results = await eachItem(ids, async (id) => {
    if (unusable.length > 0) throw new ValidationError(`Unknown tag ids: ${unusable.join(', ')}`);
    return editRecording(userId, id, patch);
  });
  return summary('updated', results);
}

export async function batchTranscribe(userId: number, ids: readonly number[]) {
  return summary('queued', await eachItem(ids, (id) => requestTranscription(userId, id)));
}

