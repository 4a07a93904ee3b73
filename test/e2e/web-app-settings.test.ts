// Settings in a real browser on the test stack, checked through the API the way the person's
// scripts see it: a token with an expiry, its row after one use, its copy button; the profile's
// fields; a password change and "Sign out everywhere" seen from a second browser signed in as
// the same person.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBudgets } from '#shared/store/budgets.ts';
import { addUsage } from '#shared/store/usage.ts';
import { call, newUser, stack } from '../support/api.ts';
import { expectAccessible, launch, signedIn } from './web-support.ts';

const PASSWORD = 'a long enough passphrase'; // what signedIn() sets
const NEW_PASSWORD = 'another passphrase, longer still';
const DAY_MS = 86_400_000;

let me: Awaited<ReturnType<typeof newUser>>;
let context: BrowserContext;
let page: Page;
const others: BrowserContext[] = [];

beforeAll(async () => {
  me = await newUser();
  ({ context, page } = await signedIn(stack().url, me.user));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().url });
}, 120_000);

afterAll(async () => {
  await Promise.all([context, ...others].map((c) => c?.close()));
});

const settingsPage = () => page.goto(`${stack().url}/settings`);
/** A time as the page writes it (the browser's locale and zone). */
// As the recordings' dates are written, the month named ("Nov 30, 2026, 8:30 AM"), on the browser's clock (UTC).
const shownAs = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(iso));
const sessionOf = async (c: BrowserContext) => `vb_session=${(await c.cookies(stack().url)).find((k) => k.name === 'vb_session')?.value}`;
const statusWith = async (cookie: string) => (await call('/users/me', { headers: { cookie } })).status;

/** Another browser signed in as the same person, through the sign-in page. */
async function secondBrowser(password: string): Promise<{ context: BrowserContext; page: Page }> {
  const other = await launch();
  others.push(other);
  const tab = other.pages()[0] ?? (await other.newPage());
  await tab.goto(`${stack().url}/sign-in`);
  await tab.getByRole('textbox', { name: 'Email' }).fill(me.user.email);
  await tab.getByLabel('Password', { exact: true }).fill(password);
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await tab.getByRole('heading', { name: 'Recordings', exact: true }).waitFor();
  return { context: other, page: tab };
}

describe('API tokens in Settings', () => {
  let token: string;

  it('creates a token that expires in 30 days, and "Copy" puts its value on the clipboard', async () => {
    await settingsPage();
    await page.getByLabel('Token name').fill('thirty days');
    await page.getByLabel('Expires', { exact: true }).selectOption({ label: '30 days' });
    const asked = Date.now();
    await page.getByRole('button', { name: 'Create token' }).click();
    token = await page.getByRole('textbox', { name: 'New token' }).inputValue();
    const answered = Date.now();
    expect(token).toMatch(/^vbt_/);
    const listed = ((await call('/tokens', { token: me.token })).body.tokens as { name: string; expires_at: string }[]).find((t) => t.name === 'thirty days');
    expect(Date.parse(listed!.expires_at)).toBeGreaterThanOrEqual(asked + 30 * DAY_MS - 1000);
    expect(Date.parse(listed!.expires_at)).toBeLessThanOrEqual(answered + 30 * DAY_MS + 1000);

    const secret = page.getByRole('region', { name: 'New token' });
    await secret.getByRole('button', { name: 'Copy' }).click();
    await secret.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(page.evaluate(() => (globalThis as any).navigator.clipboard.readText() as Promise<string>)).resolves.toBe(token);
  });

  it('lists its name, status, creation, last use and expiry once it has been used', async () => {
    expect((await call('/users/me', { token })).status).toBe(200);
    const listed = ((await call('/tokens', { token: me.token })).body.tokens as Record<string, string>[]).find((t) => t.name === 'thirty days')!;
    expect(listed.last_used_at).toEqual(expect.any(String));
    await page.reload();
    const table = page.getByRole('table', { name: 'Your API tokens' });
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'thirty days', exact: true }) });
    await row.waitFor();
    await expect(table.getByRole('columnheader').allTextContents()).resolves.toEqual(['Name', 'Status', 'Created', 'Last used', 'Expires', 'Actions']);
    const cells = (await row.getByRole('cell').allInnerTexts()).slice(0, 5);
    expect(cells).toEqual(['thirty days', 'active', await shownAs(listed.created_at!), await shownAs(listed.last_used_at!), await shownAs(listed.expires_at!)]);
  });

  it('lets the keyboard reach the tokens table when it scrolls sideways on a phone, and adds no tab stop when it fits', async () => {
    await settingsPage();
    const frame = page.locator('.table-wrap', { has: page.getByRole('table', { name: 'Your API tokens' }) });
    await frame.waitFor();
    expect(await frame.getAttribute('tabindex')).toBeNull();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      // The five columns and the actions do not fit in 390 px: the frame scrolls, and is a named region in the tab order.
      await expect.poll(() => frame.getAttribute('tabindex')).toBe('0');
      expect(await frame.evaluate((e: { scrollWidth: number; clientWidth: number }) => e.scrollWidth > e.clientWidth)).toBe(true);
      await expect(page.getByRole('region', { name: 'Your API tokens (scrolls sideways)' }).count()).resolves.toBe(1);
      await expectAccessible(page, 'settings at 390 px');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await expect.poll(() => frame.getAttribute('tabindex')).toBeNull();
  });
});

