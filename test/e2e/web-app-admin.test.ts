// The administration page's users, administrators, groups and memberships and statistics, and
// the profile's time zone, in a real browser on the test stack (a browser in Berlin). What the
// page does is checked through the API as the people concerned see it: the member's own profile
// lists the group and role, a new administrator reaches the administration routes.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, stack } from '../support/api.ts';
import { expectAccessible, failRequests, holdRequests, screenshots, signedIn } from './web-support.ts';

type User = Awaited<ReturnType<typeof newUser>>;

let admin: User;
let other: User;
let promoted: User;
let context: BrowserContext;
let page: Page;
const group = `Design ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  [admin, other, promoted] = await Promise.all([newUser({ admin: true }), newUser(), newUser()]);
  // More people than one page of the users list, whatever else the suite created.
  await Promise.all(Array.from({ length: 30 }, () => newUser()));
  ({ context, page } = await signedIn(stack().url, admin.user, 'Europe/Berlin'));
}, 120_000);

afterAll(async () => {
  await context?.close();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 30_000 });
const membershipsOf = async (token: string) => (await call('/users/me', { token })).body.groups as { group_name: string; role: string }[];
const card = () => page.getByRole('region', { name: `Group ${group}` });

describe('the users on the administration page', () => {
  const rows = () => page.getByRole('table', { name: 'Users' }).locator('tbody tr');

  it('shows one page of the newest users, more on request, and finds anyone by email', async () => {
    await page.goto(`${stack().url}/admin`);
    await page.getByRole('button', { name: /^Show \d+ more$/ }).waitFor();
    expect(await rows().count()).toBe(25);
    await page.getByRole('button', { name: /^Show \d+ more$/ }).click();
    await expect.poll(() => rows().count()).toBeGreaterThan(25);

    await page.getByLabel('Find a user').fill(other.user.email.slice(0, 20).toUpperCase());
    await expect.poll(() => rows().count()).toBe(1);
    await expect(rows().first().getByRole('cell').first().innerText()).resolves.toBe(other.user.email);
    await expect(page.getByRole('status').filter({ hasText: 'users match' }).innerText()).resolves.toMatch(/^1 of \d+ users match\.$/);
    await page.getByLabel('Find a user').fill('');
    await expect.poll(() => rows().count()).toBe(25);
  });
});

describe('administrators on the administration page', () => {
  const adminRoute = (token: string) => call('/admin/users', { token }).then((r) => r.status);
  const roleOf = (email: string) => page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) }).getByRole('cell').nth(2);

  it('"Make … admin" lets that user open the administration routes and page; "Remove admin" takes it back', async () => {
    const email = promoted.user.email;
    expect(await adminRoute(promoted.token)).toBe(403);
    await page.goto(`${stack().url}/admin`);
    await page.getByLabel('Find a user').fill(email);
    await page.getByRole('button', { name: `Make ${email} admin` }).click();
    await poll(() => roleOf(email).innerText()).toBe('administrator');
    expect(await adminRoute(promoted.token)).toBe(200);
    await expect(call('/users/me', { token: promoted.token }).then((r) => r.body.is_admin)).resolves.toBe(true);
    const theirs = await signedIn(stack().url, promoted.user);
    try {
      await theirs.page.goto(`${stack().url}/admin`);
      await theirs.page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    } finally {
      await theirs.context.close();
    }

    await page.getByRole('button', { name: `Remove admin from ${email}` }).click();
    await poll(() => roleOf(email).innerText()).toBe('user');
    expect(await adminRoute(promoted.token)).toBe(403);
  });
});

/** Seconds as the page says them, written out for the numbers the tests meet. */
const transcribed = (seconds: number) => {
  const [n, unit] = seconds < 59.5 ? [Math.round(seconds), 'second'] : [Math.round(seconds / 60), 'minute'];
  return `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;
};

describe('the statistics on the administration page', () => {
  /**
   * The Statistics card's terms and values, as shown. `scope=all` reads the service's own
   * counters, the same few items however many users the shared test stack holds by now (it once
   * read every user's, and in a clean-clone CI run the card had not filled in after 30 s); an
   * error the card shows instead fails at once.
   */
  const shown = async () => {
    const card = page.getByRole('region', { name: 'Statistics' });
    await card.locator('dd').first().or(card.getByRole('alert')).first().waitFor({ timeout: 20_000 });
    if (await card.getByRole('alert').count()) throw new Error(`The Statistics card shows an error: ${await card.getByRole('alert').innerText()}`);
    const [terms, values] = await Promise.all([card.locator('dt').allInnerTexts(), card.locator('dd').allInnerTexts()]);
    return Object.fromEntries(terms.map((t, i) => [t, values[i]]));
  };
  const expected = async (s: any) => ({
    Users: `${s.users.total} (${s.users.active} active)`,
    Recordings: `${s.recordings.total} (${s.recordings.completed} completed, ${s.recordings.processing} processing, ${s.recordings.pending} waiting, ${s.recordings.failed} failed)`,
    Storage: s.storage.used_human,
    Queue: `${s.queue.jobs_queued} queued, ${s.queue.jobs_processing} processing`,
    'Transcription this month': transcribed(s.transcription.used_this_month_seconds),
    'Estimated transcription cost this month': `$${s.transcription.estimated_cost.toFixed(2)}`,
    'Language-model tokens this month': s.tokens.used_this_month.toLocaleString('en-US'),
    'Recordings today': String(s.activity.recordings_today),
    'Last transcription': s.activity.last_transcription ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(new Date(s.activity.last_transcription)) : '—',
  });

  it('shows the whole service’s numbers as GET /stats?scope=all gives them', { timeout: 120_000 }, async () => {
    // Other test files add users and recordings meanwhile: read both again until one reading agrees.
    const read = async () => {
      await page.goto(`${stack().url}/admin`);
      const [onPage, answer] = await Promise.all([shown(), call('/stats?scope=all', { token: admin.token })]);
      return { onPage, fromApi: await expected(answer.body) };
    };
    let reading = await read();
    for (let tries = 1; tries < 10 && !isDeepStrictEqual(reading.onPage, reading.fromApi); tries++) reading = await read();
    expect(reading.onPage).toEqual(reading.fromApi);
    const all = (await call('/stats?scope=all', { token: admin.token })).body;
    expect(all.users.total).toBeGreaterThanOrEqual(33);
  });
});

