// Tags: personal tags and the tags of the caller's groups (seen by members, changed by group
// admins), and tags on recordings.
import * as z from 'zod/mini';
import { lazySchema } from '../http/lazy-schema.ts';
import * as t from '../http/tag-schemas.ts';
import type { RouteSpec } from './spec.ts';

const tag = 'Tags';
const read = { tag, rateClass: 'read', auth: 'token' } as const;
const write = { tag, rateClass: 'write', auth: 'token' } as const;
const success = lazySchema(() => z.object({ success: z.boolean() }));
const forbidden = { description: 'The tag exists but is not yours to change (another user\'s, a group you are not in, or a group you do not administer)' };
const invalid = { description: 'Invalid body: colour not #rgb or #rrggbb, language not ISO 639-1, speakers outside 1..20 or min above max, unknown field' };
const update = {
  ...write,
  summary: 'Change a tag (its owner, or an admin of its group)',
  params: t.tagParams,
  body: t.updateTagBody,
  responses: { 200: { description: 'The changed tag', schema: t.tagUpdated }, 400: invalid, 403: forbidden, 409: { description: 'Another tag of the same owner or group has this name' } },
} as const;

export const tagRoutes = {
  'GET /tags': {
    ...read,
    handler: 'tags/list',
    summary: 'Your personal tags and the tags of your groups, each with can_edit',
    responses: { 200: { description: 'The tags', schema: t.tagList } },
  },
  'POST /tags': {
    ...write,
    handler: 'tags/create',
    summary: 'Create a personal tag, or a group tag (group_id) in a group you administer',
    description: 'Names are unique per owner, or per group, ignoring case. Tag defaults (language, speakers) apply to uploads that leave them out; custom_prompt feeds the summaries of recordings with the tag.',
    body: t.createTagBody,
    responses: {
      201: { description: 'The new tag', schema: t.tagView },
      400: invalid,
      403: { description: 'You are not an admin of that group' },
      404: { description: 'No such group' },
      409: { description: 'A tag of the same owner or group has this name' },
    },
  },
  'PUT /tags/{id}': { ...update, handler: 'tags/update' },
  'PATCH /tags/{id}': { ...update, handler: 'tags/patch', description: 'The same as PUT /tags/{id}.' },
  'DELETE /tags/{id}': {
    ...write,
    handler: 'tags/delete',
    summary: 'Delete a tag; it is taken off every recording that carries it',
    params: t.tagParams,
    responses: { 200: { description: 'Deleted', schema: success }, 403: forbidden },
  },
  'POST /recordings/{id}/tags': {
    ...write,
    handler: 'recordings/tags-add',
    summary: 'Put tags on a recording ({tag_ids}, or the legacy {tag_id})',
    description: 'Tags you cannot see are reported in errors; the others are added (no event is emitted: tags are not among recording.updated fields).',
    params: t.tagParams,
    body: t.addRecordingTagsBody,
    responses: { 200: { description: 'The tags added and the ids refused', schema: t.tagsAdded } },
  },
  'DELETE /recordings/{id}/tags/{tag_id}': {
    ...write,
    handler: 'recordings/tags-remove',
    summary: 'Take a tag off a recording',
    params: t.recordingTagParams,
    responses: { 200: { description: 'Removed', schema: success }, 404: { description: 'No such recording, or the tag is not on it' } },
  },
} as const satisfies Record<string, RouteSpec>;
