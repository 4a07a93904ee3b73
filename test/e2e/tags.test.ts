// Tags over HTTP: personal and group tags (seen by members, changed by group admins), 403
// against 404 for others' tags, tags on recordings, tag defaults at upload, the tag_id list
// filter, deleting a tag (its links go) and protect_from_deletion.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRecording } from '#shared/store/recordings.ts';
import { addMember, createGroup } from '#shared/store/users.ts';
import { call, newUser, stack } from '../support/api.ts';
import { seedRecording, seedTag, wav } from './recordings-fixtures.ts';

type Someone = Awaited<ReturnType<typeof newUser>>;

const post = (path: string, token: string, body: unknown) => call(path, { method: 'POST', token, body });
const put = (path: string, token: string, body: unknown) => call(path, { method: 'PUT', token, body });
const del = (path: string, token: string) => call(path, { method: 'DELETE', token });
const tagsOf = async (token: string) => (await call('/tags', { token })).body.tags as { id: number; name: string; can_edit: boolean }[];

describe('personal tags', () => {
  let alice: Someone;
  let bob: Someone;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([newUser(), newUser()]);
  });

  it('are created, listed, changed (PUT and PATCH) and deleted by their owner', async () => {
    const created = await post('/tags', alice.token, { name: 'Customers', color: '#f80', custom_prompt: 'Focus on pricing.', default_language: 'de' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Customers', color: '#f80', is_group_tag: false, group_id: null, custom_prompt: 'Focus on pricing.', default_language: 'de',
      default_min_speakers: null, default_max_speakers: null, protect_from_deletion: false, can_edit: true,
    });
    const id = created.body.id as number;
    expect(await tagsOf(alice.token)).toEqual([expect.objectContaining({ id, name: 'Customers', can_edit: true })]);

    const changed = await put(`/tags/${id}`, alice.token, { name: 'Clients', default_min_speakers: 2, default_max_speakers: 4 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ success: true, tag: { id, name: 'Clients', color: '#f80', default_min_speakers: 2, default_max_speakers: 4 } });
    const patched = await call(`/tags/${id}`, { method: 'PATCH', token: alice.token, body: { color: '#123456', custom_prompt: null } });
    expect(patched.body).toMatchObject({ success: true, tag: { name: 'Clients', color: '#123456', custom_prompt: null } });
    // The old name is free again after a rename.
    expect((await post('/tags', alice.token, { name: 'customers' })).status).toBe(201);

    expect(await del(`/tags/${id}`, alice.token)).toMatchObject({ status: 200, body: { success: true } });
    expect((await tagsOf(alice.token)).map((t) => t.id)).not.toContain(id);
    expect((await del(`/tags/${id}`, alice.token)).status).toBe(404);
  });

  it('have names unique per owner, ignoring case', async () => {
    expect((await post('/tags', alice.token, { name: 'Weekly' })).status).toBe(201);
    const again = await post('/tags', alice.token, { name: 'WEEKLY' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
    expect((await post('/tags', bob.token, { name: 'Weekly' })).status).toBe(201);
    const other = await post('/tags', alice.token, { name: 'Monthly' });
    expect((await put(`/tags/${other.body.id}`, alice.token, { name: 'weekly' })).status).toBe(409);
  });

  it('refuse a colour that is not hex, bad defaults and unknown fields', async () => {
    for (const body of [{ name: 'c', color: 'red' }, { name: 'c', color: '#12345' }, { name: 'c', default_language: 'german' }, { name: 'c', default_min_speakers: 5, default_max_speakers: 2 }, { name: 'c', owner: 1 }]) {
      const response = await post('/tags', alice.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const tag = await post('/tags', alice.token, { name: 'Ranged', default_max_speakers: 3 });
    expect((await put(`/tags/${tag.body.id}`, alice.token, { default_min_speakers: 4 })).status).toBe(400);
    expect((await put(`/tags/${tag.body.id}`, alice.token, { color: 'blue' })).status).toBe(400);
  });

  it('of another user are 403 to change or delete, and an id that does not exist is 404', async () => {
    const id = await seedTag(alice.user.id, 'Private');
    expect((await tagsOf(bob.token)).map((t) => t.id)).not.toContain(id);
    expect((await put(`/tags/${id}`, bob.token, { name: 'Mine' })).status).toBe(403);
    expect((await del(`/tags/${id}`, bob.token)).status).toBe(403);
    expect((await put('/tags/999999999', bob.token, { name: 'Mine' })).status).toBe(404);
    expect((await del('/tags/999999999', bob.token)).status).toBe(404);
  });
});

describe('group tags', () => {
  let admin: Someone;
  let member: Someone;
  let outsider: Someone;
  let groupId: number;
  let tagId: number;

  beforeAll(async () => {
    [admin, member, outsider] = await Promise.all([newUser(), newUser(), newUser()]);
    const group = await createGroup(`team-${randomUUID()}`);
    groupId = group.id;
    await addMember(group.name, admin.user.email, 'admin');
    await addMember(group.name, member.user.email, 'member');
    const created = await post('/tags', admin.token, { name: 'Team', color: '#0a0', group_id: groupId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ is_group_tag: true, group_id: groupId, can_edit: true });
    tagId = created.body.id;
  });

  it('are visible to members with can_edit false, and members cannot change or delete them', async () => {
    expect(await tagsOf(member.token)).toContainEqual(expect.objectContaining({ id: tagId, name: 'Team', can_edit: false }));
    expect((await put(`/tags/${tagId}`, member.token, { name: 'Hijacked' })).status).toBe(403);
    expect((await call(`/tags/${tagId}`, { method: 'PATCH', token: member.token, body: { color: '#000' } })).status).toBe(403);
    expect((await del(`/tags/${tagId}`, member.token)).status).toBe(403);
    expect(await tagsOf(admin.token)).toContainEqual(expect.objectContaining({ id: tagId, can_edit: true }));
  });

  it('are invisible to non-members, whose requests get 403 (it exists) or 404 (it does not)', async () => {
    expect((await tagsOf(outsider.token)).map((t) => t.id)).not.toContain(tagId);
    expect((await put(`/tags/${tagId}`, outsider.token, { name: 'x' })).status).toBe(403);
    expect((await del(`/tags/${tagId}`, outsider.token)).status).toBe(403);
    expect((await put('/tags/999999998', outsider.token, { name: 'x' })).status).toBe(404);
    const recording = await seedRecording(outsider.user.id);
    const added = await post(`/recordings/${recording.id}/tags`, outsider.token, { tag_ids: [tagId] });
    expect(added.body).toEqual({ success: false, added_tags: [], errors: [{ tag_id: tagId, error: 'Tag not found' }] });
  });

  it('are created by group admins only; names are unique per group, apart from personal names', async () => {
    expect((await post('/tags', member.token, { name: 'Mine', group_id: groupId })).status).toBe(403);
    expect((await post('/tags', outsider.token, { name: 'Mine', group_id: groupId })).status).toBe(403);
    expect((await post('/tags', admin.token, { name: 'team', group_id: groupId })).status).toBe(409);
    expect((await post('/tags', admin.token, { name: 'Team' })).status).toBe(201);
    expect((await post('/tags', member.token, { name: 'Team' })).status).toBe(201);
  });

  it('can be put on a member\'s recording, and deleting the tag takes it off', async () => {
    const recording = await seedRecording(member.user.id);
    const added = await post(`/recordings/${recording.id}/tags`, member.token, { tag_id: tagId });
    expect(added.body).toEqual({ success: true, added_tags: [{ id: tagId, name: 'Team', color: '#0a0' }], errors: [] });
    expect((await call(`/recordings/${recording.id}`, { token: member.token })).body.tags).toEqual([{ id: tagId, name: 'Team', color: '#0a0' }]);
    expect(await del(`/tags/${tagId}`, admin.token)).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(`/recordings/${recording.id}`, { token: member.token })).body.tags).toEqual([]);
    expect((await findRecording(recording.id))?.tag_ids).toEqual([]);
  });
});

