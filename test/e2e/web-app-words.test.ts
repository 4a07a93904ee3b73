// The transcript's words in a real browser on the test stack: a recording whose engine gave word
// timings (seeded through the store) shows each word as a button that seeks the audio to it,
// marks the words the engine was unsure of, and lets the keyboard move between words; the
// transcript JSON carries the words only where the engine gave them.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Segment } from '#shared/providers/types.ts';
import { newUser, stack } from '../support/api.ts';
import { seedRecording, wav } from './recordings-fixtures.ts';
import { expectAccessible, signedIn } from './web-support.ts';

const SEGMENTS: Segment[] = [
  {
    speaker: 'SPEAKER_00',
    sentence: 'good morning everyone',
    start_time: 0.4,
    end_time: 2.1,
    words: [
      { word: 'good', start: 0.4, end: 0.75, confidence: 0.93 },
      { word: 'morning', start: 0.8, end: 1.3, confidence: 0.21 },
      { word: 'everyone', start: 1.35, end: 2.1, confidence: 0.88 },
    ],
  },
  {
    speaker: 'SPEAKER_01',
    sentence: 'shall we start',
    start_time: 2.6,
    end_time: 3.9,
    words: [
      { word: 'shall', start: 2.6, end: 2.9, confidence: 0.9 },
      { word: 'we', start: 2.95, end: 3.1, confidence: 0.97 },
      { word: 'start', start: 3.15, end: 3.9, confidence: 0.64 },
    ],
  },
  // An engine that gives no word timings: the segment is one button, as before.
  { speaker: 'SPEAKER_00', sentence: 'yes let us begin', start_time: 4.5, end_time: 6 },
];

let context: BrowserContext;
let page: Page;
let id: number;

beforeAll(async () => {
  const { user } = await newUser();
  // 8 s of 8 kHz 16-bit mono: long enough to seek anywhere in the transcript.
  ({ id } = await seedRecording(user.id, { title: 'Word by word', status: 'COMPLETED', segments: SEGMENTS, audio: wav(8 * 16_000) }));
  ({ context, page } = await signedIn(stack().url, user));
  await page.goto(`${stack().url}/recordings/${id}`);
  await page.getByRole('heading', { name: 'Word by word' }).waitFor({ timeout: 90_000 });
}, 180_000);

afterAll(async () => {
  await context?.close();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 30_000 });
const audioTime = () => page.locator('audio').evaluate((a: any) => a.currentTime as number);
const words = (from: string) => page.getByRole('toolbar', { name: `Words from ${from}` });

describe('the transcript word by word', () => {
  it('the transcript JSON has the words of the segments whose engine gave them, and only those', async () => {
    const body: { segments: Segment[] } = await page.evaluate(async (path) => (await fetch(path)).json() as Promise<any>, `/api/v1/recordings/${id}/transcript?format=json`);
    expect(body.segments).toEqual(SEGMENTS);
    expect(Object.keys(body.segments[2]!)).not.toContain('words');
  });

  it('seeks the audio to the start of a clicked word', async () => {
    await poll(() => page.locator('audio').evaluate((a: any) => a.readyState as number)).toBeGreaterThanOrEqual(1);
    await words('0:00').getByRole('button', { name: 'everyone' }).click();
    await poll(audioTime).toBeCloseTo(1.35, 3);
    await words('0:02').getByRole('button', { name: 'start' }).click();
    await poll(audioTime).toBeCloseTo(3.15, 3);
    await expect(page.locator('ol.transcript li').nth(1).getAttribute('aria-current')).resolves.toBe('true');
    // The segment without words seeks to its start.
    await page.getByRole('button', { name: '0:04 SPEAKER_00: yes let us begin' }).click();
    await poll(audioTime).toBeCloseTo(4.5, 3);
  });

  it('marks the low-confidence word, visibly and for assistive technology', async () => {
    const doubtful = words('0:00').getByRole('button', { name: 'morning' });
    await expect(doubtful.getAttribute('title')).resolves.toBe('Low confidence (21%)');
    await expect(doubtful.evaluate((b: any) => (globalThis as any).getComputedStyle(b).textDecorationStyle)).resolves.toBe('dotted');
    for (const sure of ['good', 'everyone']) {
      const word = words('0:00').getByRole('button', { name: sure });
      await expect(word.getAttribute('title')).resolves.toBeNull();
      await expect(word.evaluate((b: any) => (globalThis as any).getComputedStyle(b).textDecorationStyle)).resolves.not.toBe('dotted');
    }
    await page.getByText('Words underlined with dots are ones the engine was unsure of.').waitFor();
    await expectAccessible(page, 'recording with words');
  });

  it('reaches the words with the keyboard: one Tab stop per segment, the arrows move between words, Enter seeks', async () => {
    await page.getByRole('button', { name: '0:00 SPEAKER_00' }).focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => (globalThis as any).document.activeElement.textContent as string);
    await expect(focused()).resolves.toBe('good');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(focused()).resolves.toBe('everyone');
    const before = await audioTime();
    await page.keyboard.press('ArrowLeft');
    await expect(focused()).resolves.toBe('morning');
    expect(await audioTime()).toBe(before); // the arrows moved the focus, not the audio
    await page.keyboard.press('Enter');
    await poll(audioTime).toBeCloseTo(0.8, 3);
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('0:02 SPEAKER_01');
  });
});
