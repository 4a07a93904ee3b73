// The API explorer in a real (headless) browser, the way a user opens it: a link with ?token=.
// The page must drop the token from the address bar, fetch the document with a Bearer header,
// and let "Try it out" call the live API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { newUser, stack } from '../support/api.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TIMEOUT = 60_000;

describe('the API explorer in a browser', () => {
  let browser: Browser;
  let page: Page;
  let user: Awaited<ReturnType<typeof newUser>>;
  const requests: Request[] = [];
  const pageErrors: Error[] = [];

  beforeAll(async () => {
    user = await newUser();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    page.setDefaultTimeout(TIMEOUT);
    page.on('request', (request) => requests.push(request));
    page.on('pageerror', (error) => pageErrors.push(error));
    const response = await page.goto(`${stack().url}/api/v1/docs?token=${user.token}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
  }, TIMEOUT * 2);

  afterAll(async () => {
    await browser?.close();
  });

  it('lists the operations of the document', async () => {
    await page.locator('.opblock-summary-path[data-path="/users/me"]').first().waitFor({ state: 'visible' });
    await expect(page.locator('.opblock-summary-path[data-path="/tokens"]').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('.opblock-summary-path[data-path="/tokens/{id}"]').first().isVisible()).resolves.toBe(true);
    await expect(page.locator('.opblock').count()).resolves.toBeGreaterThanOrEqual(8);
    expect(pageErrors).toEqual([]);
  }, TIMEOUT);

  it('removes the token from the address bar', () => {
    expect(page.url()).toBe(`${stack().url}/api/v1/docs`);
    expect(page.url()).not.toContain('token=');
    expect(page.url()).not.toContain(user.token);
  });

  it('fetched the document with a Bearer header, not with the token in its URL', async () => {
    const specRequest = requests.find((r) => new URL(r.url()).pathname === '/api/v1/openapi.json');
    expect(specRequest).toBeDefined();
    expect(specRequest!.url()).not.toContain('token=');
    expect(await specRequest!.headerValue('authorization')).toBe(`Bearer ${user.token}`);
    expect((await specRequest!.response())?.status()).toBe(200);
  });

  it('runs GET /users/me live with "Try it out" and "Execute"', async () => {
    const block = page.locator('#operations-Account-usersMe');
    await block.locator('.opblock-summary').click();
    await block.getByRole('button', { name: 'Try it out' }).click();
    const [apiResponse] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/users/me' && r.request().method() === 'GET'),
      block.getByRole('button', { name: 'Execute' }).click(),
    ]);
    expect(apiResponse.status()).toBe(200);
    expect(await apiResponse.request().headerValue('authorization')).toBe(`Bearer ${user.token}`);

    // What the page shows: the live response's status code and body.
    const live = block.locator('.live-responses-table .response');
    await live.waitFor({ state: 'visible' });
    await expect(live.locator('.response-col_status').innerText()).resolves.toContain('200');
    const body = live.locator('.response-col_description .microlight, .response-col_description pre').first();
    await expect(body.innerText()).resolves.toContain(user.user.email);
    expect(pageErrors).toEqual([]);
  }, TIMEOUT);
});
