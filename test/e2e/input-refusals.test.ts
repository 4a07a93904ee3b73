// The input defects a black-box probe found (issue 16, items 7–16), over HTTP against the
// local stack: control characters and ill-formed Unicode refused, bodies refused on routes that
// take none, one file part per upload, audio that cannot hold a second refused, form fields
// limited like the JSON routes, UTF-8 file names, Range past the end, digits-only integers,
// Idempotency-Keys scoped to the user, and one 401 message.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { uploadStream } from '#shared/blob/objects.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { writeRecording } from '#shared/store/recording-writes.ts';
import { retryOnStale } from '#shared/recordings/edit.ts';
import { listUserRecordings } from '#shared/store/recordings.ts';
import { call, newUser, stack } from '../support/api.ts';
import { wavHeader } from '../support/wav.ts';
import { silentWav, upload } from '../support/uploads.ts';

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Uint8Array };

/** A multipart body written by hand, so parts can repeat and names can hold anything. */
async function rawUpload(token: string, parts: readonly Part[]) {
  const boundary = `b${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = 'filename' in p ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`, 'utf8'), Buffer.from('filename' in p ? p.bytes : Buffer.from(p.value)), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await fetch(`${stack().url}/api/v1/recordings/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(chunks),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Writes names the API would refuse straight to the store, as an older version could have. The
 * pipeline is working on the new recording meanwhile, so a write that loses to one of its steps
 * reads the recording again and tries once more, as every writer of a recording does.
 */
const renameBehindTheApi = (id: number, changes: Record<string, string>) =>
  retryOnStale(async () => {
    const stored = (await findRecording(id))!;
    await writeRecording(stored, { changes: changes as never });
    return stored;
  }, 20);

const wav = (name = 'a.wav', bytes: Uint8Array = silentWav()): Part => ({ name: 'file', filename: name, bytes });

async function withRecording() {
  const { user, token } = await newUser();
  const uploaded = await upload(token, { name: 'meeting.wav', bytes: silentWav() });
  expect(uploaded.status).toBe(202);
  return { user, token, id: uploaded.body.id as number };
}

describe('text fields (items 7 and 8)', () => {
  it.each([
    ['a title with CR LF', { title: 'Sync\r\nEND:VEVENT\r\nBEGIN:VEVENT' }],
    ['a title with a NUL', { title: 'a\u0000b' }],
    ['participants with a line feed', { participants: 'Ann\nBob' }],
    ['a title with a lone surrogate', { title: 'a\ud800b' }],
    ['notes with a lone surrogate', { notes: 'x\udfffy' }],
    ['notes with an escape character', { notes: 'bell\u001b[31m' }],
  ])('PATCH refuses %s with 400 and changes nothing', async (_, body) => {
    const { token, id } = await withRecording();
    const response = await call(`/recordings/${id}`, { method: 'PATCH', token, body });
    expect(response.status, response.text).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect((await findRecording(id))?.title).toBe('meeting');
  });

  it('keeps line breaks and tabs in multi-line texts', async () => {
    const { token, id } = await withRecording();
    expect((await call(`/recordings/${id}`, { method: 'PATCH', token, body: { notes: 'one\r\ntwo\tthree' } })).status).toBe(200);
  });

  it('refuses a lone surrogate in any route, a query included', async () => {
    const { token } = await newUser();
    expect((await call('/tags', { method: 'POST', token, body: '{"name":"a\\ud800"}' })).status).toBe(400);
    expect((await call('/tokens', { method: 'POST', token, body: { name: 'x\ny' } })).status).toBe(400);
  });

  it('refuses an uploaded file name or title with control characters, and stores nothing', async () => {
    const { user, token } = await newUser();
    expect((await rawUpload(token, [wav('evil\rBEGIN:VEVENT.wav')])).status).toBe(400);
    expect((await rawUpload(token, [wav(), { name: 'title', value: 'a\u0007b' }])).status).toBe(400);
    expect((await rawUpload(token, [wav(), { name: 'notes', value: 'x\u007fy' }])).status).toBe(400);
    expect(await listUserRecordings(user.id)).toEqual([]);
  });

  it('still downloads a recording whose stored name holds a lone surrogate', async () => {
    const { token, id } = await withRecording();
    const stored = await renameBehindTheApi(id, { title: 'a\ud800b', original_filename: 'a\ud800b.wav' });
    const audio = await call(`/recordings/${id}/audio?download=true`, { token });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-disposition')).toContain("filename*=UTF-8''a%EF%BF%BDb.wav");
    // Audio over the inline limit (4 MB) is a redirect to storage, whose answer names the file too.
    await uploadStream('audio/', stored.audio_key!, Readable.from([Buffer.alloc(5 * 1024 * 1024)]), 'audio/wav').done;
    const redirect = await call(`/recordings/${id}/audio?download=true`, { token });
    expect(redirect.status, redirect.text).toBe(302);
    const fromStorage = await fetch(redirect.headers.get('location')!);
    expect(fromStorage.status).toBe(200);
    expect(fromStorage.headers.get('content-disposition')).toBe(`attachment; filename="a_b.wav"; filename*=UTF-8''a%EF%BF%BDb.wav`);
    await fromStorage.body?.cancel();
  });
});

describe('bodies on routes that take none (item 9)', () => {
  it.each(['{"x":', '{"a":1}', '[1]', 'not json'])('refuses %j on rotate-secret, test, replay and speakers/identify, and acts on none', async (body) => {
    const { token } = await newUser();
    const hook = await call('/webhooks', { method: 'POST', token, body: { name: 'h', url: 'https://93.184.216.34/hook', events: ['recording.created'] } });
    expect(hook.status).toBe(201);
    const rotate = await call(`/webhooks/${hook.body.id}/rotate-secret`, { method: 'POST', token, body });
    expect(rotate.status, rotate.text).toBe(400);
    expect((await call(`/webhooks/${hook.body.id}/test`, { method: 'POST', token, body })).status).toBe(400);
    expect((await call(`/webhooks/${hook.body.id}/deliveries`, { token })).body.deliveries).toEqual([]);
    // Refused for its body before the delivery or the recording is even looked up.
    expect((await call(`/webhooks/${hook.body.id}/deliveries/${randomUUID()}/replay`, { method: 'POST', token, body })).status).toBe(400);
    expect((await call('/recordings/1/speakers/identify', { method: 'POST', token, body })).status).toBe(400);
  });

  it('still takes an empty body or an empty object', async () => {
    const { token } = await newUser();
    const hook = await call('/webhooks', { method: 'POST', token, body: { name: 'h', url: 'https://93.184.216.34/hook', events: ['recording.created'] } });
    expect((await call(`/webhooks/${hook.body.id}/rotate-secret`, { method: 'POST', token })).status).toBe(200);
    expect((await call(`/webhooks/${hook.body.id}/rotate-secret`, { method: 'POST', token, body: {} })).status).toBe(200);
  });
});

describe('the upload form (items 10–13)', () => {
  it('refuses two file parts, a repeated field and a file part under another name, storing nothing', async () => {
    const { user, token } = await newUser();
    expect((await rawUpload(token, [wav(), wav('b.wav')])).status).toBe(400);
    expect((await rawUpload(token, [wav(), { name: 'notes', value: 'a' }, { name: 'notes', value: 'b' }])).status).toBe(400);
    expect((await rawUpload(token, [{ name: 'audio', filename: 'x.wav', bytes: silentWav() }, wav()])).status).toBe(400);
    expect(await listUserRecordings(user.id)).toEqual([]);
  });

  it.each([
    ['a 12-byte RIFF', Buffer.from('RIFF\x04\x00\x00\x00WAVE', 'latin1')],
    ['a bare 44-byte header', wavHeader(0)],
    ['a header claiming 4 GB over 2 KB', Buffer.concat([wavHeader(0xffffff00), Buffer.alloc(2048)])],
    ['half a second', silentWav().subarray(0, 44 + 16_000)],
  ])('refuses %s with 415', async (_, bytes) => {
    const { user, token } = await newUser();
    const response = await rawUpload(token, [wav('short.wav', bytes)]);
    expect(response.status, JSON.stringify(response.body)).toBe(415);
    expect(await listUserRecordings(user.id)).toEqual([]);
  });

  it('limits file names, tag ids, titles and notes like the JSON routes', async () => {
    const { user, token } = await newUser();
    expect((await rawUpload(token, [wav(`${'n'.repeat(5000)}.wav`)])).status).toBe(400);
    const tags = Array.from({ length: 101 }, (_, i) => ({ name: `tag_ids[${i}]`, value: '1' }));
    expect((await rawUpload(token, [wav(), ...tags])).status).toBe(400);
    expect((await rawUpload(token, [wav(), { name: 'notes', value: 'x'.repeat(300 * 1024) }])).status).toBe(400);
    // The same limits as PATCH /recordings/{id}: notes 60,000 characters, a title 500.
    expect((await rawUpload(token, [wav(), { name: 'notes', value: 'x'.repeat(60_001) }])).status).toBe(400);
    expect((await rawUpload(token, [wav(), { name: 'title', value: 't'.repeat(501) }])).status).toBe(400);
    expect(await listUserRecordings(user.id)).toEqual([]);
    const longest = await rawUpload(token, [wav(), { name: 'title', value: 't'.repeat(500) }, { name: 'notes', value: 'x'.repeat(60_000) }]);
    expect(longest.status).toBe(202);
  });

  it('reads UTF-8 file names as UTF-8', async () => {
    const { token } = await newUser();
    const response = await upload(token, { name: 'Réunion été.wav', bytes: silentWav() });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ title: 'Réunion été', original_filename: 'Réunion été.wav' });
  });

  it('reads a double quote in a file name, which browsers, curl and fetch send as %22', async () => {
    const { token } = await newUser();
    const response = await upload(token, { name: 'Q3 "final" plan.wav', bytes: silentWav() });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ title: 'Q3 "final" plan', original_filename: 'Q3 "final" plan.wav' });
  });
});

describe('ranges and integers (item 14)', () => {
  it('answers a range past the end with 416 and Content-Range', async () => {
    const { token, id } = await withRecording();
    const response = await call(`/recordings/${id}/audio`, { token, headers: { range: 'bytes=999999999-' } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${silentWav().length}`);
    expect((await call(`/recordings/${id}/audio`, { token, headers: { range: 'bytes=0-9' } })).status).toBe(206);
  });

  it.each(['per_page=1e2', 'per_page=%2010', 'page=0x1', 'per_page=10.0', 'page='])('refuses %s', async (query) => {
    const { token } = await newUser();
    expect((await call(`/recordings?${query}`, { token })).status).toBe(400);
  });
});

