// The tag routes' work: list, create, change and delete tags, each behind the rules of
// ./rules.ts. Deleting a tag takes it off every recording that carries it (see the links
// note in ../store/tags.ts).
import type { CreateTagInput, TagPatch } from '../http/tag-schemas.ts';
import { logger } from '../logger.ts';
import { editRecording } from '../recordings/edit.ts';
import { getTag, groupExists, listTags as storedTags, recordingsWithTag } from '../store/tags.ts';
import { createTag as storeTag, deleteTag as dropTag, updateTag as writeTag } from './tag-writes.ts';
import { viewerOf } from './access.ts';
import { checkSpeakerRange, requireAccess, requireGroupAdmin, tagView, type TagView } from './rules.ts';

export async function listTags(userId: number): Promise<{ tags: TagView[] }> {
  const viewer = await viewerOf(userId);
  const tags = await storedTags(userId, viewer.groups.map((g) => g.group_id));
  return { tags: tags.map((t) => tagView(t, viewer)) };
}

export async function createTag(userId: number, input: CreateTagInput): Promise<TagView> {
  const viewer = await viewerOf(userId);
  const { group_id: groupId, ...fields } = input;
  if (groupId !== null) requireGroupAdmin(groupId, viewer, await groupExists(groupId));
  return tagView(await storeTag({ userId, groupId }, fields), viewer);
}

export async function updateTag(userId: number, id: number, patch: TagPatch): Promise<{ success: true; tag: TagView }> {
  const viewer = await viewerOf(userId);
  const tag = requireAccess(await getTag(id), viewer, 'edit');
  checkSpeakerRange(patch.default_min_speakers === undefined ? tag.default_min_speakers : patch.default_min_speakers, patch.default_max_speakers === undefined ? tag.default_max_speakers : patch.default_max_speakers);
  return { success: true, tag: tagView(await writeTag(tag, patch), viewer) };
}

/** Removes the tag, then its id from every recording that carries it. */
export async function deleteTag(userId: number, id: number): Promise<{ success: true }> {
  const viewer = await viewerOf(userId);
  requireAccess(await getTag(id), viewer, 'edit');
  const deleted = await dropTag(id);
  if (!deleted) return { success: true };
  const unlinked = await unlinkEverywhere(id, deleted.users);
  logger.info('tag deleted', { tag_id: id, recordings_unlinked: unlinked });
  return { success: true };
}

async function unlinkEverywhere(tagId: number, users: readonly number[]): Promise<number> {
  let count = 0;
  for (const owner of users) {
    for (const recording of await recordingsWithTag(owner, tagId)) {
      try {
        await editRecording(owner, recording.id, (r) => ({ tag_ids: r.tag_ids.filter((t) => t !== tagId) }));
        count++;
      } catch (error) {
        // Deleted meanwhile: nothing left to unlink.
        if ((error as { status?: number }).status !== 404) throw error;
      }
    }
  }
  return count;
}
