// The upload page in a real browser (in New York) on the test stack: the meeting date typed is
// wall-clock time in the time zone chosen on the form, not the browser's; language, speakers,
// tags and zone are stored; two files chosen at once and a file dropped on the page each become
// a recording; a file over UPLOAD_MAX_MB, an empty one, one that is no audio and an unknown zone
// are refused with readable messages, and only the file with the zone is offered to send again
// (once corrected), the others to remove; and an upload over the monthly transcription budget is accepted, then
// FAILS, with the reason on its page and in the list.
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBudgets } from '#shared/store/budgets.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { call, newUser, spendRateBudget, stack } from '../support/api.ts';
import { silentWav } from '../support/uploads.ts';
import { seedTag } from './recordings-fixtures.ts';
import { signedIn } from './web-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'verbatim-web-upload-'));
let context: BrowserContext;
let page: Page;
let token: string;
let tagId: number;

/** A second of silence on disk under this name. */
function silence(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, silentWav(1));
  return path;
}

beforeAll(async () => {
  const { user, token: secret } = await newUser();
  token = secret;
  tagId = await seedTag(user.id, 'Planning');
  ({ context, page } = await signedIn(stack().url, user, 'America/New_York'));
}, 120_000);

afterAll(async () => {
  await context?.close();
});

/** The upload page, fresh. */
async function uploadPage(): Promise<void> {
  await page.goto(`${stack().url}/upload`);
  await page.getByRole('heading', { name: 'Upload recordings' }).waitFor();
}

/** Sends what is chosen and waits for each file's link; answers the recordings' ids. */
async function sendAll(titles: readonly string[]): Promise<number[]> {
  await page.getByRole('button', { name: titles.length === 1 ? 'Upload 1 file' : `Upload ${titles.length} files` }).click();
  const ids: number[] = [];
  for (const title of titles) {
    const link = page.getByRole('link', { name: title, exact: true });
    await link.or(page.getByRole('alert')).first().waitFor({ timeout: 50_000 });
    if (!(await link.count())) throw new Error(`${title} was refused: ${await page.getByRole('alert').first().innerText()}`);
    ids.push(Number((await link.getAttribute('href'))!.split('/').pop()));
  }
  return ids;
}

const listTitles = async () => ((await call('/recordings?per_page=100', { token })).body.recordings as { title: string }[]).map((r) => r.title);

