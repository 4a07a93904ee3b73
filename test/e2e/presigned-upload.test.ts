import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { testS3 } from '../support/s3.ts';
import { settings } from '#shared/config.ts';
import { recordingEvents } from '#shared/store/outbox.ts';
import { listUserRecordings } from '#shared/store/recordings.ts';
import { call, newUser } from '../support/api.ts';
import { silentWav } from '../support/uploads.ts';

const objectsOf = async (userId: number) =>
  (await testS3().send(new ListObjectsV2Command({ Bucket: settings().bucketName, Prefix: `audio/${userId}/` }))).KeyCount ?? 0;

/** A WAV header followed by zeros: audio by its bytes. */
const wavOf = (bytes: number) => {
  const data = new Uint8Array(bytes);
  data.set(silentWav().subarray(0, 44));
  return data;
};

describe('the presigned upload flow', () => {
  it('takes a file PUT straight to storage and queues it like a multipart upload', async () => {
    const { user, token } = await newUser();
    const bytes = silentWav(2);
    const plan = await call('/recordings/uploads', { method: 'POST', token, body: { filename: 'standup.wav', size: bytes.length, content_type: 'audio/wav', notes: 'from the presigned flow', language: 'en', time_zone: 'europe/berlin', meeting_date: '2026-11-19T11:00' } });
    expect(plan.status).toBe(201);
    expect(plan.body).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'audio/wav' }, upload_id: expect.any(String) });
    expect(plan.body.url).not.toMatch(/x-amz-checksum/i);
    expect(new URL(plan.body.url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    const put = await fetch(plan.body.url, { method: 'PUT', headers: plan.body.headers, body: bytes });
    expect(put.ok).toBe(true);
    const done = await call(`/recordings/uploads/${plan.body.upload_id}/complete`, { method: 'POST', token, body: {} });
    expect(done.status).toBe(202);
    expect(done.body).toMatchObject({ title: 'standup', status: 'PENDING', file_size: bytes.length, mime_type: 'audio/wav', notes: 'from the presigned flow' });
    expect((await recordingEvents(done.body.id))[0]?.type).toBe('recording.created');
    // The zone given at declaration applies: its canonical name is kept, and a naive meeting date is read in it.
    const detail = await call(`/recordings/${done.body.id}`, { token });
    expect(detail.body).toMatchObject({ time_zone: 'Europe/Berlin', meeting_date: '2026-11-19T10:00:00.000Z' });
    const bad = await call('/recordings/uploads', { method: 'POST', token, body: { filename: 'b.wav', size: 10, content_type: 'audio/wav', time_zone: 'Mars/Olympus' } });
    expect(bad.status).toBe(400);
    expect((await call(`/recordings/uploads/${plan.body.upload_id}/complete`, { method: 'POST', token, body: {} })).status).toBe(404);
    expect(await listUserRecordings(user.id)).toHaveLength(1);
  });

  it('plans a big file in parts and assembles them from their ETags', async () => {
    const { token } = await newUser();
    const bytes = wavOf(12 * 1024 * 1024);
    const plan = await call('/recordings/uploads', { method: 'POST', token, body: { filename: 'long.wav', size: bytes.length, content_type: 'audio/wav' } });
    expect(plan.body).toMatchObject({ method: 'MULTIPART', part_size: 5 * 1024 * 1024 });
    expect(plan.body.parts).toHaveLength(3);
    const parts = [];
    for (const part of plan.body.parts as { part_number: number; url: string }[]) {
      const slice = bytes.subarray((part.part_number - 1) * plan.body.part_size, part.part_number * plan.body.part_size);
      const put = await fetch(part.url, { method: 'PUT', body: slice });
      parts.push({ part_number: part.part_number, etag: put.headers.get('etag')! });
    }
    expect((await call(`/recordings/uploads/${plan.body.upload_id}/complete`, { method: 'POST', token, body: {} })).status).toBe(400);
    const done = await call(`/recordings/uploads/${plan.body.upload_id}/complete`, { method: 'POST', token, body: { parts } });
    expect(done.status).toBe(202);
    expect(done.body.file_size).toBe(bytes.length);
  });

  it('takes one presigned PUT larger than a multipart part, as S3 does', async () => {
    const { presignPut, objectSize } = await import('#shared/blob/objects.ts');
    const key = `audio/bench/${Date.now()}`;
    const bytes = wavOf(14 * 1024 * 1024);
    const put = await fetch(await presignPut('audio/', key, 'audio/wav', 60), { method: 'PUT', headers: { 'Content-Type': 'audio/wav' }, body: bytes });
    expect(put.status).toBe(200);
    expect(await objectSize('audio/', key)).toBe(bytes.length);
  });

  it('refuses at completion bytes that are not audio, and keeps nothing', async () => {
    const { user, token } = await newUser();
    const bytes = new TextEncoder().encode('definitely not a recording');
    const plan = await call('/recordings/uploads', { method: 'POST', token, body: { filename: 'a.wav', size: bytes.length, content_type: 'audio/wav' } });
    await fetch(plan.body.url, { method: 'PUT', headers: plan.body.headers, body: bytes });
    const done = await call(`/recordings/uploads/${plan.body.upload_id}/complete`, { method: 'POST', token, body: {} });
    expect(done.status).toBe(415);
    expect(await objectsOf(user.id)).toBe(0);
    expect(await listUserRecordings(user.id)).toHaveLength(0);
  });

  it.each([
    // The test stack's UPLOAD_MAX_MB is 128 (test/support/global-setup.ts).
    ['a size over UPLOAD_MAX_MB', { filename: 'a.wav', size: 129 * 1024 * 1024, content_type: 'audio/wav' }, 413],
    ['a content type that is not audio or video', { filename: 'a.pdf', size: 10, content_type: 'application/pdf' }, 415],
    ['a bad language', { filename: 'a.wav', size: 10, content_type: 'audio/wav', language: 'english' }, 400],
    ['an unknown tag', { filename: 'a.wav', size: 10, content_type: 'audio/wav', tag_ids: [424242] }, 400],
    ['an unknown field', { filename: 'a.wav', size: 10, content_type: 'audio/wav', colour: 'red' }, 400],
  ])('refuses a declaration with %s', async (_, body, status) => {
    const { token } = await newUser();
    expect((await call('/recordings/uploads', { method: 'POST', token, body })).status).toBe(status);
  });

  it('answers 400 when completing before the bytes arrived, 403 for another user, 404 for an unknown upload', async () => {
    const owner = await newUser();
    const other = await newUser();
    const plan = await call('/recordings/uploads', { method: 'POST', token: owner.token, body: { filename: 'a.wav', size: 100, content_type: 'audio/wav' } });
    expect((await call(`/recordings/uploads/${plan.body.upload_id}/complete`, { method: 'POST', token: other.token, body: {} })).status).toBe(403);
    expect((await call(`/recordings/uploads/${plan.body.upload_id}/complete`, { method: 'POST', token: owner.token, body: {} })).status).toBe(400);
    expect((await call('/recordings/uploads/00000000-0000-0000-0000-000000000000/complete', { method: 'POST', token: owner.token, body: {} })).status).toBe(404);
  });
});
