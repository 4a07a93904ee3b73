// GET /recordings/{id}/audio over HTTP: whole files, exact byte ranges, downloads, and the
// redirect to a presigned URL for answers too large to pass through a function.
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteObject } from '#shared/blob/objects.ts';
import { call, newUser, stack } from '../support/api.ts';
import { seedRecording, uploadOverHttp, wav } from './recordings-fixtures.ts';

let owner: Awaited<ReturnType<typeof newUser>>;
let bytes: Buffer;
let id: number;

beforeAll(async () => {
  owner = await newUser();
  bytes = wav(20_000);
  const upload = await uploadOverHttp(owner.token, bytes, 'Team call.wav');
  expect(upload.status).toBe(202);
  id = upload.body.id;
});

async function audio(path: string, headers: Record<string, string> = {}, token = owner.token) {
  const response = await fetch(`${stack().url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}`, ...headers }, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /recordings/{id}/audio', () => {
  it('streams the whole file with its type, length and Accept-Ranges', async () => {
    const response = await audio(`/recordings/${id}/audio`);
    expect(response.status).toBe(200);
    expect(response.body.equals(bytes)).toBe(true);
    expect(response.headers.get('content-type')).toMatch(/^audio\/(x-)?wav/);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('content-disposition')).toBeNull();
  });

  it.each([
    ['bytes=100-199', 100, 199],
    ['bytes=20000-', 20_000, 20_043],
    ['bytes=-10', 20_034, 20_043],
    ['bytes=20040-99999', 20_040, 20_043],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await audio(`/recordings/${id}/audio`, { range });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(response.body.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('answers a range that starts past the end with 416 and the real size (RFC 9110)', async () => {
    const response = await audio(`/recordings/${id}/audio`, { range: `bytes=${bytes.length}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('ignores a range it cannot serve and sends the whole file', async () => {
    for (const range of ['bytes=5-2', 'items=0-1', 'bytes=0-1,5-6']) {
      const response = await audio(`/recordings/${id}/audio`, { range });
      expect(response.status, range).toBe(200);
      expect(response.body.length, range).toBe(bytes.length);
    }
  });

  it('adds an attachment header with download=true', async () => {
    const response = await audio(`/recordings/${id}/audio?download=true`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Team call.wav"');
    expect(response.body.equals(bytes)).toBe(true);
  });

  it('redirects a file over 4 MB to a short-lived presigned URL, and still serves small ranges itself', async () => {
    const big = wav(5 * 1024 * 1024);
    const r = await seedRecording(owner.user.id, { status: 'COMPLETED', audio: big });
    const response = await audio(`/recordings/${r.id}/audio?download=true`);
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/X-Amz-Expires=300/);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(big)).toBe(true);
    const small = await audio(`/recordings/${r.id}/audio`, { range: 'bytes=1000-1099' });
    expect(small.status).toBe(206);
    expect(small.body.equals(big.subarray(1000, 1100))).toBe(true);
  });

  it('answers 404 when the audio is gone, whether deleted on purpose or missing from storage', async () => {
    const deleted = await seedRecording(owner.user.id, { status: 'COMPLETED', changes: { audio_key: null } });
    expect((await audio(`/recordings/${deleted.id}/audio`)).status).toBe(404);
    const missing = await seedRecording(owner.user.id, { status: 'COMPLETED', audio: wav() });
    await deleteObject('audio/', missing.audio_key!);
    const response = await call(`/recordings/${missing.id}/audio`, { token: owner.token });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });

  it("answers 403 for another user's recording, 404 for an unknown one and 400 for a bad download flag", async () => {
    const other = await newUser();
    expect((await audio(`/recordings/${id}/audio`, {}, other.token)).status).toBe(403);
    expect((await audio('/recordings/999999999/audio')).status).toBe(404);
    expect((await audio(`/recordings/${id}/audio?download=please`)).status).toBe(400);
  });
});