describe('Idempotency-Key scope (item 15)', () => {
  it('refuses a key reused on another route, method or body with 422, and creates nothing more', async () => {
    const { token } = await newUser();
    const key = randomUUID();
    const headers = { 'Idempotency-Key': key };
    expect((await call('/tags', { method: 'POST', token, headers, body: { name: 'one' } })).status).toBe(201);
    const otherRoute = await call('/speakers', { method: 'POST', token, headers, body: { name: 'one' } });
    expect(otherRoute.status, otherRoute.text).toBe(422);
    expect((await call('/tags', { method: 'POST', token, headers, body: { name: 'two' } })).status).toBe(422);
    expect((await call('/speakers', { token })).body.speakers ?? []).toEqual([]);
    expect((await call('/tags', { token })).body.tags).toHaveLength(1);
    // The same path and body with another method.
    const tagId = (await call('/tags', { token })).body.tags[0].id;
    const methodKey = { 'Idempotency-Key': randomUUID() };
    expect((await call(`/tags/${tagId}`, { method: 'PATCH', token, headers: methodKey, body: { color: '#112233' } })).status).toBe(200);
    expect((await call(`/tags/${tagId}`, { method: 'PUT', token, headers: methodKey, body: { color: '#112233' } })).status).toBe(422);
    expect((await call('/tags', { token })).body.tags).toHaveLength(1);
  });

  it('keeps one user’s key apart from another’s', async () => {
    const key = randomUUID();
    const a = await newUser();
    const b = await newUser();
    expect((await call('/tags', { method: 'POST', token: a.token, headers: { 'Idempotency-Key': key }, body: { name: 't' } })).status).toBe(201);
    const other = await call('/tags', { method: 'POST', token: b.token, headers: { 'Idempotency-Key': key }, body: { name: 't' } });
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });
});