describe('the profile', () => {
  it('saves name, time zone, language, transcript template and default summary prompt', async () => {
    const wanted = { name: 'Grace Hopper', time_zone: 'Asia/Tokyo', language: 'de', transcript_template: '[{{start_time}}] {{speaker}}: {{text}}', summary_prompt: 'Three bullet points, then the decisions.' };
    await settingsPage();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Name').fill(wanted.name);
    await field('Time zone').selectOption(wanted.time_zone);
    await field('Language').fill(wanted.language);
    await field('Transcript template').fill(wanted.transcript_template);
    await field('Default summary prompt').fill(wanted.summary_prompt);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    const { name, settings } = (await call('/users/me', { token: me.token })).body;
    expect({ name, ...settings }).toMatchObject(wanted);

    await page.reload();
    const shown = await Promise.all(['Name', 'Time zone', 'Language', 'Transcript template', 'Default summary prompt'].map((label) => field(label).inputValue()));
    expect(shown).toEqual([wanted.name, wanted.time_zone, wanted.language, wanted.transcript_template, wanted.summary_prompt]);
    await expectAccessible(page, 'settings with a saved profile');
  });
});

describe('this month\'s usage in Settings', () => {
  /** The Usage card's terms and values, as shown. */
  const shown = async () => {
    await settingsPage();
    const card = page.getByRole('region', { name: 'Usage' });
    await card.locator('dd').first().waitFor();
    const [terms, values] = await Promise.all([card.locator('dt').allInnerTexts(), card.locator('dd').allInnerTexts()]);
    return Object.fromEntries(terms.map((t, i) => [t, values[i]]));
  };

  it('shows what the person used against their monthly budgets, and no limit where there is none', async () => {
    await setBudgets(me.user.id, { monthly_tokens: 1000, monthly_transcription_seconds: 600 });
    // Under a minute, the seconds (not "0 minutes"); from a minute up, whole minutes.
    await addUsage(me.user.id, { transcription_seconds: 21, prompt_tokens: 0, completion_tokens: 0, estimated_cost: 0, transcriptions: 1 });
    expect((await shown())['Transcription this month']).toBe('21 seconds of 10 minutes (3.5 %)');
    await addUsage(me.user.id, { transcription_seconds: 129, prompt_tokens: 200, completion_tokens: 50, estimated_cost: 0.0234, transcriptions: 0 });
    expect(await shown()).toMatchObject({
      Recordings: '0 (0 completed, 0 processing, 0 waiting, 0 failed)',
      'Transcription this month': '3 minutes of 10 minutes (25 %)',
      'Estimated transcription cost this month': '$0.02',
      'Language-model tokens this month': '250 of 1,000 (25 %)',
    });
    await expectAccessible(page, 'settings with usage');
    await setBudgets(me.user.id, { monthly_tokens: null });
    expect((await shown())['Language-model tokens this month']).toBe('250 (no monthly limit)');
  });
});

describe('password and sessions', () => {
  it('changing the password ends the other browser’s session while this one goes on', async () => {
    const second = await secondBrowser(PASSWORD);
    const secondSession = await sessionOf(second.context);
    expect(await statusWith(secondSession)).toBe(200);
    await settingsPage();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed; 1 other session(s) ended.').waitFor();

    expect(await statusWith(secondSession)).toBe(401);
    await second.page.goto(`${stack().url}/settings`);
    await second.page.waitForURL(/\/sign-in\?next=%2Fsettings/);
    expect(await statusWith(await sessionOf(context))).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    // A write with this session still passes the session and CSRF checks.
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
  });

  it('"Sign out everywhere" ends every session, this browser’s too', async () => {
    const second = await secondBrowser(NEW_PASSWORD);
    const sessions = [await sessionOf(context), await sessionOf(second.context)];
    expect(await Promise.all(sessions.map(statusWith))).toEqual([200, 200]);
    await settingsPage();
    // signedIn() dismisses every dialog; this one asks for a confirmation we give.
    page.removeAllListeners('dialog');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(/\/sign-in/);
    expect(await Promise.all(sessions.map(statusWith))).toEqual([401, 401]);
    await second.page.reload();
    await second.page.waitForURL(/\/sign-in/);
    // API tokens are not sessions: they stay valid.
    expect((await call('/users/me', { token: me.token })).status).toBe(200);
  });
});