describe('tags on recordings', () => {
  let owner: Someone;
  let stranger: Someone;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newUser(), newUser()]);
  });

  it('are added (reporting unknown and foreign ids) and removed (404 when not on it)', async () => {
    const [a, b, foreign] = await Promise.all([seedTag(owner.user.id, 'A'), seedTag(owner.user.id, 'B'), seedTag(stranger.user.id, 'Theirs')]);
    const recording = await seedRecording(owner.user.id, { tagIds: [a] });
    const added = await post(`/recordings/${recording.id}/tags`, owner.token, { tag_ids: [b, foreign, 999_999_997] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      success: false,
      added_tags: [{ id: b, name: 'B', color: '#3366ff' }],
      errors: [{ tag_id: foreign, error: 'Tag not found' }, { tag_id: 999_999_997, error: 'Tag not found' }],
    });
    expect((await findRecording(recording.id))?.tag_ids).toEqual([a, b]);

    expect(await del(`/recordings/${recording.id}/tags/${a}`, owner.token)).toMatchObject({ status: 200, body: { success: true } });
    expect((await findRecording(recording.id))?.tag_ids).toEqual([b]);
    expect((await del(`/recordings/${recording.id}/tags/${a}`, owner.token)).status).toBe(404);
    expect((await del(`/recordings/${recording.id}/tags/${b}`, stranger.token)).status).toBe(403);
    expect((await post(`/recordings/${recording.id}/tags`, stranger.token, { tag_ids: [b] })).status).toBe(403);
    expect((await post('/recordings/999999996/tags', owner.token, { tag_ids: [b] })).status).toBe(404);
    expect((await post(`/recordings/${recording.id}/tags`, owner.token, {})).status).toBe(400);
  });

  it('filter the list by a visible tag; a foreign tag is 400', async () => {
    const [mine, foreign] = await Promise.all([seedTag(owner.user.id, 'Filter'), seedTag(stranger.user.id, 'Filter')]);
    const [tagged] = await Promise.all([seedRecording(owner.user.id, { tagIds: [mine] }), seedRecording(owner.user.id)]);
    const list = await call(`/recordings?tag_id=${mine}`, { token: owner.token });
    expect(list.body.recordings.map((r: { id: number }) => r.id)).toEqual([tagged.id]);
    expect((await call(`/recordings?tag_id=${foreign}`, { token: owner.token })).status).toBe(400);
  });

  it('a deleted tag leaves every recording that carried it', async () => {
    const [gone, kept] = await Promise.all([seedTag(owner.user.id, 'Gone'), seedTag(owner.user.id, 'Kept')]);
    const [r1, r2] = await Promise.all([seedRecording(owner.user.id, { tagIds: [gone, kept] }), seedRecording(owner.user.id, { tagIds: [gone] })]);
    expect((await del(`/tags/${gone}`, owner.token)).status).toBe(200);
    expect((await call(`/recordings/${r1.id}`, { token: owner.token })).body.tags).toEqual([{ id: kept, name: 'Kept', color: '#3366ff' }]);
    expect((await findRecording(r1.id))?.tag_ids).toEqual([kept]);
    expect((await findRecording(r2.id))?.tag_ids).toEqual([]);
  });

  it('protect_from_deletion refuses to delete the recording (409) until the tag is removed', async () => {
    const guard = await post('/tags', owner.token, { name: 'Legal hold', protect_from_deletion: true });
    const recording = await seedRecording(owner.user.id, { status: 'COMPLETED' });
    await post(`/recordings/${recording.id}/tags`, owner.token, { tag_ids: [guard.body.id] });
    const refused = await del(`/recordings/${recording.id}`, owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('Legal hold');
    const batch = await call('/recordings/batch', { method: 'DELETE', token: owner.token, body: { recording_ids: [recording.id] } });
    expect(batch.body).toMatchObject({ success: false, deleted: 0, failed: 1 });
    expect(await findRecording(recording.id)).toBeDefined();
    await del(`/recordings/${recording.id}/tags/${guard.body.id}`, owner.token);
    expect((await del(`/recordings/${recording.id}`, owner.token)).status).toBe(200);
    expect(await findRecording(recording.id)).toBeUndefined();
  });
});

