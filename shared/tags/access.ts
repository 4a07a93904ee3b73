// Reading tags as a user sees them, kept apart from the tag writes so that the summary worker
// and recording deletion bundle only reads: the viewer (the user with their memberships), a
// recording's tags as its owner sees them, and protect_from_deletion.
import { ConflictError } from '../domain/errors.ts';
import type { Recording } from '../store/recordings.ts';
import { visibleTagItems, type Tag } from '../store/tags.ts';
import { getProfile } from '../store/users.ts';
import type { Viewer } from './rules.ts';

export async function viewerOf(userId: number): Promise<Viewer> {
  const profile = await getProfile(userId);
  return { userId, groups: profile?.groups ?? [] };
}

/** The recording's tags its owner can see, in the recording's order. */
export async function ownerTags(recording: Pick<Recording, 'user_id' | 'tag_ids'>): Promise<Tag[]> {
  if (recording.tag_ids.length === 0) return [];
  const viewer = await viewerOf(recording.user_id);
  return visibleTagItems(recording.user_id, viewer.groups.map((g) => g.group_id), recording.tag_ids);
}

/** 409 while the recording carries a tag (one its owner can see) with protect_from_deletion. */
export async function refuseIfProtected(recording: Pick<Recording, 'user_id' | 'tag_ids'>): Promise<void> {
  const protecting = (await ownerTags(recording)).find((t) => t.protect_from_deletion);
  if (protecting) throw new ConflictError(`The tag "${protecting.name}" protects this recording from deletion; remove the tag first`);
}
