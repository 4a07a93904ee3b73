// The web app's recordings in a real browser on the test stack: the flite meeting uploaded with
// the keyboard only, followed to COMPLETED, its transcript seeking the audio, a speaker named,
// the chat's source seeking the audio, the .ics read by node-ical, markup typed by a person
// shown as text, a large file sent in parts (a failed part retried, the upload resumed after a
// reload), the list's search, star and batch delete, the tags and speakers pages. axe checks
// every page; the upload and recording pages are photographed at 1280 and 390 px.
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ical, { type VEvent } from 'node-ical';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, stack } from '../support/api.ts';
import { makeMeeting } from '../support/speech.ts';
import { expectAccessible, failRequests, holdRequests, screenshots, signedIn } from './web-support.ts';

const TIMEOUT = 300_000;
const MARKUP = '<img src=x onerror=alert(1)>';
const dir = mkdtempSync(join(tmpdir(), 'verbatim-web2-'));
let context: BrowserContext;
let page: Page;
let meetingPath: string;
let recordingUrl: string;
let alerts: string[] = [];

beforeAll(async () => {
  const [{ user }, meeting] = await Promise.all([newUser(), makeMeeting(dir)]);
  meetingPath = meeting.path;
  ({ context, page, alerts } = await signedIn(stack().url, user));
  await page.getByText('No recordings yet. Upload one to begin.').waitFor();
}, TIMEOUT);

afterAll(async () => {
  await context?.close();
});

/** A WAV header for 8 channels at 48 kHz: 120 MB of it is only 164 s of (silent) audio to process. */
function wideWavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(8, 22);
  h.writeUInt32LE(48_000, 24);
  h.writeUInt32LE(48_000 * 16, 28);
  h.writeUInt16LE(16, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 30_000 });
const progress = () => page.getByRole('progressbar').evaluate((p: any) => p.value as number);
const audioState = () => page.locator('audio').evaluate((a: any) => ({ time: a.currentTime as number, paused: a.paused as boolean, ready: a.readyState as number }));
const noImages = () => page.locator('main img').count();

/** Presses Tab until the focused element matches, as a keyboard user would. */
async function tabTo(test: (el: { tag: string; label: string; text: string }) => boolean, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = (globalThis as any).document.activeElement;
      return { tag: a.tagName as string, label: (a.labels?.[0]?.textContent ?? a.getAttribute('aria-label') ?? '') as string, text: (a.textContent ?? '') as string };
    });
    if (test(el)) return;
  }
  throw new Error('focus never reached the element');
}

