// The served OpenAPI document and the explorer page: valid, and behind the same authentication
// as every other endpoint unless DOCS_PUBLIC=true (decisions §2).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRows } from '#shared/routes.ts';
import { call, newUser } from '../support/api.ts';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';

/** A 401 the way decisions §2 wants it: JSON with an error code, a Bearer challenge, no redirect. */
function expectUnauthorized(response: { status: number; headers: Headers; body: any; text: string }) {
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('location')).toBeNull();
  expect(response.text).not.toMatch(/<html/i);
  expect(response.body).toMatchObject({ error: expect.any(String), code: expect.any(String), request_id: expect.any(String) });
}

describe('GET /api/v1/openapi.json', () => {
  it('serves a valid OpenAPI 3.0 document describing every route to a caller with a token', async () => {
    const { token } = await newUser();
    const response = await call('/openapi.json', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body.openapi).toMatch(/^3\.0\.\d$/);
    expect(response.body.servers).toEqual([{ url: '/api/v1' }]);
    await expect(SwaggerParser.validate(structuredClone(response.body))).resolves.toBeTruthy();
    for (const row of routeRows) expect(response.body.paths[row.path]?.[row.method.toLowerCase()], `${row.method} ${row.path}`).toBeDefined();
  });

  it('accepts the other credential carriers too', async () => {
    const { token } = await newUser();
    expect((await call('/openapi.json', { headers: { 'X-API-Token': token } })).status).toBe(200);
    expect((await call(`/openapi.json?token=${token}`)).status).toBe(200);
  });

  it('answers 401 JSON with a Bearer challenge without a credential', async () => {
    expectUnauthorized(await call('/openapi.json'));
  });

  it('answers 401 to an invalid token', async () => {
    expectUnauthorized(await call('/openapi.json', { token: 'vbt_not-a-real-token' }));
  });
});

describe('GET /api/v1/docs', () => {
  it('answers 401 JSON (never HTML, never a redirect) without a credential', async () => {
    expectUnauthorized(await call('/docs'));
    expectUnauthorized(await call('/docs', { headers: { accept: 'text/html,application/xhtml+xml' } }));
  });

  it('answers 401 to its static files without a credential', async () => {
    expectUnauthorized(await call('/docs/assets/swagger-ui-bundle.js'));
  });

  it('serves the explorer page opened with ?token=, without caching it or leaking it as a referrer', async () => {
    const { token } = await newUser();
    const page = await call(`/docs?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.text).toContain('SwaggerUIBundle');

    const css = await call(`/docs/assets/swagger-ui.css?token=${token}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });
});

describe('with DOCS_PUBLIC=true', () => {
  let dataDir: string;
  let local: LocalProcess;
  const get = (path: string) => fetch(`${local.runtime.url}/api/v1${path}`, { redirect: 'manual' });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'verbatim-docs-public-'));
    local = await startLocalProcess(dataDir, { LOCAL_IN_MEMORY: 'true', DOCS_PUBLIC: 'true', LOG_LEVEL: 'SILENT' });
  });

  afterAll(async () => {
    const code = await local?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(0);
  });

  it('serves the document and the explorer without a credential', async () => {
    const doc = await get('/openapi.json');
    expect(doc.status).toBe(200);
    await expect(SwaggerParser.validate((await doc.json()) as never)).resolves.toBeTruthy();

    const page = await get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('SwaggerUIBundle');

    const bundle = await get('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    await bundle.arrayBuffer();
  });

  it('still requires a credential everywhere else', async () => {
    const me = await get('/users/me');
    expect(me.status).toBe(401);
    expect(me.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    expect(await me.json()).toMatchObject({ code: expect.any(String) });
    expect((await get('/tokens')).status).toBe(401);
  });
});
