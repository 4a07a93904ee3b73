import { describe, expect, it } from 'vitest';
import { call, newUser, stack } from '../support/api.ts';

const expectShape = (response: Awaited<ReturnType<typeof call>>, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.body).toMatchObject({ code, error: expect.any(String), request_id: response.headers.get('x-request-id') });
};

describe('errors have one shape on every path', () => {
  it('answers an unknown route with 404, with or without a credential', async () => {
    const { token } = await newUser();
    expectShape(await call('/no/such/thing', { token }), 404, 'not_found');
    expectShape(await call('/no/such/thing'), 404, 'not_found');
    // Outside /api/v1 but under /api/: still the API's error shape (the rest of the site is the web app's).
    const outside = await fetch(`${stack().url}/api/v2/users/me`);
    expect(outside.status).toBe(404);
    expect(((await outside.json()) as { code: string }).code).toBe('not_found');
    expect((await fetch(`${stack().url}/favicon.ico`)).status).toBe(404);
  });

  it('answers a wrong method with 405 and the allowed methods', async () => {
    const { token } = await newUser();
    const response = await call('/users/me', { method: 'DELETE', token });
    expectShape(response, 405, 'method_not_allowed');
    expect(response.headers.get('allow')).toBe('GET, PUT');
  });

  it('answers malformed JSON with 400 and stores nothing', async () => {
    const { token } = await newUser();
    expectShape(await call('/tokens', { method: 'POST', token, body: '{"name": "x",' }), 400, 'bad_request');
    expect((await call('/tokens', { token })).body.tokens).toHaveLength(1);
  });

  it('answers another content type with 415', async () => {
    const { token } = await newUser();
    expectShape(await call('/tokens', { method: 'POST', token, body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'unsupported_media_type');
  });

  it('answers a body over the JSON limit with 413', async () => {
    const { token } = await newUser();
    const big = JSON.stringify({ name: 'x'.repeat(1100 * 1024) });
    expectShape(await call('/tokens', { method: 'POST', token, body: big }), 413, 'payload_too_large');
  });

  it('answers a body over the gateway limit with 413 in the same shape', async () => {
    const { token } = await newUser();
    const response = await call('/tokens', { method: 'POST', token, body: 'x'.repeat(7 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('checks the credential before the body', async () => {
    expectShape(await call('/tokens', { method: 'POST', body: '{' }), 401, 'unauthorized');
  });
});
