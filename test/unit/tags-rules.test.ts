// The tag rules without I/O: visibility and editing, 403 against 404, bodies, upload defaults
// from tags, and where tag prompts stand in the summary prompt's precedence.
import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError, ValidationError } from '#shared/domain/errors.ts';
import { addRecordingTagsBody, createTagBody, updateTagBody } from '#shared/http/tag-schemas.ts';
import { canEdit, canSee, checkSpeakerRange, HEX_COLOR, pickSummaryPrompt, requireAccess, requireGroupAdmin, tagView, uploadDefaults, type Tag, type Viewer } from '#shared/tags/rules.ts';

const tag = (over: Partial<Tag> = {}): Tag => ({
  id: 1,
  name: 'Sales',
  color: '#3b82f6',
  user_id: 10,
  group_id: null,
  custom_prompt: null,
  default_language: null,
  default_min_speakers: null,
  default_max_speakers: null,
  protect_from_deletion: false,
  created_at: '2025-01-01T00:00:00.000Z',
  ...over,
});

const owner: Viewer = { userId: 10, groups: [{ group_id: 7, role: 'admin' }] };
const member: Viewer = { userId: 11, groups: [{ group_id: 7, role: 'member' }] };
const outsider: Viewer = { userId: 12, groups: [{ group_id: 8, role: 'admin' }] };

describe('who sees and who edits a tag', () => {
  const personal = tag();
  const group = tag({ id: 2, group_id: 7 });

  it('a personal tag is its owner\'s alone', () => {
    expect(canSee(personal, 10, [])).toBe(true);
    expect(canSee(personal, 11, [7])).toBe(false);
    expect(canEdit(personal, owner)).toBe(true);
    expect(canEdit(personal, member)).toBe(false);
  });

  it('a group tag is seen by members and edited by admins only', () => {
    expect(canSee(group, 11, [7])).toBe(true);
    expect(canSee(group, 12, [8])).toBe(false);
    expect(canEdit(group, owner)).toBe(true);
    expect(canEdit(group, member)).toBe(false);
    expect(tagView(group, member)).toMatchObject({ id: 2, is_group_tag: true, group_id: 7, can_edit: false });
    expect(tagView(group, owner).can_edit).toBe(true);
  });

  it('the creator of a group tag who left the group no longer sees it', () => {
    expect(canSee(group, 10, [])).toBe(false);
  });

  it('answers 404 for no tag and 403 for a tag that exists but is not the caller\'s', () => {
    expect(() => requireAccess(undefined, owner, 'see')).toThrow(NotFoundError);
    expect(() => requireAccess(personal, member, 'see')).toThrow(ForbiddenError);
    expect(() => requireAccess(group, outsider, 'see')).toThrow(ForbiddenError);
    expect(() => requireAccess(group, member, 'edit')).toThrow(ForbiddenError);
    expect(requireAccess(group, member, 'see')).toBe(group);
    expect(requireAccess(group, owner, 'edit')).toBe(group);
  });

  it('creating a group tag needs the admin role; an unknown group is 404 to a non-member', () => {
    expect(() => requireGroupAdmin(7, owner, true)).not.toThrow();
    expect(() => requireGroupAdmin(7, member, true)).toThrow(ForbiddenError);
    expect(() => requireGroupAdmin(7, outsider, true)).toThrow(ForbiddenError);
    expect(() => requireGroupAdmin(99, outsider, false)).toThrow(NotFoundError);
  });
});

