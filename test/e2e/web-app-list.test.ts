// The recordings list in a real browser (in Tokyo) on the test stack, over 22 recordings seeded
// through the store: pages of 20 with next and previous, sorting by title both ways, the status,
// tag, inbox and upload-date filters (dates are the browser's days), the inbox toggle, the batch
// tag, untag, star and reprocess (each checked through the API), and a status chip that follows
// processing to completed while the list stays open; a batch delete naming each refused recording
// and why; filters and page kept in the address;
// meeting dates on each recording's clocks, participants under titles.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRecording } from '#shared/store/recording-writes.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { call, newUser, stack } from '../support/api.ts';
import { silentWav } from '../support/uploads.ts';
import { seedRecording, seedTag } from './recordings-fixtures.ts';
import { expectAccessible, signedIn } from './web-support.ts';

let context: BrowserContext;
let page: Page;
let token: string;
const ids: Record<string, number> = {};

const title = (n: number) => `Call ${String(n).padStart(2, '0')}`;
/** Call n was uploaded at 20:00 UTC on day n of March 2025 (05:00 on day n + 1 in Tokyo), about a meeting a year before. */
const uploaded = (n: number) => new Date(Date.UTC(2025, 2, n, 20));

beforeAll(async () => {
  const created = await newUser();
  token = created.token;
  const { user } = created;
  const finance = await seedTag(user.id, 'Finance');
  for (let n = 1; n <= 22; n++) {
    const status = n === 3 || n === 7 ? 'FAILED' : n === 5 ? 'PROCESSING' : 'COMPLETED';
    const recording = await seedRecording(user.id, {
      title: title(n),
      status,
      createdAt: uploaded(n),
      meetingDate: new Date(Date.UTC(2024, 2, n, 9)).toISOString(),
      tagIds: n === 2 || n === 4 ? [finance] : [],
      ...(n === 12 ? { timeZone: 'America/Sao_Paulo' } : {}),
      // Those reprocessed in a batch have audio to transcribe.
      ...(n === 20 || n === 21 ? { audio: Buffer.from(silentWav(1)) } : {}),
      changes: { is_inbox: n === 10 || n === 11, ...(status === 'FAILED' ? { error_message: 'The engine gave up' } : {}), ...(n === 12 ? { participants: 'Maria Lopez, Tom Berg, Bartholomew Featherstonehaugh' } : {}) },
    });
    ids[title(n)] = recording.id;
  }
  ({ context, page } = await signedIn(stack().url, user, 'Asia/Tokyo'));
}, 180_000);

afterAll(async () => {
  await context?.close();
});

const poll = <T>(fn: () => Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout });
/**
 * Polls the API at a pace within the user's read budget (100 a minute, shared with the browser's
 * session): at expect.poll's 50 ms the checks themselves used it up, and a later test's GET got 429.
 */
const pollApi = <T>(fn: () => Promise<T>, timeout: number) => expect.poll(fn, { timeout, interval: 2_000 });
const titles = () => page.locator('tbody tr td:nth-child(2) a').allInnerTexts();
const stored = async (name: string) => (await call(`/recordings/${ids[name]}`, { token })).body;

