// Helpers of the web app's browser tests: a headless Chromium, accessibility checks with axe,
// and screenshots at desktop and phone widths.
import { AxeBuilder } from '@axe-core/playwright';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Route } from 'playwright-core';
import { expect } from 'vitest';
import { setPassword } from '#shared/auth/sessions.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = join(import.meta.dirname, '../../docs/screenshots');

/** A fresh profile each time, so nothing of an earlier run (cookies, cache) is reused. */
export async function launch(options: { timezoneId?: string } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'verbatim-web-profile-')), {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    ...options,
  });
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${what}: axe violations`,
  ).toEqual([]);
}

/** Screenshots at 1280 px and 390 px wide; the page must not scroll sideways at either. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    await expectNoOverflow(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The page at its present width must not scroll sideways, and no box's content may spill out of
 * it (a label wider than its column runs over the next one); the elements at fault are named.
 */
async function expectNoOverflow(page: Page, where: string): Promise<void> {
  // (This runs in the page, where `document` exists; this project's types have no DOM.)
  const sticking: { overflow: number; wide: string[]; spilling: string[] } = await page.evaluate(() => {
    const doc = (globalThis as any).document;
    const limit = doc.documentElement.clientWidth;
    const right = (e: any) => e.getBoundingClientRect().right;
    const name = (e: any) => `${e.tagName.toLowerCase()}.${e.className}`;
    const boxes = [...doc.querySelectorAll('body *')];
    const wide = boxes
      .filter((e: any) => right(e) > limit + 1 && ![...e.children].some((c: any) => right(c) > limit + 1))
      .map((e: any) => `${name(e)} (${Math.round(right(e))} px): ${(e.textContent ?? '').slice(0, 40)}`);
    // A box that shows what overflows it (a scrolling box is meant to hold more than it shows).
    const spills = (e: any) => {
      const style = (globalThis as any).getComputedStyle(e);
      const box = !['inline', 'contents', 'none'].includes(style.display) && style.overflowX === 'visible';
      return box && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1;
    };
    const spilling = boxes
      .filter((e: any) => spills(e) && ![...e.children].some(spills))
      .map((e: any) => `${name(e)} (${e.scrollWidth} px in ${e.clientWidth} px): ${(e.textContent ?? '').slice(0, 40)}`);
    return { overflow: doc.documentElement.scrollWidth - limit, wide, spilling };
  });
  expect(sticking.overflow, `${where} scrolls sideways: ${sticking.wide.join('; ')}`).toBeLessThanOrEqual(0);
  expect(sticking.spilling, `${where}: content spills out of its box`).toEqual([]);
}

export interface SignedIn {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Messages of every dialog the page opened (each dismissed): markup run as script shows here. */
  readonly alerts: string[];
}

/** A browser (in UTC unless told) signed in as the user (given a password first) on the recordings page. */
export async function signedIn(baseUrl: string, user: { id: number; email: string }, timezoneId = 'UTC'): Promise<SignedIn> {
  const password = 'a long enough passphrase';
  await setPassword(user.id, password);
  const context = await launch({ timezoneId });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(30_000);
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  // What the page saw, for the failure message: a page stuck on "Loading…" says which call hung.
  const seen: string[] = [];
  const started = Date.now();
  const note = (line: string) => seen.push(`${Date.now() - started} ms ${line}`);
  page.on('console', (m) => note(`console ${m.type()}: ${m.text()}`));
  page.on('request', (r) => note(`→ ${r.method()} ${r.url()}`));
  page.on('requestfailed', (r) => note(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => note(`← ${r.status()} ${r.request().method()} ${r.url()}`));
  try {
    await page.goto(`${baseUrl}/sign-in`);
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Recordings', exact: true }).waitFor();
  } catch (error) {
    const text = await page.locator('body').innerText({ timeout: 1000 }).catch(() => '(no body)');
    throw new Error(`signing in failed at ${page.url()} showing ${JSON.stringify(text.slice(0, 300))}; the page saw:\n${seen.join('\n')}`, { cause: error });
  }
  return { context, page, alerts };
}

/** The page at 1280 and 390 px wide must not scroll sideways nor spill out of a box; no picture is kept (for pages the README does not show). */
export async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await expectNoOverflow(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Holds the page's requests to `url` (a glob or pattern) until `release`; `end` lets later ones through untouched. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<{ release: () => void; end: () => Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route(url, hold);
  return { release, end: () => page.unroute(url, hold) };
}

/** Answers the page's requests to `url` (a glob or pattern) with a 503 until the returned function is called. */
export async function failRequests(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  const fail = (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable', code: 'unavailable' }) });
  await page.route(url, fail);
  return () => page.unroute(url, fail);
}
