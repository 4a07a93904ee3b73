// Tags on recordings: adding and removing them. No event: the spec's recording.updated fields
// do not include tags.
import { NotFoundError } from '../domain/errors.ts';
import type { AddRecordingTagsInput } from '../http/tag-schemas.ts';
import { editRecording } from '../recordings/edit.ts';
import { getOwnedRecording } from '../store/recordings.ts';
import { visibleTagItems, type Tag, type TagBrief } from '../store/tags.ts';
import { linkTags } from './tag-writes.ts';
import { viewerOf } from './access.ts';

const brief = ({ id, name, color }: Tag): TagBrief => ({ id, name, color });

export interface TagsAdded {
  readonly success: boolean;
  readonly added_tags: TagBrief[];
  readonly errors: { tag_id: number; error: string }[];
}

/**
 * Adds the tags the owner can see (those already on the recording count as added); every other
 * id is reported in errors with one message, so unknown and foreign ids look the same.
 */
export async function addRecordingTags(userId: number, recordingId: number, body: AddRecordingTagsInput): Promise<TagsAdded> {
  await getOwnedRecording(recordingId, userId);
  const asked = [...new Set([...(body.tag_ids ?? []), ...(body.tag_id !== undefined ? [body.tag_id] : [])])];
  const viewer = await viewerOf(userId);
  const usable = await visibleTagItems(userId, viewer.groups.map((g) => g.group_id), asked);
  const usableIds = new Set(usable.map((t) => t.id));
  const errors = asked.filter((id) => !usableIds.has(id)).map((id) => ({ tag_id: id, error: 'Tag not found' }));
  if (usable.length > 0) {
    await linkTags(userId, [...usableIds]);
    await editRecording(userId, recordingId, (r) => ({ tag_ids: [...new Set([...r.tag_ids, ...usableIds])] }));
  }
  return { success: errors.length === 0, added_tags: usable.map(brief), errors };
}

/** 404 when the tag is not on the recording (whether or not the tag exists). */
export async function removeRecordingTag(userId: number, recordingId: number, tagId: number): Promise<{ success: true }> {
  const recording = await getOwnedRecording(recordingId, userId);
  if (!recording.tag_ids.includes(tagId)) throw new NotFoundError('The tag is not on this recording');
  await editRecording(userId, recordingId, (r) => ({ tag_ids: r.tag_ids.filter((t) => t !== tagId) }));
  return { success: true };
}
