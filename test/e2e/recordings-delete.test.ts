// Deleting recordings over HTTP, alone and in batches: nothing is left behind (items, audio,
// transcript, same-bytes guard) and every deletion records recording.deleted.
import { randomBytes } from 'node:crypto';
import { GetCommand } from '#shared/clients/dynamodb.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { objectSize } from '#shared/blob/objects.ts';
import { dynamo } from '#shared/clients.ts';
import { recordingEvents } from '#shared/store/outbox.ts';
import { findRecording, findSameBytes, type Recording } from '#shared/store/recordings.ts';
import { key, tableName } from '#shared/store/table.ts';
import { call, newUser } from '../support/api.ts';
import { SEGMENTS, seedRecording, uploadOverHttp, wav } from './recordings-fixtures.ts';

let owner: Awaited<ReturnType<typeof newUser>>;
let stranger: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([newUser(), newUser()]);
});

const del = (path: string, token = owner.token, body?: unknown) => call(path, { method: 'DELETE', token, body });
const seedFull = (userId: number, sha256?: string) => seedRecording(userId, { title: 'Doomed', status: 'COMPLETED', audio: wav(), segments: SEGMENTS, notes: 'n', summary: 's', sha256 });

async function expectGone(r: Recording): Promise<void> {
  expect(await findRecording(r.id)).toBeUndefined();
  const text = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key.recordingText(r.id), ConsistentRead: true }));
  expect(text.Item).toBeUndefined();
  expect(await objectSize('audio/', r.audio_key!)).toBeUndefined();
  if (r.transcript_key) expect(await objectSize('transcripts/', r.transcript_key)).toBeUndefined();
  const events = await recordingEvents(r.id);
  expect(events.at(-1)).toMatchObject({ type: 'recording.deleted', data: { recording_id: r.id, title: r.title } });
}

describe('DELETE /recordings/{id}', () => {
  it('removes the items, the audio and transcript objects and the same-bytes guard, and records recording.deleted', async () => {
    const r = await seedFull(owner.user.id);
    expect(await objectSize('audio/', r.audio_key!)).toBeGreaterThan(0);
    expect(await findSameBytes(owner.user.id, r.sha256)).toBe(r.id);
    const response = await del(`/recordings/${r.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    await expectGone(r);
    expect(await findSameBytes(owner.user.id, r.sha256)).toBeUndefined();
    expect((await call(`/recordings/${r.id}`, { token: owner.token })).status).toBe(404);
    expect((await del(`/recordings/${r.id}`)).status).toBe(404);
  });

  it('keeps the same-bytes guard when it names a newer upload of the same bytes', async () => {
    const sha = randomBytes(32).toString('hex');
    const older = await seedFull(owner.user.id, sha);
    const newer = await seedFull(owner.user.id, sha);
    expect((await del(`/recordings/${older.id}`)).status).toBe(200);
    expect(await findSameBytes(owner.user.id, sha)).toBe(newer.id);
  });

  it('deletes a recording uploaded over HTTP with its stored audio', async () => {
    const user = await newUser();
    const upload = await uploadOverHttp(user.token, wav());
    expect(upload.status).toBe(202);
    const stored = (await findRecording(upload.body.id))!;
    expect(await objectSize('audio/', stored.audio_key!)).toBeGreaterThan(0);
    expect((await del(`/recordings/${stored.id}`, user.token)).status).toBe(200);
    expect(await objectSize('audio/', stored.audio_key!)).toBeUndefined();
    expect(await findRecording(stored.id)).toBeUndefined();
  });

  it("answers 403 for another user's recording and keeps it, 404 for an unknown one, 400 for a bad id", async () => {
    const r = await seedFull(owner.user.id);
    expect((await del(`/recordings/${r.id}`, stranger.token)).status).toBe(403);
    expect(await findRecording(r.id)).toBeDefined();
    expect(await objectSize('audio/', r.audio_key!)).toBeGreaterThan(0);
    expect((await del('/recordings/999999999')).status).toBe(404);
    expect((await del('/recordings/first')).status).toBe(400);
  });
});

describe('DELETE /recordings/batch', () => {
  it('deletes each of the caller’s recordings and reports the others per item', async () => {
    const [a, b, foreign] = await Promise.all([seedFull(owner.user.id), seedFull(owner.user.id), seedFull(stranger.user.id)]);
    const response = await del('/recordings/batch', owner.token, { recording_ids: [a.id, foreign.id, b.id, 999_999_999] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: false,
      deleted: 2,
      failed: 2,
      results: [
        { id: a.id, success: true },
        { id: foreign.id, success: false, error: 'Permission denied' },
        { id: b.id, success: true },
        { id: 999_999_999, success: false, error: 'Recording not found' },
      ],
    });
    await expectGone(a);
    await expectGone(b);
    expect(await findRecording(foreign.id)).toBeDefined();
  });

  it('refuses more than 100 ids or a body without ids with 400, deleting nothing', async () => {
    const r = await seedFull(owner.user.id);
    const ids = [r.id, ...Array.from({ length: 100 }, (_, i) => i + 1)];
    expect((await del('/recordings/batch', owner.token, { recording_ids: ids })).status).toBe(400);
    expect((await del('/recordings/batch', owner.token, {})).status).toBe(400);
    expect((await del('/recordings/batch', owner.token, { recording_ids: [r.id], force: true })).status).toBe(400);
    expect(await findRecording(r.id)).toBeDefined();
  });
});