/** Space on the focused file input opens the chooser (pressed again if the first press is lost on a busy machine). */
async function openChooser() {
  for (let attempt = 1; ; attempt++) {
    const opened = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.keyboard.press('Space');
    try {
      return await opened;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describe('the web app, part 2', () => {
  it('uploads the meeting with the keyboard only, with a title in markup shown as text, and follows it to COMPLETED', async () => {
    await tabTo((el) => el.tag === 'A' && el.text === 'Upload recordings');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Upload recordings' }).waitFor();
    await expectAccessible(page, 'upload');
    await tabTo((el) => el.tag === 'INPUT' && el.label === 'Upload recordings');
    const chooser = await openChooser();
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles(meetingPath);
    await tabTo((el) => el.label === 'Title');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`Planning ${MARKUP}`);
    // (A date field's keyboard entry follows the browser's locale; the value is set directly.)
    await page.getByLabel('Meeting date').fill('2026-11-19T10:00');
    await tabTo((el) => el.tag === 'BUTTON' && el.text === 'Upload 1 file');
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: `Planning ${MARKUP}` });
    await link.waitFor();
    await expect(progress()).resolves.toBe(100);
    await expectAccessible(page, 'upload, done');
    await screenshots(page, 'upload');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Planning ${MARKUP}` }).waitFor();
    // The tab is named after the recording, its markup as text.
    await poll(() => page.title()).toBe(`Planning ${MARKUP} – Verbatim`);
    recordingUrl = page.url();
    await page.locator('.chip.status-completed').waitFor({ timeout: 240_000 });
    await poll(() => page.locator('ol.transcript li').count()).toBeGreaterThanOrEqual(3);
    expect(await noImages()).toBe(0);
    await expectAccessible(page, 'recording');
  }, TIMEOUT);

  it('plays from the keyboard: space plays and pauses, the right arrow goes 5 s on', async () => {
    await poll(async () => (await audioState()).ready).toBeGreaterThanOrEqual(1);
    await page.evaluate(() => (globalThis as any).document.activeElement?.blur());
    await page.keyboard.press('Space');
    await poll(async () => (await audioState()).paused).toBe(false);
    await page.keyboard.press('Space');
    await poll(async () => (await audioState()).paused).toBe(true);
    const before = (await audioState()).time;
    await page.keyboard.press('ArrowRight');
    await poll(async () => (await audioState()).time).toBeCloseTo(before + 5, 1);
    await page.keyboard.press('ArrowLeft');
    await poll(async () => (await audioState()).time).toBeCloseTo(before, 1);
  });

  it('seeks the audio to the third segment when its time is clicked, and highlights it', async () => {
    const third = page.locator('ol.transcript li').nth(2);
    const start = await third.locator('.time').innerText();
    await third.locator('button.segment .time').click(); // a click on a word seeks to the word (web-app-words.test.ts)
    const [m, s] = start.split(':').map(Number);
    await poll(async () => Math.floor((await audioState()).time)).toBe(m! * 60 + s!);
    await expect(third.getAttribute('aria-current')).resolves.toBe('true');
  });

  it('names SPEAKER_00, and the transcript shows the name', { timeout: 120_000 }, async () => {
    await page.getByLabel(/^SPEAKER_00/).fill('Maria');
    await page.getByRole('button', { name: 'Save speaker names' }).click();
    await page.getByText(/Saved\. Participants: Maria/).waitFor({ timeout: 90_000 });
    await page.locator('ol.transcript .speaker', { hasText: 'Maria' }).first().waitFor();
  });

  it('answers "when do we meet?" with a source that seeks the audio; a question in markup is text', async () => {
    await page.getByLabel('Your question').fill('when do we meet?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const source = page.getByRole('list', { name: 'Sources' }).getByRole('button', { name: /tuesday/i }).first();
    await source.waitFor();
    // The list number sits on the line box's baseline: a probe put in that line box, before a
    // source that wraps, must be on the source's first line, not its last.
    const offset = await source.evaluate((button: any) => {
      const probe = button.ownerDocument.createElement('span');
      probe.textContent = '\u200b'; // zero width: the source keeps its place in the line
      button.before(probe);
      const [line, box] = [probe.getBoundingClientRect(), button.getBoundingClientRect()];
      probe.remove();
      return { below: line.top - box.top, lines: Math.round(box.height / line.height) };
    });
    expect(offset.lines).toBeGreaterThan(1);
    expect(offset.below).toBeLessThan(8);
    const [m, s] = (await source.innerText()).split(' ')[0]!.split(':').map(Number);
    await source.click();
    await poll(async () => Math.floor((await audioState()).time)).toBe(m! * 60 + s!);
    await page.getByLabel('Your question').fill(MARKUP);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.locator('ol.chat li.user', { hasText: MARKUP }).waitFor();
    expect(await noImages()).toBe(0);
    // A question to try asks at once, and the embedded engine answers it from the tasks said.
    await page.getByRole('list', { name: 'Questions to try:' }).getByRole('button', { name: 'What are the action items?' }).click();
    const answer = page.locator('ol.chat > li').nth(5);
    await page.locator('ol.chat li.user', { hasText: 'What are the action items?' }).waitFor();
    await answer.getByRole('list', { name: 'Sources' }).getByRole('button', { name: /call the vendor/i }).waitFor();
    await expectAccessible(page, 'recording with chat');
    await screenshots(page, 'recording');
  });

  it('downloads the .ics that node-ical reads, with the Tuesday meeting', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download .ics' }).click()]);
    const file = join(dir, 'events.ics');
    await download.saveAs(file);
    const events = Object.values(ical.sync.parseICS(readFileSync(file, 'utf8'))).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(events.map((e) => e.start.toISOString())).toContain('2026-11-24T15:00:00.000Z');
  });

  it('says no appointments were found only once the events have come, and says so when they cannot', async () => {
    const card = page.getByRole('region', { name: 'Calendar events' });
    const held = await holdRequests(page, '**/api/v1/recordings/*/events');
    await page.reload();
    await card.getByRole('status').filter({ hasText: 'Loading calendar events' }).waitFor();
    expect(await card.getByText('No appointments were found').count()).toBe(0);
    held.release();
    await card.getByRole('link', { name: 'Download .ics' }).waitFor();
    await held.end();

    const endFailing = await failRequests(page, '**/api/v1/recordings/*/events');
    await page.reload();
    await card.getByRole('alert').filter({ hasText: 'The calendar events could not be loaded' }).waitFor();
    expect(await card.getByText('No appointments were found').count()).toBe(0);
    await endFailing();
    await page.reload();
    await card.getByRole('link', { name: 'Download .ics' }).waitFor();
  });

  it('says the recording is loading until it has come, and why when it cannot be loaded', async () => {
    const detail = /\/api\/v1\/recordings\/\d+\?format=full$/;
    const held = await holdRequests(page, detail);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Loading the recording…' }).waitFor();
    held.release();
    await page.getByRole('region', { name: 'Calendar events' }).getByRole('link', { name: 'Download .ics' }).waitFor();
    expect(await page.getByText('Loading the recording…').count()).toBe(0);
    await held.end();

    const endFailing = await failRequests(page, detail);
    await page.reload();
    await expect(page.getByRole('alert').innerText()).resolves.toBe('The recording could not be loaded: Service unavailable');
    expect(await page.getByText('Loading the recording…').count()).toBe(0);
    await endFailing();
    await page.reload();
    await page.getByRole('region', { name: 'Calendar events' }).getByRole('link', { name: 'Download .ics' }).waitFor();
  });

  it('shows a summary and a note written in markup as text', async () => {
    await page.getByRole('button', { name: 'Edit summary' }).click();
    await page.getByLabel('Summary (Markdown)').fill(`## Summary\n\nThe gist.\n\n## Decisions\n\n- meet on **Tuesday**\n\n${MARKUP}`);
    await page.getByRole('button', { name: 'Save summary' }).click();
    const summary = page.getByRole('region', { name: 'Summary text' });
    // Its headings sit below the card's h2, and a first one repeating the card's title is left out.
    // (The summary it replaces has a "Decisions" heading too: wait for the saved one's text.)
    await summary.getByText('The gist.').waitFor();
    await summary.getByRole('heading', { name: 'Decisions', level: 3 }).waitFor();
    await expect(summary.getByRole('heading').allInnerTexts()).resolves.toEqual(['Decisions']);
    await expect(summary.innerText()).resolves.toMatch(/^The gist\./);
    await expect(summary.locator('strong').innerText()).resolves.toBe('Tuesday');
    await expect(summary.innerText()).resolves.toContain(MARKUP);
    await page.getByLabel('Your notes').fill(`Bring ${MARKUP}`);
    await page.getByRole('button', { name: 'Save notes' }).click();
    await page.getByText('Notes saved.').waitFor();
    await page.reload();
    await page.getByLabel('Saved notes').getByText(`Bring ${MARKUP}`).waitFor();
    expect(await noImages()).toBe(0);
    expect(alerts).toEqual([]);
  });
});

