// The transcript's words in a real browser on the test stack: a recording whose engine gave word
// timings (seeded through the store) draws each word, a click on a word seeks the audio to it
// and a click elsewhere on the row to the segment's start; the words the engine was unsure of
// are marked for the eye and named to assistive technology; the keyboard still reaches every
// segment with one Tab stop each.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, stack } from '../support/api.ts';
import { seedRecording, wav, WORD_SEGMENTS } from './recordings-fixtures.ts';
import { expectAccessible, signedIn } from './web-support.ts';

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const { user } = await newUser();
  // 8 s of 8 kHz 16-bit mono: long enough to seek anywhere in the transcript.
  const { id } = await seedRecording(user.id, { title: 'Word by word', status: 'COMPLETED', segments: WORD_SEGMENTS, audio: wav(8 * 16_000) });
  ({ context, page } = await signedIn(stack().url, user));
  await page.goto(`${stack().url}/recordings/${id}`);
  await page.getByRole('heading', { name: 'Word by word' }).waitFor({ timeout: 90_000 });
  await page.waitForFunction(() => ((globalThis as any).document.querySelector('audio')?.readyState ?? 0) >= 1, undefined, { timeout: 30_000 });
}, 180_000);

afterAll(async () => {
  await context?.close();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 30_000 });
const audioTime = () => page.locator('audio').evaluate((a: any) => a.currentTime as number);
const row = (n: number) => page.locator('ol.transcript li').nth(n);
const word = (n: number, text: string) => row(n).locator('.word', { hasText: new RegExp(`^${text}$`) });
const decoration = (n: number, text: string) => word(n, text).evaluate((w: any) => (globalThis as any).getComputedStyle(w).textDecorationStyle as string);
const focusedName = () => page.evaluate(() => (globalThis as any).document.activeElement.getAttribute('aria-label') as string);

describe('the transcript word by word in the browser', () => {
  it('seeks the audio to the start of a clicked word, and to the segment start from elsewhere on the row', async () => {
    await word(0, 'everyone').click();
    await poll(audioTime).toBeCloseTo(1.35, 3);
    await word(1, 'start').click();
    await poll(audioTime).toBeCloseTo(3.15, 3);
    await expect(row(1).getAttribute('aria-current')).resolves.toBe('true');
    await row(0).locator('.time').click();
    await poll(audioTime).toBeCloseTo(0.4, 3);
    await page.getByRole('button', { name: '0:04 SPEAKER_00: yes let us begin' }).click();
    await poll(audioTime).toBeCloseTo(4.5, 3);
  });

  it('marks the low-confidence word, visibly and in the row\'s accessible name', async () => {
    await expect(word(0, 'morning').getAttribute('title')).resolves.toBe('Low confidence (21%)');
    await expect(decoration(0, 'morning')).resolves.toBe('dotted');
    for (const sure of ['good', 'everyone']) {
      await expect(word(0, sure).getAttribute('title')).resolves.toBeNull();
      await expect(decoration(0, sure)).resolves.not.toBe('dotted');
    }
    await page.getByRole('button', { name: '0:00 SPEAKER_00: good morning everyone (unsure: morning)', exact: true }).waitFor();
    await page.getByRole('button', { name: '0:02 SPEAKER_01: shall we start', exact: true }).waitFor();
    await page.getByText('Words underlined with dots are ones the engine was unsure of', { exact: false }).waitFor();
    await expectAccessible(page, 'recording with words');
  });

  it('highlights the word being played', async () => {
    await word(0, 'everyone').click();
    await poll(() => word(0, 'everyone').getAttribute('class')).toContain('now');
    await expect(word(0, 'good').getAttribute('class')).resolves.not.toContain('now');
  });

  it('keeps one Tab stop per segment: Enter seeks to the segment, the arrows still seek 5 s', async () => {
    await page.getByRole('button', { name: /^0:00 SPEAKER_00/ }).focus();
    await page.keyboard.press('Tab');
    await expect(focusedName()).resolves.toBe('0:02 SPEAKER_01: shall we start');
    await page.keyboard.press('Enter');
    await poll(audioTime).toBeCloseTo(2.6, 3);
    await page.keyboard.press('ArrowRight');
    await poll(audioTime).toBeCloseTo(7.6, 1);
  });
});
