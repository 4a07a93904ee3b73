// The tags and speakers pages in a real browser on the test stack: a tag's colour and defaults
// edited and stored; deleting a tag or a library speaker asks first, in a box that takes the
// focus, answers no to Escape and gives the focus back, all from the keyboard; and these pages,
// search and the library chat are usable 390 px wide (Enter asks); with none yet, each page says what tags
// and speakers are for instead of an empty list or a table of headers.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueIndexUpdate } from '#shared/search/queue.ts';
import { call, newUser, stack } from '../support/api.ts';
import { seedRecording, seedTag, wav } from './recordings-fixtures.ts';
import { expectAccessible, expectNoSidewaysScroll, signedIn } from './web-support.ts';

let context: BrowserContext;
let page: Page;
let token: string;

beforeAll(async () => {
  const created = await newUser();
  token = created.token;
  const { user } = created;
  await seedTag(user.id, 'Budget');
  await seedTag(user.id, 'Harbour');
  for (const name of ['Ana Lima', 'Ben Okafor']) expect((await call('/speakers', { method: 'POST', token, body: { name } })).status).toBe(201);
  await seedRecording(user.id, {
    title: 'Harbour review with a rather long title that has to wrap on a phone screen',
    status: 'COMPLETED',
    audio: wav(8000 * 2 * 4),
    segments: [{ speaker: 'Ana Lima', sentence: 'The harbour crane budget doubled this year.', start_time: 0, end_time: 3 }],
  });
  await queueIndexUpdate({ user_id: user.id, rebuild: true });
  for (let waited = 0; ((await call('/search?q=harbour', { token })).body?.pagination?.total ?? 0) < 1; waited += 500) {
    if (waited > 60_000) throw new Error('the search index did not pick up the seeded recording');
    await new Promise((r) => setTimeout(r, 500));
  }
  ({ context, page } = await signedIn(stack().url, user));
}, 180_000);

afterAll(async () => {
  await context?.close();
});

const focused = () => page.evaluate(() => {
  const a = (globalThis as any).document.activeElement;
  return `${a.tagName} ${a.textContent}`;
});
const tagNames = async () => ((await call('/tags', { token })).body.tags as { name: string }[]).map((t) => t.name).sort();
const speakerNames = async () => ((await call('/speakers', { token })).body.speakers as { name: string }[]).map((s) => s.name).sort();