describe('groups and memberships on the administration page', () => {
  it('creates a group; a second one of the same name is a readable error', async () => {
    await page.goto(`${stack().url}/admin`);
    await page.getByRole('heading', { name: 'Groups', exact: true }).waitFor();
    await page.getByLabel('New group name').fill(group);
    await page.getByRole('button', { name: 'Create group' }).click();
    await card().getByText('No members yet.').waitFor();
    await page.getByLabel('New group name').fill(group.toUpperCase());
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toContain('already exists');
  });

  it('suggests every user\'s address once for the page, and refuses an unknown one readably', async () => {
    const suggested = await page.locator(`datalist#${await card().getByLabel(`Person to add to ${group}`).getAttribute('list')} option`).evaluateAll((os: any[]) => os.map((o) => o.value as string));
    expect(suggested).toEqual(expect.arrayContaining([admin.user.email, other.user.email]));
    expect(await page.locator('datalist').count()).toBe(1);
    const nobody = `nobody-${randomUUID()}@example.test`;
    await card().getByLabel(`Person to add to ${group}`).fill(nobody);
    await card().getByRole('button', { name: `Add to ${group}` }).click();
    await poll(() => page.getByRole('alert').innerText()).toContain(`No user with email ${nobody}`);
    await card().getByText('No members yet.').waitFor();
  });

  it('adds a member, makes them a group admin, and takes them out', async () => {
    const email = other.user.email;
    await card().getByLabel(`Person to add to ${group}`).fill(email);
    await card().getByRole('button', { name: `Add to ${group}` }).click();
    await card().getByRole('cell', { name: email, exact: true }).waitFor();
    await poll(() => membershipsOf(other.token)).toEqual([expect.objectContaining({ group_name: group, role: 'member' })]);
    await expectAccessible(page, 'admin with a group');
    await screenshots(page, 'admin-groups');

    await card().getByRole('button', { name: `Make ${email} an admin of ${group}` }).click();
    await card().getByRole('cell', { name: 'group admin', exact: true }).waitFor();
    await poll(() => membershipsOf(other.token)).toEqual([expect.objectContaining({ group_name: group, role: 'admin' })]);

    await card().getByRole('button', { name: `Remove ${email} from ${group}` }).click();
    await card().getByText('No members yet.').waitFor();
    await poll(() => membershipsOf(other.token)).toEqual([]);
  });

  it('says the groups are loading until they have come, and why the groups or users cannot be loaded', async () => {
    const groups = page.getByRole('region', { name: 'Groups', exact: true });
    const held = await holdRequests(page, '**/api/v1/admin/groups');
    await page.goto(`${stack().url}/admin`);
    await groups.getByRole('status').filter({ hasText: 'Loading groups…' }).waitFor();
    expect(await groups.getByText('No groups yet.').count()).toBe(0);
    held.release();
    await card().waitFor();
    expect(await groups.getByText('Loading groups…').count()).toBe(0);
    await held.end();

    const ends = await Promise.all([failRequests(page, '**/api/v1/admin/groups'), failRequests(page, '**/api/v1/admin/users')]);
    await page.reload();
    await expect(groups.getByRole('alert').innerText()).resolves.toBe('The groups could not be loaded: Service unavailable');
    expect(await groups.getByText(/No groups yet|Loading groups/).count()).toBe(0);
    const users = page.getByRole('region', { name: 'Users', exact: true });
    await expect(users.getByRole('alert').innerText()).resolves.toBe('The users could not be loaded: Service unavailable');
    expect(await users.getByText('Loading users…').count()).toBe(0);
    await Promise.all(ends.map((end) => end()));
    await page.reload();
    await card().waitFor();
  });

  it('is refused to someone who is not an administrator', async () => {
    const answers = await Promise.all([
      call('/admin/groups', { token: other.token }),
      call('/admin/groups', { method: 'POST', token: other.token, body: { name: `${group} 2` } }),
      call('/admin/memberships', { method: 'DELETE', token: other.token, body: { group_id: 1, email: other.user.email } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
  });
});

describe('the time zone in the profile', () => {
  const zone = () => page.getByLabel('Time zone', { exact: true });

  it('offers the browser’s zone, saves it, and saves a zone chosen from the list', async () => {
    await page.goto(`${stack().url}/settings`);
    await expect(zone().inputValue()).resolves.toBe('UTC');
    await page.getByRole('button', { name: 'Use this browser’s time zone (Europe/Berlin)' }).click();
    await expect(zone().inputValue()).resolves.toBe('Europe/Berlin');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    await expect(call('/users/me', { token: admin.token }).then((r) => r.body.settings.time_zone)).resolves.toBe('Europe/Berlin');
    await expect(page.getByRole('button', { name: /Use this browser’s time zone/ }).count()).resolves.toBe(0);

    await zone().selectOption('America/New_York');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    await page.reload();
    await expect(zone().inputValue()).resolves.toBe('America/New_York');
    await expect(call('/users/me', { token: admin.token }).then((r) => r.body.settings.time_zone)).resolves.toBe('America/New_York');
    await expectAccessible(page, 'settings with the time zone');
  });
});
