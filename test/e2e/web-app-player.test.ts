// Playing a recording in a real browser on the test stack (a long transcript seeded through the
// store): space plays and pauses even when a transcript segment has the focus (as it has right
// after a click on it), and the segment being played is kept in view inside the transcript's
// own scrolling box, never by scrolling the window away from what the reader is looking at.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Segment } from '#shared/providers/types.ts';
import { newUser, stack } from '../support/api.ts';
import { seedRecording, wav } from './recordings-fixtures.ts';
import { signedIn } from './web-support.ts';

let context: BrowserContext;
let page: Page;

/** Forty one-second segments, so the transcript box scrolls. */
const SEGMENTS: Segment[] = Array.from({ length: 40 }, (_, i) => ({ speaker: i % 2 ? 'SPEAKER_01' : 'SPEAKER_00', sentence: `This is sentence number ${i}.`, start_time: i, end_time: i + 1 }));
const SUMMARY = Array.from({ length: 60 }, (_, i) => `- Point ${i} of a long summary`).join('\n');

beforeAll(async () => {
  const { user } = await newUser();
  // 45 s of 8 kHz 16-bit mono.
  const { id } = await seedRecording(user.id, { title: 'Long talk', status: 'COMPLETED', segments: SEGMENTS, summary: SUMMARY, audio: wav(45 * 16_000) });
  ({ context, page } = await signedIn(stack().url, user));
  await page.goto(`${stack().url}/recordings/${id}`);
  await page.getByRole('heading', { name: 'Long talk' }).waitFor({ timeout: 90_000 });
  await page.waitForFunction(() => ((globalThis as any).document.querySelector('audio')?.readyState ?? 0) >= 1, undefined, { timeout: 30_000 });
}, 180_000);

afterAll(async () => {
  await context?.close();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 30_000 });
const audio = () => page.locator('audio').evaluate((a: any) => ({ time: a.currentTime as number, paused: a.paused as boolean }));
const focusedName = () => page.evaluate(() => (globalThis as any).document.activeElement.getAttribute('aria-label') as string | null);
const scrollY = () => page.evaluate(() => (globalThis as any).scrollY as number);
/** The active row's index, the transcript box's scrollTop, and whether the row is inside the box. */
const transcript = () =>
  page.locator('ol.transcript').evaluate((box: any) => {
    const rows = [...box.children];
    const active = rows.findIndex((li: any) => li.getAttribute('aria-current') === 'true');
    const outer = box.getBoundingClientRect();
    const inner = rows[active]?.getBoundingClientRect();
    return { active, scrollTop: box.scrollTop as number, inside: !!inner && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1 };
  });

describe('playing a recording', () => {
  it('plays and pauses with space while the segment just clicked has the focus, without seeking again', async () => {
    await page.getByRole('button', { name: '0:03 SPEAKER_01: This is sentence number 3.' }).click();
    await poll(async () => (await audio()).time).toBeCloseTo(3, 3);
    await expect(focusedName()).resolves.toBe('0:03 SPEAKER_01: This is sentence number 3.');
    await page.keyboard.press('Space');
    await poll(async () => (await audio()).paused).toBe(false);
    await poll(async () => (await audio()).time).toBeGreaterThan(3.5);
    await page.keyboard.press('Space');
    await poll(async () => (await audio()).paused).toBe(true);
    // Space did not press the segment: the audio stays where it was paused, past the segment's start.
    const paused = (await audio()).time;
    expect(paused).toBeGreaterThan(3.5);
    await page.waitForTimeout(500);
    expect((await audio()).time).toBeCloseTo(paused, 3);
    await expect(focusedName()).resolves.toBe('0:03 SPEAKER_01: This is sentence number 3.');
  });

  it('keeps the playing segment in view inside the transcript box, and leaves the window where the reader scrolled it', async () => {
    // Where each newly active row is when it becomes active, recorded in the same task (before any paint).
    await page.locator('ol.transcript').evaluate((box: any) => {
      const w = globalThis as any;
      w.seenRows = [];
      new w.MutationObserver(() => {
        const rows = [...box.children];
        const active = rows.findIndex((li: any) => li.getAttribute('aria-current') === 'true');
        if (active < 0) return;
        const outer = box.getBoundingClientRect();
        const inner = rows[active].getBoundingClientRect();
        w.seenRows.push({ active, inside: inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1 });
      }).observe(box, { subtree: true, attributes: true, attributeFilter: ['aria-current'] });
    });
    await page.locator('audio').evaluate((a: any) => {
      a.currentTime = 24.5;
    });
    await poll(async () => (await transcript()).active).toBe(24);
    const seen = (await page.evaluate(() => (globalThis as any).seenRows)) as { active: number; inside: boolean }[];
    expect(seen.map((r) => r.active)).toContain(24);
    expect(seen.filter((r) => !r.inside)).toEqual([]);
    const box = await transcript();
    expect(box.scrollTop).toBeGreaterThan(0);
    expect(box.inside).toBe(true);
    // The reader goes down to the summary, and plays from the keyboard.
    await page.getByRole('heading', { name: 'Summary' }).evaluate((h: any) => h.scrollIntoView({ block: 'start' }));
    const reading = await scrollY();
    expect(reading).toBeGreaterThan(0);
    await page.evaluate(() => (globalThis as any).document.activeElement?.blur());
    await page.keyboard.press('Space');
    await poll(async () => (await transcript()).active).toBeGreaterThanOrEqual(27);
    await page.keyboard.press('Space');
    await poll(async () => (await audio()).paused).toBe(true);
    const after = await transcript();
    expect(after.scrollTop).toBeGreaterThan(box.scrollTop);
    expect(after.inside).toBe(true);
    expect(await scrollY()).toBe(reading);
  });
});
