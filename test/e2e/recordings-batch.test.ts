// PATCH /recordings/batch over HTTP: inbox, starred and tags of several recordings, each on its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { recordingEvents } from '#shared/store/outbox.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { call, newUser } from '../support/api.ts';
import { seedRecording, seedTag } from './recordings-fixtures.ts';

let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([newUser(), newUser()]);
});

const patch = (body: unknown, token = owner.token) => call('/recordings/batch', { method: 'PATCH', token, body });
const updates = async (id: number) => (await recordingEvents(id)).filter((e) => e.type === 'recording.updated').map((e) => e.data.fields_changed);

describe('PATCH /recordings/batch', () => {
  it('updates flags and tags of each recording and reports refusals per item', async () => {
    const [keep, drop] = await Promise.all([seedTag(owner.user.id, 'keep'), seedTag(owner.user.id, 'drop')]);
    const [a, b, foreign] = await Promise.all([
      seedRecording(owner.user.id, { status: 'COMPLETED', tagIds: [drop] }),
      seedRecording(owner.user.id, { status: 'COMPLETED', changes: { is_highlighted: true } }),
      seedRecording(stranger.user.id, { status: 'COMPLETED' }),
    ]);
    const response = await patch({ recording_ids: [a.id, b.id, foreign.id, 999_999_999], updates: { is_highlighted: true, is_inbox: false, add_tag_ids: [keep], remove_tag_ids: [drop] } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: false,
      updated: 2,
      failed: 2,
      results: [
        { id: a.id, success: true },
        { id: b.id, success: true },
        { id: foreign.id, success: false, error: 'Permission denied' },
        { id: 999_999_999, success: false, error: 'Recording not found' },
      ],
    });
    expect(await findRecording(a.id)).toMatchObject({ is_highlighted: true, is_inbox: false, tag_ids: [keep] });
    expect(await findRecording(b.id)).toMatchObject({ is_highlighted: true, is_inbox: false, tag_ids: [keep] });
    expect(await findRecording(foreign.id)).toMatchObject({ is_inbox: true, tag_ids: [] });
    expect(await updates(a.id)).toEqual([['is_inbox', 'is_highlighted']]);
    expect(await updates(b.id)).toEqual([['is_inbox']]);
    const listed = (await call(`/recordings?tag_id=${keep}`, { token: owner.token })).body.recordings;
    expect(listed.map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers success for every item and sends no event when nothing changes', async () => {
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED' });
    const response = await patch({ recording_ids: [r.id], updates: { is_inbox: true } });
    expect(response.body).toEqual({ success: true, updated: 1, failed: 0, results: [{ id: r.id, success: true }] });
    expect(await updates(r.id)).toEqual([]);
  });

  it('fails every item when a tag is not one the caller can use, changing nothing', async () => {
    const foreignTag = await seedTag(stranger.user.id, 'theirs');
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED' });
    const response = await patch({ recording_ids: [r.id], updates: { is_highlighted: true, add_tag_ids: [foreignTag] } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: false, updated: 0, failed: 1 });
    expect(response.body.results[0].error).toContain(String(foreignTag));
    expect(await findRecording(r.id)).toMatchObject({ is_highlighted: false, tag_ids: [] });
  });

  it.each([
    ['no updates', { recording_ids: [1], updates: {} }],
    ['an unknown update', { recording_ids: [1], updates: { title: 'x' } }],
    ['an unknown field', { recording_ids: [1], updates: { is_inbox: true }, folder: 1 }],
    ['101 ids', { recording_ids: Array.from({ length: 101 }, (_, i) => i + 1), updates: { is_inbox: true } }],
    ['string ids', { recording_ids: ['1'], updates: { is_inbox: true } }],
  ])('refuses %s with 400', async (_, body) => {
    const response = await patch(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
  });
});
