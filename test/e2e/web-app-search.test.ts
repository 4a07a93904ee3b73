// Library search and library chat in a real browser on the test stack: the recordings page's
// box opens results grouped by recording, each under its meeting date on the recording's own
// clock; a hit opens its recording with the audio at the hit's moment, the library chat's source
// does the same, questions and answers keep their lines, and words typed as markup stay text.
// axe checks both pages.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueIndexUpdate } from '#shared/search/queue.ts';
import type { Segment } from '#shared/providers/types.ts';
import { call, newUser, stack } from '../support/api.ts';
import { seedRecording, wav } from './recordings-fixtures.ts';
import { expectAccessible, signedIn } from './web-support.ts';

const MARKUP = '<img src=x onerror=alert(1)>';
const seg = (speaker: string, sentence: string, start: number, end: number): Segment => ({ speaker, sentence, start_time: start, end_time: end });
let context: BrowserContext;
let page: Page;
let alerts: string[] = [];

beforeAll(async () => {
  const { user, token } = await newUser();
  // 10 s of audio each (8 kHz, 16 bit), so the player can seek to any segment.
  const audio = wav(8000 * 2 * 10);
  await seedRecording(user.id, {
    title: 'Harbour budget',
    status: 'COMPLETED',
    // 23:30 on the 19th in São Paulo, already the 20th on the browser's clock (UTC).
    meetingDate: '2026-11-20T02:30:00.000Z',
    timeZone: 'America/Sao_Paulo',
    audio,
    segments: [seg('Ana', 'Welcome to the review.', 0, 2), seg('Ben', 'The harbour crane budget doubled this year.', 4.5, 7.5)],
  });
  await seedRecording(user.id, { title: 'Garden club', status: 'COMPLETED', audio, segments: [seg('Cleo', `The harbour tour ${MARKUP} starts at noon.`, 6, 8)] });
  await seedRecording(user.id, { title: 'Unrelated', status: 'COMPLETED', audio, segments: [seg('Dan', 'Tomatoes need water.', 1, 3)] });
  await seedRecording(user.id, { title: 'Volunteers', status: 'COMPLETED', audio, meetingDate: '2026-11-02T10:00:00.000Z', segments: [seg('Eve', 'Thanks for coming.', 0, 2), seg('Eve', 'Finn, can you book the minibus for the trip?', 2.5, 5)] });
  await queueIndexUpdate({ user_id: user.id, rebuild: true });
  // The index worker applies the rebuild from its queue.
  for (let waited = 0; ((await call('/search?q=harbour', { token })).body?.pagination?.total ?? 0) < 2; waited += 500) {
    if (waited > 60_000) throw new Error('the search index did not pick up the seeded recordings');
    await new Promise((r) => setTimeout(r, 500));
  }
  ({ context, page, alerts } = await signedIn(stack().url, user));
}, 300_000);

afterAll(async () => {
  await context?.close();
});

const audioTime = () => page.locator('audio').evaluate((a: any) => a.currentTime as number);

describe('search and library chat in the web app', () => {
  it('searches what was said from the recordings page, grouped by recording, and opens a hit at its moment', async () => {
    await page.getByLabel('Search what was said').fill('harbour');
    await page.getByRole('button', { name: 'Search transcripts' }).click();
    await page.getByRole('heading', { name: 'Search', exact: true }).waitFor();
    const groups = page.locator('main section.card');
    await expect.poll(() => groups.count()).toBe(2);
    expect(await groups.locator('h2').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Harbour budget'), expect.stringContaining('Garden club')]));
    expect(await page.locator('main mark').allInnerTexts()).toContain('harbour');
    // The meeting date on the recording's own clock, as the list shows it, not the browser's.
    expect(await groups.filter({ hasText: 'Harbour budget' }).locator('h2 .hint').innerText()).toMatch(/^Nov 19, 2026, 11:30\sPM \(America\/Sao_Paulo\)$/);
    // One page of results: no pager to page through.
    expect(await page.getByRole('navigation', { name: 'Result pages' }).count()).toBe(0);
    // Markup in a transcript is text: no image element, no dialog.
    await expect(page.getByText(MARKUP, { exact: false }).count()).resolves.toBe(1);
    expect(await page.locator('main img').count()).toBe(0);
    await expectAccessible(page, 'search');
    await page.getByRole('link', { name: 'Play Harbour budget from 0:04' }).click();
    await page.getByRole('heading', { name: 'Harbour budget' }).waitFor();
    await expect.poll(audioTime, { timeout: 30_000 }).toBeCloseTo(4.5, 1);
  });

  it('asks the whole library, and a source opens its recording at that moment', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ask' }).click();
    await page.getByLabel('Your question about all your recordings').fill(`How much did the crane budget change? ${MARKUP}`);
    await page.getByRole('button', { name: 'Ask' }).click();
    const sources = page.getByRole('list', { name: 'Sources' });
    await sources.waitFor();
    expect(await page.locator('main img').count()).toBe(0);
    // The sources mark the question's content words, not "how", "did" or "the".
    const marked = (await sources.locator('mark').allInnerTexts()).map((m) => m.toLowerCase());
    expect(marked).toContain('budget');
    expect(marked.filter((m) => ['how', 'did', 'the'].includes(m))).toEqual([]);
    await expectAccessible(page, 'library chat');
    await sources.getByRole('link', { name: 'Harbour budget at 0:04' }).first().click();
    await page.getByRole('heading', { name: 'Harbour budget' }).waitFor();
    await expect.poll(audioTime, { timeout: 30_000 }).toBeCloseTo(4.5, 1);
    expect(alerts).toEqual([]);
  });

  it('shows a question typed on two lines, and an answer quoting two passages, line by line', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ask' }).click();
    const field = page.getByLabel('Your question about all your recordings');
    await field.fill('What about the harbour?');
    await field.press('Shift+Enter');
    await field.pressSequentially('And the tour?');
    await field.press('Enter');
    await page.getByRole('list', { name: 'Sources' }).waitFor();
    const [question, answer] = await page.locator('ol.chat > li > p').allInnerTexts();
    expect(question).toBe('You: What about the harbour?\nAnd the tour?');
    // The offline engine quotes each passage on a line of its own ("At 0:06, Cleo in …").
    expect(answer!.split('\n').filter((line) => /\bAt \d\d:\d\d, /.test(line)).length).toBeGreaterThanOrEqual(2);
  });

  it('answers "What are my action items?" from the questions to try, with the task said as its source', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ask' }).click();
    await page.getByRole('list', { name: 'Questions to try:' }).getByRole('button', { name: 'What are my action items?' }).click();
    await page.locator('ol.chat li.user', { hasText: 'What are my action items?' }).waitFor();
    // The answer is the last turn; the conversation before it stays above.
    const sources = page.locator('ol.chat > li').last().getByRole('list', { name: 'Sources' });
    await sources.waitFor();
    expect(await sources.locator('li').allInnerTexts()).toEqual(['Volunteers at 0:02: Eve: Finn, can you book the minibus for the trip?']);
    await expectAccessible(page, 'library chat with a question to try');
  });
});