/** From the focused delete button: Enter asks, the focus is on the answer that keeps, Escape keeps and gives the focus back. */
async function askThenKeep(opener: string, keep: string): Promise<void> {
  await page.getByRole('button', { name: opener, exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await expect.poll(focused, { timeout: 5000 }).toBe(`BUTTON ${keep}`);
  await expectAccessible(page, `${opener}: confirmation`);
  await page.keyboard.press('Escape');
  await expect(dialog.count()).resolves.toBe(0);
  await expect.poll(focused, { timeout: 5000 }).toBe(`BUTTON ${opener}`);
}

/** From the focused delete button: Enter asks, Shift+Tab reaches the answer that deletes, Enter deletes. */
async function askThenDelete(opener: string, yes: string): Promise<void> {
  await page.getByRole('button', { name: opener, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').waitFor();
  await page.keyboard.press('Shift+Tab');
  await expect.poll(focused, { timeout: 5000 }).toBe(`BUTTON ${yes}`);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: opener, exact: true }).waitFor({ state: 'detached' });
}

describe('the tags page', () => {
  it('edits a tag\'s colour and its defaults for new uploads', async () => {
    await page.goto(`${stack().url}/tags`);
    await page.getByRole('button', { name: 'Edit Harbour' }).click();
    await page.getByLabel('Colour').fill('#cc5500');
    await page.getByLabel('Default language').fill('de');
    await page.getByLabel('Default fewest speakers').fill('2');
    await page.getByLabel('Default most speakers').fill('4');
    await page.getByRole('button', { name: 'Save tag' }).click();
    await page.getByRole('heading', { name: 'Edit tag Harbour' }).waitFor({ state: 'detached' });
    const stored = ((await call('/tags', { token })).body.tags as any[]).find((t) => t.name === 'Harbour');
    expect(stored).toMatchObject({ color: '#cc5500', default_language: 'de', default_min_speakers: 2, default_max_speakers: 4 });
    // Opened again, the form shows what was stored.
    await page.getByRole('button', { name: 'Edit Harbour' }).click();
    await expect(page.getByLabel('Default most speakers').inputValue()).resolves.toBe('4');
    await expect(page.getByLabel('Colour').inputValue()).resolves.toBe('#cc5500');
  });

  it('opens another tag\'s form with that tag\'s values, and Cancel closes it with nothing saved', async () => {
    // Harbour's form is open from the test above; Budget's replaces it.
    await page.getByRole('heading', { name: 'Edit tag Harbour' }).waitFor();
    await page.getByRole('button', { name: 'Edit Budget' }).click();
    await page.getByRole('heading', { name: 'Edit tag Budget' }).waitFor();
    await expect(page.getByLabel('Tag name').inputValue()).resolves.toBe('Budget');
    await expect(page.getByLabel('Default language').inputValue()).resolves.toBe('');
    await page.getByLabel('Tag name').fill('Budget 2026');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Edit tag Budget' }).waitFor({ state: 'detached' });
    expect(await tagNames()).toEqual(['Budget', 'Harbour']);
    expect(((await call('/tags', { token })).body.tags as any[]).find((t) => t.name === 'Budget')).toMatchObject({ default_language: null });
  });

  it('asks before deleting a tag, from the keyboard: Escape keeps it, the confirmation deletes it', async () => {
    await askThenKeep('Delete Budget', 'Keep it');
    expect(await tagNames()).toEqual(['Budget', 'Harbour']);
    await askThenDelete('Delete Budget', 'Yes, delete Budget');
    expect(await tagNames()).toEqual(['Harbour']);
  });

  it('is usable 390 px wide', async () => {
    await expectNoSidewaysScroll(page, 'tags');
  });
});

describe('a library with nothing in it yet', () => {
  it('says what tags and speakers are for instead of an empty list, until there is one', async () => {
    const empty = await newUser();
    const other = await signedIn(stack().url, empty.user);
    try {
      const { page: fresh } = other;
      await fresh.goto(`${stack().url}/tags`);
      await fresh.getByText('No tags yet.').waitFor();
      await fresh.goto(`${stack().url}/speakers`);
      await fresh.getByText('No speakers yet.').waitFor();
      await expect(fresh.getByRole('table').count()).resolves.toBe(0);
      await expectAccessible(fresh, 'speakers: empty');
      await fresh.getByLabel("New speaker's name").fill('Ana Lima');
      await fresh.getByRole('button', { name: 'Add speaker' }).click();
      await fresh.getByRole('cell', { name: 'Ana Lima', exact: true }).waitFor();
      await expect(fresh.getByText('No speakers yet.').count()).resolves.toBe(0);
      await seedTag(empty.user.id, 'Budget');
      await fresh.goto(`${stack().url}/tags`);
      await fresh.getByText('Budget', { exact: true }).waitFor();
      await expect(fresh.getByText('No tags yet.').count()).resolves.toBe(0);
    } finally {
      await other.context.close();
    }
  });
});

describe('the speakers page', () => {
  it('asks before deleting a speaker of the library, from the keyboard: Escape keeps them, the confirmation deletes them', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Speakers' }).click();
    await page.getByRole('cell', { name: 'Ben Okafor', exact: true }).waitFor();
    await askThenKeep('Delete Ben Okafor', 'Keep them');
    expect(await speakerNames()).toEqual(['Ana Lima', 'Ben Okafor']);
    await askThenDelete('Delete Ben Okafor', 'Yes, delete Ben Okafor');
    expect(await speakerNames()).toEqual(['Ana Lima']);
    await expectNoSidewaysScroll(page, 'speakers');
  });
});

describe('search and the library chat on a phone', () => {
  it('shows search results 390 px wide without sideways scrolling', async () => {
    await page.goto(`${stack().url}/search?q=harbour`);
    await page.locator('main mark').first().waitFor();
    await expectNoSidewaysScroll(page, 'search');
  });

  it('shows the library chat\'s answer 390 px wide without sideways scrolling', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ask' }).click();
    await page.getByLabel('Your question about all your recordings').fill('What happened to the crane budget in the harbour?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.getByRole('list', { name: 'Sources' }).waitFor();
    await expectNoSidewaysScroll(page, 'library chat');
  });

  it('asks on Enter and writes a line break on Shift+Enter, as other chats do', async () => {
    await page.goto(`${stack().url}/chat`);
    const box = page.getByLabel('Your question about all your recordings');
    await box.pressSequentially('Who spoke about the');
    await box.press('Shift+Enter');
    await box.pressSequentially('crane?');
    await expect(box.inputValue()).resolves.toBe('Who spoke about the\ncrane?');
    await box.press('Enter');
    await page.getByText('You: Who spoke about the crane?').waitFor();
    await expect(box.inputValue()).resolves.toBe('');
    await page.locator('ol.chat > li.assistant').last().getByRole('list', { name: 'Sources' }).waitFor();
  });
});