describe('tag defaults at upload', () => {
  let owner: Someone;
  beforeAll(async () => {
    owner = await newUser();
  });

  async function upload(fields: Record<string, string>): Promise<{ status: number; body: any }> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(wav())], { type: 'audio/wav' }), 'meeting.wav');
    const response = await fetch(`${stack().url}/api/v1/recordings/upload`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
    return { status: response.status, body: await response.json() };
  }

  it('apply what the upload leaves out, from the first tag that has it; explicit fields win', async () => {
    const plain = await seedTag(owner.user.id, 'Plain');
    const german = await seedTag(owner.user.id, 'German', { default_language: 'de', default_min_speakers: 2, default_max_speakers: 5 });
    const french = await seedTag(owner.user.id, 'French', { default_language: 'fr', default_max_speakers: 9 });

    // German comes from the tag, and the offline engine the stack runs cannot do it: refused with the reason.
    const defaulted = await upload({ 'tag_ids[0]': String(plain), 'tag_ids[1]': String(german), 'tag_ids[2]': String(french) });
    expect(defaulted.status).toBe(400);
    expect(defaulted.body.error).toContain('the offline engine transcribes English only');
    const speakers = await upload({ 'tag_ids[0]': String(plain), 'tag_ids[1]': String(german), 'tag_ids[2]': String(french), language: 'en' });
    expect(speakers.status).toBe(202);
    expect(await findRecording(speakers.body.id)).toMatchObject({ language: 'en', min_speakers: 2, max_speakers: 5, tag_ids: [plain, german, french] });

    const explicit = await upload({ 'tag_ids[0]': String(german), language: 'en', max_speakers: '3' });
    expect(explicit.status).toBe(202);
    expect(await findRecording(explicit.body.id)).toMatchObject({ language: 'en', min_speakers: 2, max_speakers: 3 });
  });
});
