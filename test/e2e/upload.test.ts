import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { testS3 } from '../support/s3.ts';
import { settings } from '#shared/config.ts';
import { recordingEvents } from '#shared/store/outbox.ts';
import { listUserRecordings } from '#shared/store/recordings.ts';
import { newUser } from '../support/api.ts';
import { silentWav, upload } from '../support/uploads.ts';

const audioObjectsOf = async (userId: number) => {
  const { KeyCount } = await testS3().send(new ListObjectsV2Command({ Bucket: settings().bucketName, Prefix: `audio/${userId}/` }));
  return KeyCount ?? 0;
};

/** A WAV header followed by zeros, `size` bytes in all: audio by its bytes. */
const wavOf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(silentWav().subarray(0, 44));
  return bytes;
};

describe('uploading a recording', () => {
  it('answers 202 with the upload result, titles it from the filename and queues it', async () => {
    const { user, token } = await newUser();
    const response = await upload(token, { name: 'Weekly sync.final.wav', bytes: silentWav() }, { notes: 'agenda', language: 'en', meeting_date: '2026-11-19T10:00:00Z' });
    expect(await audioObjectsOf(user.id)).toBe(1);
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ title: 'Weekly sync.final', status: 'PENDING', original_filename: 'Weekly sync.final.wav', mime_type: 'audio/wav', notes: 'agenda', meeting_date: '2026-11-19T10:00:00.000Z', file_size: 32044 });
    const events = await recordingEvents(response.body.id);
    expect(events[0]).toMatchObject({ type: 'recording.created', user_id: user.id, data: { recording_id: response.body.id, title: 'Weekly sync.final', file_size: 32044, original_filename: 'Weekly sync.final.wav' } });
  });

  // Lambda takes events up to 6,291,456 bytes and the file travels in base64 (4 bytes per 3),
  // inside a multipart form inside a JSON event: about 4.4 MB of file get through.
  it('takes a direct upload just under the size AWS passes to Lambda (4.3 MB) and stores all of it', async () => {
    const { user, token } = await newUser();
    const size = Math.floor(4.3 * 1024 * 1024);
    const response = await upload(token, { name: 'long.wav', bytes: wavOf(size) });
    expect(response.status).toBe(202);
    expect(response.body.file_size).toBe(size);
    expect(await audioObjectsOf(user.id)).toBe(1);
  });

  it('refuses a direct upload just over it (4.6 MB) at the gateway with 413 in the error shape, as AWS would', async () => {
    const { user, token } = await newUser();
    const response = await upload(token, { name: 'long.wav', bytes: wavOf(Math.floor(4.6 * 1024 * 1024)) });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'payload_too_large', request_id: expect.any(String) });
    expect(response.headers.get('x-request-id')).toBe(response.body.request_id);
    expect(await listUserRecordings(user.id)).toHaveLength(0);
  });

  it('takes the meeting date from file_last_modified when no meeting_date is given', async () => {
    const { token } = await newUser();
    const response = await upload(token, { name: 'a.wav', bytes: silentWav() }, { file_last_modified: String(Date.parse('2026-01-02T03:04:05Z')) });
    expect(response.body.meeting_date).toBe('2026-01-02T03:04:05.000Z');
  });

  it('warns about identical bytes uploaded before, and still accepts them', async () => {
    const { token } = await newUser();
    const first = await upload(token, { name: 'a.wav', bytes: silentWav(2) });
    const second = await upload(token, { name: 'b.wav', bytes: silentWav(2) });
    expect(second.status).toBe(202);
    expect(second.body.duplicate_warning).toMatchObject({ existing_recording_id: first.body.id });
    expect(first.body.duplicate_warning).toBeUndefined();
  });

  it('makes one recording and one recording.created for a repeat with the same Idempotency-Key', async () => {
    const { user, token } = await newUser();
    const key = randomUUID();
    const first = await upload(token, { name: 'a.wav', bytes: silentWav() }, {}, { 'Idempotency-Key': key });
    const repeat = await upload(token, { name: 'a.wav', bytes: silentWav() }, {}, { 'Idempotency-Key': key });
    expect(repeat.status).toBe(202);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body.id).toBe(first.body.id);
    expect(await listUserRecordings(user.id)).toHaveLength(1);
    expect((await recordingEvents(first.body.id)).filter((e) => e.type === 'recording.created')).toHaveLength(1);
  });

  it.each([
    ['a text file', { name: 'notes.wav', bytes: new TextEncoder().encode('this is not audio at all, just text') }, {}, 415, 'unsupported_media_type'],
    ['an empty file', { name: 'empty.wav', bytes: new Uint8Array() }, {}, 415, 'unsupported_media_type', 'The file is empty (0 bytes): there is nothing to transcribe'],
    ['a language that is not ISO 639-1', { name: 'a.wav', bytes: silentWav() }, { language: 'english' }, 400, 'validation_failed'],
    ['min_speakers above max_speakers', { name: 'a.wav', bytes: silentWav() }, { min_speakers: '4', max_speakers: '2' }, 400, 'validation_failed'],
    ['an invalid meeting date', { name: 'a.wav', bytes: silentWav() }, { meeting_date: '2026-13-45' }, 400, 'validation_failed'],
    ['a meeting date on a day that does not exist', { name: 'a.wav', bytes: silentWav() }, { meeting_date: '2024-02-30' }, 400, 'validation_failed'],
    ['an unknown field', { name: 'a.wav', bytes: silentWav() }, { colour: 'red' }, 400, 'validation_failed'],
    ['an unknown tag id', { name: 'a.wav', bytes: silentWav() }, { 'tag_ids[0]': '999999' }, 400, 'validation_failed'],
  ])('refuses %s and stores nothing', async (_, file, fields, status, code, message?: string) => {
    const { user, token } = await newUser();
    const response = await upload(token, file, fields as Record<string, string>);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    if (message) expect(response.body.error).toBe(message);
    expect(await listUserRecordings(user.id)).toHaveLength(0);
    expect(await audioObjectsOf(user.id)).toBe(0);
  });

  it('refuses a body that is not multipart with 415 and one without a file with 400', async () => {
    const { token } = await newUser();
    const { call } = await import('../support/api.ts');
    expect((await call('/recordings/upload', { method: 'POST', token, body: { file: 'x' } })).status).toBe(415);
    const form = new FormData();
    form.append('notes', 'no file');
    const { stack } = await import('../support/api.ts');
    const response = await fetch(`${stack().url}/api/v1/recordings/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(response.status).toBe(400);
  });
});