describe('a large file in parts', () => {
  const big = join(dir, 'long-meeting.wav');
  const size = 120 * 1024 * 1024;
  const parts = 24; // of 5 MB, the test stack's multipart threshold

  it('shows progress, retries a failed part, and resumes after a reload without sending the first part again', async () => {
    // Written to disk as a header and a hole (zeros), never held in memory here; the browser reads the file by its path.
    writeFileSync(big, wideWavHeader(size - 44));
    truncateSync(big, size);
    const sent: number[] = [];
    let held: Route | undefined;
    let failedOnce = false;
    await page.route(/partNumber=\d+/, async (route) => {
      const part = Number(new URL(route.request().url()).searchParams.get('partNumber'));
      if (part === 2 && !held) return void (held = route);
      if (part === 3 && !failedOnce) {
        failedOnce = true;
        return route.fulfill({ status: 500, body: 'try again' });
      }
      sent.push(part);
      return route.continue();
    });
    await page.goto(`${stack().url}/upload`);
    await page.getByLabel('Upload recordings').setInputFiles(big);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await page.getByText(`1 of ${parts} parts sent`).waitFor({ timeout: 90_000 });
    expect(await progress()).toBeGreaterThanOrEqual(Math.floor(100 / parts));
    expect(await progress()).toBeLessThan(100);
    expect(sent).toEqual([1]);
    await page.reload();
    await page.getByText(`Unfinished uploads: long-meeting.wav (1 of ${parts} parts sent)`).waitFor();
    await page.getByLabel('Upload recordings').setInputFiles(big);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await page.getByRole('link', { name: 'long-meeting' }).waitFor({ timeout: 180_000 });
    expect(failedOnce).toBe(true);
    expect(sent).toEqual(Array.from({ length: parts }, (_, i) => i + 1));
    await page.unroute(/partNumber=\d+/);
  }, TIMEOUT);

  it('refuses a file that is not audio with a readable message', async () => {
    await page.reload();
    const text = join(dir, 'agenda.txt');
    writeFileSync(text, 'not audio');
    await page.getByLabel('Upload recordings').setInputFiles(text);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toMatch(/agenda\.txt: .*audio or video/);
  });
});

