// The tag rules without I/O: who sees and who edits a tag, what a caller is told about a tag
// it may not use (decisions §2: 403 when it exists, 404 when not), the tag's view, the upload
// defaults a tag gives, and where tag prompts stand in the summary prompt's precedence.
import { ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.ts';

export interface Tag {
  readonly id: number;
  readonly name: string;
  readonly color: string;
  /** The owner of a personal tag; the creator of a group tag. */
  readonly user_id: number;
  readonly group_id: number | null;
  readonly custom_prompt: string | null;
  readonly default_language: string | null;
  readonly default_min_speakers: number | null;
  readonly default_max_speakers: number | null;
  readonly protect_from_deletion: boolean;
  readonly created_at: string;
}

interface MembershipLike {
  readonly group_id: number;
  readonly role: 'admin' | 'member';
}

export interface Viewer {
  readonly userId: number;
  readonly groups: readonly MembershipLike[];
}

/** `#rgb` or `#rrggbb`. */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A personal tag is seen by its owner; a group tag by the group's members (the creator only while one). */
export function canSee(tag: Pick<Tag, 'user_id' | 'group_id'>, userId: number, groupIds: readonly number[]): boolean {
  return tag.group_id === null ? tag.user_id === userId : groupIds.includes(tag.group_id);
}

/** A personal tag is edited by its owner; a group tag by the group's admins. */
export function canEdit(tag: Pick<Tag, 'user_id' | 'group_id'>, viewer: Viewer): boolean {
  if (tag.group_id === null) return tag.user_id === viewer.userId;
  return viewer.groups.some((g) => g.group_id === tag.group_id && g.role === 'admin');
}

/** The tag when the viewer may see it (or edit it); 404 when there is none, 403 when it is not theirs. */
export function requireAccess(tag: Tag | undefined, viewer: Viewer, need: 'see' | 'edit'): Tag {
  if (!tag) throw new NotFoundError('Tag not found');
  const seen = canSee(tag, viewer.userId, viewer.groups.map((g) => g.group_id));
  if (!seen) throw new ForbiddenError('Permission denied');
  if (need === 'edit' && !canEdit(tag, viewer)) throw new ForbiddenError('Only the group admins can change this tag');
  return tag;
}

/** Creating a tag in a group needs the group's admin role. */
export function requireGroupAdmin(groupId: number, viewer: Viewer, groupExists: boolean): void {
  const membership = viewer.groups.find((g) => g.group_id === groupId);
  if (membership?.role === 'admin') return;
  if (!membership && !groupExists) throw new NotFoundError('Group not found');
  throw new ForbiddenError('Only the group admins can create tags in this group');
}

export function checkSpeakerRange(min: number | null, max: number | null): void {
  if (min !== null && max !== null && min > max) {
    throw new ValidationError('default_min_speakers must not exceed default_max_speakers', [{ path: 'default_min_speakers', message: 'must not exceed default_max_speakers' }]);
  }
}

export function tagView(tag: Tag, viewer: Viewer) {
  return {
    id: tag.id,
    name: tag.name,
    color: tag.color,
    is_group_tag: tag.group_id !== null,
    group_id: tag.group_id,
    custom_prompt: tag.custom_prompt,
    default_language: tag.default_language,
    default_min_speakers: tag.default_min_speakers,
    default_max_speakers: tag.default_max_speakers,
    protect_from_deletion: tag.protect_from_deletion,
    can_edit: canEdit(tag, viewer),
    created_at: tag.created_at,
  };
}
export type TagView = ReturnType<typeof tagView>;

export interface TranscriptionDefaults {
  readonly language: string | null;
  readonly minSpeakers: number | null;
  readonly maxSpeakers: number | null;
}

type Asked = { readonly language?: string | undefined; readonly min_speakers?: number | undefined; readonly max_speakers?: number | undefined };

/**
 * What the upload leaves out comes from the first tag (in the order given) that has it; a
 * field given explicitly always wins. A speaker bound from a tag that would contradict the
 * other bound is dropped rather than stored as min > max.
 */
export function uploadDefaults(asked: Asked, tags: readonly Tag[]): TranscriptionDefaults {
  const first = <K extends 'default_language' | 'default_min_speakers' | 'default_max_speakers'>(field: K) => tags.find((t) => t[field] !== null && t[field] !== undefined)?.[field] ?? null;
  const language = asked.language ?? first('default_language');
  let minSpeakers = asked.min_speakers ?? first('default_min_speakers');
  let maxSpeakers = asked.max_speakers ?? first('default_max_speakers');
  if (minSpeakers !== null && maxSpeakers !== null && minSpeakers > maxSpeakers) {
    if (asked.min_speakers === undefined) minSpeakers = null;
    else if (asked.max_speakers === undefined) maxSpeakers = null;
  }
  return { language, minSpeakers, maxSpeakers };
}

export interface PromptSources {
  /** A custom prompt given with POST /summarize for this summary. */
  readonly request: string | null;
  /** The recording's tags the owner can see, in the recording's tag order. */
  readonly tags: readonly Pick<Tag, 'custom_prompt'>[];
  readonly user: string | null;
  readonly admin: string | null | undefined;
  readonly builtIn: string;
}

/** decisions: request custom_prompt → tag prompts (joined by blank lines) → user → admin → built-in. */
export function pickSummaryPrompt(sources: PromptSources): string {
  if (sources.request) return sources.request;
  const tagPrompts = sources.tags.map((t) => t.custom_prompt?.trim() ?? '').filter((p) => p.length > 0);
  if (tagPrompts.length > 0) return tagPrompts.join('\n\n');
  return sources.user ?? sources.admin ?? sources.builtIn;
}