describe('the recordings list', () => {
  it('shows 20 recordings a page, newest first, with next and previous pages', async () => {
    await poll(titles).toHaveLength(20);
    expect((await titles())[0]).toBe('Call 22');
    await page.getByText('Page 1 of 2 (22 recordings)').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await poll(titles).toEqual(['Call 02', 'Call 01']);
    await page.getByText('Page 2 of 2 (22 recordings)').waitFor();
    await expect(page.getByRole('button', { name: 'Next page' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await poll(async () => (await titles())[0]).toBe('Call 22');
  });

  it('sorts by title from A to Z and from Z to A', async () => {
    await page.getByLabel('Sort').selectOption({ label: 'Title, A to Z' });
    await poll(async () => (await titles()).slice(0, 3)).toEqual(['Call 01', 'Call 02', 'Call 03']);
    await page.getByLabel('Sort').selectOption({ label: 'Title, Z to A' });
    await poll(async () => (await titles()).slice(0, 3)).toEqual(['Call 22', 'Call 21', 'Call 20']);
    await page.getByLabel('Sort').selectOption({ label: 'Newest first' });
  });

  it('filters by status, tag and inbox', async () => {
    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await poll(titles).toEqual(['Call 07', 'Call 03']);
    await expect(page.locator('tbody .failure').allInnerTexts()).resolves.toEqual(['The engine gave up', 'The engine gave up']);
    await page.getByLabel('Status').selectOption({ label: 'Processing' });
    await poll(titles).toEqual(['Call 05']);
    await page.getByLabel('Status').selectOption({ label: 'Any status' });
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Finance' });
    await poll(titles).toEqual(['Call 04', 'Call 02']);
    await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Any tag' });
    await page.getByLabel('Inbox only').check();
    await poll(titles).toEqual(['Call 11', 'Call 10']);
    await page.getByLabel('Inbox only').uncheck();
    await poll(titles).toHaveLength(20);
  });

  it('keeps the filters and page in the address: Back from a recording, a reload and a link show the same list', async () => {
    const status = () => page.getByLabel('Status').inputValue();
    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await poll(titles).toEqual(['Call 07', 'Call 03']);
    expect(new URL(page.url()).search).toBe('?status=failed');
    await page.getByRole('link', { name: 'Call 07', exact: true }).click();
    await page.getByRole('heading', { name: 'Call 07', level: 1 }).waitFor();
    await page.goBack();
    await poll(titles).toEqual(['Call 07', 'Call 03']);
    await expect(status()).resolves.toBe('failed');
    await page.reload();
    await poll(titles).toEqual(['Call 07', 'Call 03']);
    await page.goto(`${stack().url}/recordings?q=Call+12`);
    await poll(titles).toEqual(['Call 12']);
    await expect(page.getByLabel('Search recordings').inputValue()).resolves.toBe('Call 12');
    // A search finds participants too, and the row shows them under its title.
    await page.getByLabel('Search recordings').fill('tom b');
    await poll(titles).toEqual(['Call 12']);
    await expect(page.locator('tbody tr td:nth-child(2) .participants').textContent()).resolves.toBe('Participants: Maria Lopez, Tom Berg, Bartholomew Featherstonehaugh');
    // Its meeting date is on its own clocks, as its page says it, not on the browser's (Tokyo).
    const listed = await page.locator('tbody tr td:nth-child(4)').innerText();
    expect(listed).toMatch(/ 6:00\sAM \(America\/Sao_Paulo\)$/); // 09:00 UTC
    await page.getByRole('link', { name: 'Call 12', exact: true }).click();
    await expect(page.locator('.facts dd').nth(1).innerText()).resolves.toBe(listed);
    await page.goBack();
    await page.goto(`${stack().url}/recordings?page=2&sort=bogus&status=nonsense`);
    await poll(titles).toEqual(['Call 02', 'Call 01']);
    await expect(status()).resolves.toBe('all');
    // The menu's "Recordings" is the list unfiltered, from page 1.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recordings' }).click();
    await poll(titles).toHaveLength(20);
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByLabel('Search recordings').inputValue()).resolves.toBe('');
  });

  it('filters by upload date, not meeting date, in the browser\'s days', async () => {
    // Call 13 was uploaded on 14 March in Tokyo (on 13 March in UTC; 14 March in UTC is Call 14's).
    await page.getByLabel('Uploaded from').fill('2025-03-14');
    await page.getByLabel('Uploaded to').fill('2025-03-14');
    await poll(titles).toEqual(['Call 13']);
    // Made without a zone of its own, its meeting date (09:00 UTC) is on its owner's clocks (UTC), not Tokyo's.
    await expect(page.locator('tbody tr td:nth-child(4)').innerText()).resolves.toMatch(/ 9:00\sAM \(UTC\)$/);
    await page.getByLabel('Uploaded to').fill('2025-03-16');
    await poll(titles).toEqual(['Call 15', 'Call 14', 'Call 13']);
    await page.getByLabel('Uploaded from').fill('');
    await page.getByLabel('Uploaded to').fill('');
    await poll(titles).toHaveLength(20);
  });

  it('takes a recording out of the inbox with its toggle', async () => {
    const toggle = page.getByRole('button', { name: 'Call 10 in the inbox' });
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await toggle.click();
    await poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    expect((await stored('Call 10')).is_inbox).toBe(false);
  });

  // Its last poll waits for two pipeline jobs, which queue behind the run's other files' on the stack's two transcription workers.
  it('tags, untags, stars and reprocesses a selection, each seen through the API', { timeout: 180_000 }, async () => {
    const select = async () => {
      for (const name of ['Call 21', 'Call 20']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    };
    const both = async (read: (r: any) => unknown) => Promise.all(['Call 21', 'Call 20'].map(async (n) => read(await stored(n))));
    await select();
    await page.getByLabel('Tag for the selection').selectOption({ label: 'Finance' });
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByText('Tagged: 2 updated.').waitFor();
    expect(await both((r) => r.tags.map((t: { name: string }) => t.name))).toEqual([['Finance'], ['Finance']]);
    await select();
    await page.getByRole('button', { name: 'Remove tag' }).click();
    await page.getByText('Untagged: 2 updated.').waitFor();
    expect(await both((r) => r.tags)).toEqual([[], []]);
    await select();
    await page.getByRole('button', { name: 'Star', exact: true }).click();
    await page.getByText('Starred: 2 updated.').waitFor();
    expect(await both((r) => r.is_highlighted)).toEqual([true, true]);
    await select();
    await page.getByRole('button', { name: 'Reprocess' }).click();
    await page.getByText('Reprocess: 2 queued.').waitFor();
    // Transcribed again by the pipeline: completed, with a completion time they had not before.
    await pollApi(() => both((r) => r.status === 'COMPLETED' && r.completed_at !== null), 120_000).toEqual([true, true]);
  });

  it('follows a recording from transcribing to completed without a reload', async () => {
    await page.evaluate(() => ((globalThis as any).stillHere = true));
    const chip = page.locator('tbody tr', { has: page.getByRole('link', { name: 'Call 05', exact: true }) }).locator('.chip[class*=status-]');
    await expect(chip.innerText()).resolves.toBe('transcribing');
    await writeRecording((await findRecording(ids['Call 05']!))!, { status: 'COMPLETED', changes: { completed_at: new Date().toISOString(), lease_until: null } });
    await poll(() => chip.innerText()).toBe('completed');
    await expect(page.evaluate(() => (globalThis as any).stillHere)).resolves.toBe(true);
  });

  it('folds the filters away on a phone, so the list is on the first screen, and unfolds them when one is set', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${stack().url}/`);
      const first = page.getByRole('link', { name: 'Call 22', exact: true });
      await first.waitFor();
      const box = (await first.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      const status = page.getByLabel('Status', { exact: true });
      expect(await status.isVisible()).toBe(false);
      await page.getByText('Filters and sort', { exact: true }).click();
      await status.selectOption('failed');
      await poll(titles).toEqual(['Call 07', 'Call 03']);
      await expect(page.locator('summary').filter({ hasText: 'Filters and sort' }).innerText()).resolves.toBe('Filters and sort (1 set)');
      // A link with a filter set opens with the filters shown.
      await page.reload();
      await poll(titles).toEqual(['Call 07', 'Call 03']);
      expect(await status.isVisible()).toBe(true);
      await expectAccessible(page, 'the list at 390 px with its filters');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('never splits a participant\'s name inside a word on a phone: the table scrolls sideways instead', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${stack().url}/recordings?q=Call+12`);
      await poll(titles).toEqual(['Call 12']);
      // Each word of the line, as laid out: a word split across lines has more than one box.
      const boxesPerWord: [string, number][] = await page.locator('tbody tr td:nth-child(2) .participants').evaluate((line: any) => {
        const text = [...line.childNodes].find((node: any) => node.nodeType === 3 && node.data.trim() !== '');
        return [...(text.data as string).matchAll(/\S+/g)].map((word) => {
          const range = line.ownerDocument.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          return [word[0], range.getClientRects().length];
        });
      });
      expect(boxesPerWord.find(([word]) => word === 'Featherstonehaugh')).toEqual(['Featherstonehaugh', 1]);
      expect(boxesPerWord.filter(([, boxes]) => boxes !== 1)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('says which recordings of a batch were refused and why, by title', async () => {
    const board = await call('/tags', { method: 'POST', token, body: { name: 'Board', protect_from_deletion: true } });
    expect(board.status).toBe(201);
    expect((await call('/recordings/batch', { method: 'PATCH', token, body: { recording_ids: [ids['Call 22']], updates: { add_tag_ids: [board.body.id] } } })).body.updated).toBe(1);
    await page.goto(`${stack().url}/`);
    for (const name of ['Call 22', 'Call 19']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('button', { name: 'Yes, delete 2' }).click();
    await page.getByText('Deleted 1, 1 could not be deleted.', { exact: false }).waitFor();
    await expect(page.getByRole('status').filter({ hasText: 'Deleted' }).innerText()).resolves.toBe(
      'Deleted 1, 1 could not be deleted. Not deleted: “Call 22”: The tag "Board" protects this recording from deletion; remove the tag first.',
    );
    expect((await call(`/recordings/${ids['Call 22']}`, { token })).status).toBe(200);
    expect((await call(`/recordings/${ids['Call 19']}`, { token })).status).toBe(404);
  });
});