describe('tag bodies', () => {
  it.each(['#abc', '#ABCDEF', '#12a4b6'])('accepts the colour %s', (c) => expect(HEX_COLOR.test(c)).toBe(true));
  it.each(['abc', '#abcd', '#ggg', 'red', '#1234567', ''])('refuses the colour %j', (c) => expect(HEX_COLOR.test(c)).toBe(false));

  it('fills defaults on create and refuses bad fields', () => {
    expect(createTagBody().parse({ name: ' Sales ' })).toEqual({
      name: 'Sales', color: '#3b82f6', custom_prompt: null, default_language: null, default_min_speakers: null,
      default_max_speakers: null, protect_from_deletion: false, group_id: null,
    });
    expect(createTagBody().safeParse({ name: 'x', color: 'blue' }).success).toBe(false);
    expect(createTagBody().safeParse({ name: '' }).success).toBe(false);
    expect(createTagBody().safeParse({ name: 'x', default_language: 'eng' }).success).toBe(false);
    expect(createTagBody().safeParse({ name: 'x', default_min_speakers: 0 }).success).toBe(false);
    expect(createTagBody().safeParse({ name: 'x', default_max_speakers: 21 }).success).toBe(false);
    expect(createTagBody().safeParse({ name: 'x', default_min_speakers: 4, default_max_speakers: 2 }).success).toBe(false);
    expect(createTagBody().safeParse({ name: 'x', owner: 3 }).success).toBe(false);
  });

  it('needs at least one field on update and checks the merged speaker range', () => {
    expect(updateTagBody().safeParse({}).success).toBe(false);
    expect(updateTagBody().safeParse({ group_id: 3 }).success).toBe(false);
    expect(updateTagBody().parse({ custom_prompt: null })).toEqual({ custom_prompt: null });
    expect(() => checkSpeakerRange(5, 3)).toThrow(ValidationError);
    expect(() => checkSpeakerRange(3, null)).not.toThrow();
  });

  it('takes tag_ids or the legacy tag_id', () => {
    expect(addRecordingTagsBody().parse({ tag_ids: [1, 2] })).toEqual({ tag_ids: [1, 2] });
    expect(addRecordingTagsBody().parse({ tag_id: 3 })).toEqual({ tag_id: 3 });
    expect(addRecordingTagsBody().safeParse({}).success).toBe(false);
    expect(addRecordingTagsBody().safeParse({ tag_ids: [] }).success).toBe(false);
    expect(addRecordingTagsBody().safeParse({ tag_ids: ['1'] }).success).toBe(false);
  });
});

describe('upload defaults from tags', () => {
  const german = tag({ id: 1, default_language: 'de' });
  const crowd = tag({ id: 2, default_language: 'fr', default_min_speakers: 3, default_max_speakers: 8 });
  const pair = tag({ id: 3, default_min_speakers: 2, default_max_speakers: 2 });

  it('fills each field the upload leaves out from the first tag that has it', () => {
    expect(uploadDefaults({}, [german, crowd])).toEqual({ language: 'de', minSpeakers: 3, maxSpeakers: 8 });
    expect(uploadDefaults({}, [pair, crowd])).toEqual({ language: 'fr', minSpeakers: 2, maxSpeakers: 2 });
    expect(uploadDefaults({}, [])).toEqual({ language: null, minSpeakers: null, maxSpeakers: null });
  });

  it('lets explicit fields win', () => {
    expect(uploadDefaults({ language: 'en', max_speakers: 10 }, [crowd])).toEqual({ language: 'en', minSpeakers: 3, maxSpeakers: 10 });
  });

  it('drops a tag bound that would contradict an explicit one', () => {
    expect(uploadDefaults({ min_speakers: 9 }, [crowd])).toEqual({ language: 'fr', minSpeakers: 9, maxSpeakers: null });
    expect(uploadDefaults({ max_speakers: 2 }, [crowd])).toEqual({ language: 'fr', minSpeakers: null, maxSpeakers: 2 });
  });
});

describe('summary prompt precedence', () => {
  const base = { request: null, tags: [], user: null, admin: undefined, builtIn: 'BUILT-IN' };

  it('request, then tag prompts in tag order, then user, admin, built-in', () => {
    const tags = [tag({ custom_prompt: 'Focus on pricing.' }), tag({ custom_prompt: null }), tag({ custom_prompt: '  List the risks.  ' })];
    expect(pickSummaryPrompt({ ...base, request: 'Only decisions.', tags, user: 'Mine' })).toBe('Only decisions.');
    expect(pickSummaryPrompt({ ...base, tags, user: 'Mine', admin: 'Admin' })).toBe('Focus on pricing.\n\nList the risks.');
    expect(pickSummaryPrompt({ ...base, tags: [tag({ custom_prompt: '   ' })], user: 'Mine', admin: 'Admin' })).toBe('Mine');
    expect(pickSummaryPrompt({ ...base, admin: 'Admin' })).toBe('Admin');
    expect(pickSummaryPrompt(base)).toBe('BUILT-IN');
  });
});