describe('uploading from the web app', () => {
  it('reads the meeting date in the chosen time zone, not the browser\'s, and stores language, speakers, tags and zone', async () => {
    await uploadPage();
    await page.getByLabel('Upload recordings').setInputFiles(silence('zoned.wav'));
    const zone = page.getByLabel('Time zone (IANA name, e.g. Europe/Berlin)');
    await expect(zone.inputValue()).resolves.toBe('America/New_York'); // the browser's, to begin with
    await zone.fill('Europe/Berlin');
    await page.getByLabel('Meeting date').fill('2026-11-19T10:00');
    await page.getByLabel('Language (e.g. en, blank to detect)').fill('en');
    await page.getByLabel('Fewest speakers').fill('2');
    await page.getByLabel('Most speakers').fill('3');
    // The tags are a group of their own, on a row below the fields.
    const tags = page.getByRole('group', { name: 'Tags' });
    await tags.getByLabel('Tag Planning').check();
    const [field, group] = await Promise.all([page.getByLabel('Most speakers').boundingBox(), tags.boundingBox()]);
    expect(group!.y).toBeGreaterThan(field!.y + field!.height);
    const [id] = await sendAll(['zoned']);
    const { body } = await call(`/recordings/${id}`, { token });
    // 10:00 in Berlin in November (UTC+1); read in New York it would have been 15:00 UTC.
    expect(body).toMatchObject({ meeting_date: '2026-11-19T09:00:00.000Z', time_zone: 'Europe/Berlin', language: 'en', tags: [{ id: tagId, name: 'Planning' }] });
    expect(await findRecording(id!)).toMatchObject({ min_speakers: 2, max_speakers: 3 });
  });

  it('sends two files chosen at once, each with its own progress bar, and both reach the list', async () => {
    await uploadPage();
    await page.getByLabel('Upload recordings').setInputFiles([silence('first.wav'), silence('second.wav')]);
    await expect(page.locator('li.upload h2').allInnerTexts()).resolves.toEqual([expect.stringContaining('first.wav'), expect.stringContaining('second.wav')]);
    await sendAll(['first', 'second']);
    await expect(page.getByRole('progressbar').count()).resolves.toBe(2);
    expect(await listTitles()).toEqual(expect.arrayContaining(['first', 'second']));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recordings' }).click();
    for (const title of ['first', 'second']) await page.getByRole('link', { name: title, exact: true }).waitFor();
  });

  it('takes a file dropped on the page', async () => {
    await uploadPage();
    const bytes = Buffer.from(silentWav(1)).toString('base64');
    const dropped = await page.evaluateHandle((b64: string) => {
      const data = Uint8Array.from((globalThis as any).atob(b64), (c: string) => c.charCodeAt(0));
      const transfer = new (globalThis as any).DataTransfer();
      transfer.items.add(new (globalThis as any).File([data], 'dropped.wav', { type: 'audio/wav' }));
      return transfer;
    }, bytes);
    await page.locator('.drop').dispatchEvent('dragover', { dataTransfer: dropped });
    await page.locator('.drop').dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByRole('heading', { name: /dropped\.wav/ }).waitFor();
    await sendAll(['dropped']);
    expect(await listTitles()).toContain('dropped');
  });

  it('refuses a file over UPLOAD_MAX_MB with a readable message, before sending it', async () => {
    const maxMb = (await call('/transcription', { token })).body.max_upload_mb as number;
    expect(maxMb).toBeGreaterThan(0);
    const big = join(dir, 'too-big.wav');
    writeFileSync(big, silentWav(1));
    truncateSync(big, (maxMb + 1) * 1024 * 1024); // a hole: nothing this size is held or written
    await uploadPage();
    await page.getByLabel('Upload recordings').setInputFiles(big);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe(`too-big.wav: The file is larger than ${maxMb} MB`);
    expect(await listTitles()).not.toContain('too-big');
  });

  it('refuses an empty file, one that is no audio and a zone that does not exist, each with its message said once', async () => {
    const empty = join(dir, 'empty.wav');
    writeFileSync(empty, '');
    const text = join(dir, 'minutes.wav');
    writeFileSync(text, 'These are the minutes, typed, not recorded.\n');
    // A user of its own: the earlier uploads spent most of this minute's processing calls.
    const fresh = await newUser();
    token = fresh.token;
    await context.close();
    ({ context, page } = await signedIn(stack().url, fresh.user, 'America/New_York'));
    await uploadPage();
    await page.getByLabel('Upload recordings').setInputFiles([empty, silence('on-mars.wav'), text]);
    await page.getByLabel('Time zone (IANA name, e.g. Europe/Berlin)').nth(1).fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Upload 3 files' }).click();
    // The text is found out once sent, when the upload is completed.
    await expect.poll(() => page.getByRole('alert').allInnerTexts(), { timeout: 30_000 }).toEqual([
      'empty.wav: The file is empty (0 bytes): there is nothing to transcribe.',
      'on-mars.wav: Invalid upload: time_zone must be an IANA time zone name like "Europe/Berlin"',
      'minutes.wav: The file is not audio or video',
    ]);
    // Nothing was sent of the empty file, and its bar says so.
    await expect(page.getByLabel('Upload of empty.wav').getAttribute('value')).resolves.toBe('0');
    expect(await listTitles()).not.toEqual(expect.arrayContaining(['empty', 'on-mars', 'minutes']));
  });

  it('offers to send again only the file whose field can be corrected, and lets the refused ones be removed', async () => {
    // Sending the empty file or the text again cannot help: the button counts only on-mars.wav.
    const again = page.getByRole('button', { name: /^Upload \d+ files?$/ });
    await expect(again.innerText()).resolves.toBe('Upload 1 file');
    await page.getByRole('button', { name: 'Remove empty.wav' }).click();
    await page.getByRole('button', { name: 'Remove minutes.wav' }).click();
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([expect.stringMatching(/^on-mars\.wav /)]);
    await page.getByLabel('Time zone (IANA name, e.g. Europe/Berlin)').fill('Europe/Berlin');
    await again.click();
    await page.getByRole('link', { name: 'on-mars', exact: true }).waitFor({ timeout: 50_000 });
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await listTitles()).toContain('on-mars');
  });

  it('accepts an upload over the monthly transcription budget, which then fails with the reason on its page and in the list', async () => {
    // A user of their own: the uploads above used up this minute's processing rate budget.
    await context.close();
    const fresh = await newUser();
    token = fresh.token;
    await setBudgets(fresh.user.id, { monthly_transcription_seconds: 0 });
    ({ context, page } = await signedIn(stack().url, fresh.user, 'America/New_York'));
    await uploadPage();
    await page.getByLabel('Upload recordings').setInputFiles(silence('over-budget.wav'));
    const [id] = await sendAll(['over-budget']);
    await page.getByRole('link', { name: 'over-budget', exact: true }).click();
    await page.getByRole('heading', { name: 'over-budget' }).waitFor();
    // The page polls while the recording is queued, and shows the reason once it failed.
    const status = page.getByRole('status').filter({ has: page.locator('.chip.status-failed') });
    await status.waitFor({ timeout: 60_000 });
    const reason = (await call(`/recordings/${id}`, { token })).body.error_message as string;
    expect(reason).toMatch(/^Monthly transcription budget exceeded \(used [\d.]+ of 0 minutes\)$/);
    await expect(status.innerText()).resolves.toContain(reason);
    await page.getByText('There is no transcript: transcription failed (the reason is above).').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recordings' }).click();
    const row = page.locator('tbody tr', { has: page.getByRole('link', { name: 'over-budget', exact: true }) });
    await expect(row.locator('td').nth(2).locator('.failure').innerText()).resolves.toBe(reason);
  });

  it('waits out the rate limit, saying so on the file, and then sends it', { timeout: 150_000 }, async () => {
    const fresh = await newUser();
    await context.close();
    ({ context, page } = await signedIn(stack().url, fresh.user, 'America/New_York'));
    await uploadPage();
    await page.getByLabel('Upload recordings').setInputFiles(silence('after-the-wait.wav'));
    // This minute's ten processing calls are spent.
    const window = await spendRateBudget(fresh.user.id, 'processing');
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await page.getByRole('status').filter({ hasText: /^The rate limit for uploads was reached; sending in \d+ s\.$/ }).waitFor();
    await page.getByRole('link', { name: 'after-the-wait', exact: true }).waitFor({ timeout: 90_000 });
    await expect(page.getByText(/rate limit/).count(), 'the note is gone once the wait is over').resolves.toBe(0);
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(window.resetAt);
    const listed = (await call('/recordings', { token: fresh.token })).body.recordings as { title: string }[];
    expect(listed.map((r) => r.title)).toEqual(['after-the-wait']);
    // A second of silence: transcribed, and the page says no one spoke rather than "not yet".
    await page.getByRole('link', { name: 'after-the-wait', exact: true }).click();
    await page.locator('.chip.status-completed').waitFor({ timeout: 60_000 });
    await page.getByText('No speech was found in this recording.').waitFor();
  });
});