describe('the list, tags and speakers', () => {
  it('searches, stars, filters and deletes a selection after a confirmation', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recordings' }).click();
    const rows = page.locator('tbody tr');
    await poll(() => rows.count()).toBe(2);
    await page.getByLabel('Search recordings').fill('Planning');
    await poll(() => rows.count()).toBe(1);
    await expect(rows.first().locator('.chip.status-completed').count()).resolves.toBe(1);
    await page.getByLabel('Search recordings').fill('');
    await poll(() => rows.count()).toBe(2);
    const starred = page.getByLabel('Starred only');
    // A filter chosen while a star is being saved holds after the star's reload of the list.
    await page.getByRole('button', { name: `Star Planning ${MARKUP}` }).click();
    await starred.check();
    await page.waitForTimeout(800);
    await poll(() => rows.count()).toBe(1);
    await poll(() => page.getByRole('button', { name: `Star Planning ${MARKUP}` }).getAttribute('aria-pressed')).toBe('true');
    await starred.uncheck();
    await poll(() => rows.count()).toBe(2);
    // The search is applied after a pause in typing: clearing it must keep a filter set meanwhile.
    await page.getByLabel('Search recordings').fill('Plan');
    await poll(() => rows.count()).toBe(1);
    await page.getByLabel('Search recordings').fill('');
    await starred.check();
    await page.waitForTimeout(800);
    await expect(starred.isChecked()).resolves.toBe(true);
    await poll(() => rows.count()).toBe(1);
    await starred.uncheck();
    await poll(() => rows.count()).toBe(2);
    await expectAccessible(page, 'recordings list');
    await rows.filter({ hasText: 'long-meeting' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByText('Delete 1 recording with its audio, transcript and summary? This cannot be undone.').waitFor();
    await page.getByRole('button', { name: 'Yes, delete 1' }).click();
    await page.getByText('Deleted 1.').waitFor();
    await poll(() => rows.count()).toBe(1);
    await screenshots(page, 'recordings');
  });

  it('creates and edits a tag, and renames a speaker of the library', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
    await page.getByRole('button', { name: 'New tag' }).click();
    await page.getByLabel('Tag name').fill('Planning');
    await page.getByRole('button', { name: 'Save tag' }).click();
    await page.getByRole('button', { name: 'Edit Planning' }).click();
    await page.getByLabel('Summary prompt for recordings with this tag').fill('List the decisions.');
    await page.getByLabel('Protect its recordings from deletion').check();
    await page.getByRole('button', { name: 'Save tag' }).click();
    await page.getByText('Summary prompt: List the decisions.').waitFor();
    await expectAccessible(page, 'tags');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Speakers' }).click();
    await page.getByRole('button', { name: 'Rename Maria' }).click();
    await page.getByLabel('New name').fill('Maria Lopez');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('cell', { name: 'Maria Lopez', exact: true }).waitFor();
    // The one recording she was named on is rewritten within the request.
    await page.getByText('Renamed to Maria Lopez: 1 recording updated.').waitFor({ timeout: 2000 });
    // Named on one recording: one voice sample, said in the singular; the date is when she was last named.
    const maria = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Maria Lopez', exact: true }) });
    await expect(maria.getByRole('cell', { name: 'yes (1 sample)', exact: true }).count()).resolves.toBe(1);
    await page.getByRole('columnheader', { name: 'Last named', exact: true }).waitFor({ timeout: 2000 });
    await expectAccessible(page, 'speakers');
    await page.goto(recordingUrl);
    await page.locator('ol.transcript .speaker', { hasText: 'Maria Lopez' }).first().waitFor();
  });
});
