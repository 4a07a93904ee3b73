// What a person does on a recording's page, in a real browser on the test stack (recordings
// seeded through the store, the jobs run by the real pipeline): the transcript downloaded in
// each format and read back (SRT and WebVTT by media-captions); the title edited; a tag added
// and removed; the progress and time left while it is transcribed, and the status following
// it to completed; a voice of the library suggested with its similarity, the speakers named
// and the summary written again with the names; the summary written again with a custom
// prompt; the transcription run again; and the recording deleted after a confirmation.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putJson } from '#shared/blob/objects.ts';
import type { Segment } from '#shared/providers/types.ts';
import { recordProgress, writeRecording } from '#shared/store/recording-writes.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { call, newUser, stack } from '../support/api.ts';
import { silentWav } from '../support/uploads.ts';
import { SEGMENTS, seedRecording, seedTag, wav } from './recordings-fixtures.ts';
import { signedIn } from './web-support.ts';

interface Cue {
  readonly startTime: number;
  readonly endTime: number;
  readonly text: string;
}
// media-captions' types are extensionless re-exports NodeNext cannot follow (as in transcript-formats.test.ts).
const { parseText } = (await import('media-captions')) as unknown as { parseText(text: string, options: { type: 'srt' | 'vtt'; strict: boolean }): Promise<{ cues: Cue[]; errors: unknown[] }> };

const dir = mkdtempSync(join(tmpdir(), 'verbatim-web-actions-'));
const seg = (speaker: string, sentence: string, start: number): Segment => ({ speaker, sentence, start_time: start, end_time: start + 4 });
const MEETING: Segment[] = [
  seg('SPEAKER_00', 'Good morning, let us review the budget for the harbour project.', 0),
  seg('SPEAKER_01', 'The crane costs went up by ten percent this quarter.', 4),
  seg('SPEAKER_00', 'We decided to postpone the second crane until spring.', 8),
  seg('SPEAKER_01', 'I will send the updated budget report on Friday.', 12),
  seg('SPEAKER_00', 'Please book the meeting room for next Tuesday.', 16),
];

let context: BrowserContext;
let page: Page;
let token: string;
const ids = { meeting: 0, working: 0, old: 0 };

/** A COMPLETED recording whose transcript carries a voice embedding per label, as the engine writes it. */
async function seedVoiced(userId: number, title: string, segments: readonly Segment[], embeddings: Record<string, number[]>) {
  const transcriptKey = `transcripts/test-${randomUUID()}.json`;
  await putJson('transcripts/', transcriptKey, { segments, speaker_embeddings: embeddings });
  return seedRecording(userId, { title, status: 'COMPLETED', audio: wav(21 * 16_000), summary: '## Summary\n\nNot written yet.', changes: { transcript_key: transcriptKey } });
}

beforeAll(async () => {
  const created = await newUser();
  token = created.token;
  const { user } = created;
  await seedTag(user.id, 'Finance');
  // Alice's voice enters the library from an earlier recording; Bob is in it by name only.
  const intro = await seedVoiced(user.id, 'Introductions', [seg('SPEAKER_00', 'Hello, I am Alice.', 0)], { SPEAKER_00: [1, 0, 0, 0.1] });
  expect((await call(`/recordings/${intro.id}/speakers/assign`, { method: 'PUT', token, body: { speaker_map: { SPEAKER_00: 'Alice Moreau' }, regenerate_summary: false } })).status).toBe(200);
  expect((await call('/speakers', { method: 'POST', token, body: { name: 'Bob Stone' } })).status).toBe(201);
  ids.meeting = (await seedVoiced(user.id, 'Harbour budget', MEETING, { SPEAKER_00: [0.98, 0.05, 0, 0.1], SPEAKER_01: [0, 1, 0, 0] })).id;
  ids.working = (await seedRecording(user.id, { title: 'Being transcribed', status: 'PROCESSING', audio: wav(16_000) })).id;
  ids.old = (await seedRecording(user.id, { title: 'Old call', status: 'COMPLETED', audio: Buffer.from(silentWav(2)), segments: SEGMENTS })).id;
  ({ context, page } = await signedIn(stack().url, user));
}, 180_000);

afterAll(async () => {
  await context?.close();
});

const poll = <T>(fn: () => Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout });
/**
 * A test that waits for a pipeline job: the run's other files share the stack's two transcription
 * and two summary workers, so a job may queue behind theirs. Its budget covers its own polls
 * (the project's 60 s would cut a 90 or 120 s poll short).
 */
const JOB_BUDGET = 180_000;
const detail = async (id: number) => (await call(`/recordings/${id}`, { token })).body;

async function open(id: number, title: string): Promise<void> {
  await page.goto(`${stack().url}/recordings/${id}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor({ timeout: 60_000 });
}

async function download(link: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  return readFileSync(path, 'utf8');
}

describe('a recording\'s page', () => {
  it('downloads the transcript as text, SubRip, WebVTT and JSON, each read back', async () => {
    await open(ids.meeting, 'Harbour budget');
    const text = await download('Transcript as Text');
    for (const s of MEETING) expect(text).toContain(s.sentence);
    for (const type of ['srt', 'vtt'] as const) {
      const parsed = await parseText(await download(type === 'srt' ? 'Transcript as SubRip (.srt)' : 'Transcript as WebVTT (.vtt)'), { type, strict: true });
      expect(parsed.errors, type).toEqual([]);
      expect(parsed.cues.map((c) => [c.startTime, c.endTime]), type).toEqual(MEETING.map((s) => [s.start_time, s.end_time]));
      parsed.cues.forEach((cue, i) => expect(cue.text, type).toContain(MEETING[i]!.sentence));
    }
    const json = JSON.parse(await download('Transcript as JSON'));
    expect(json.segments.map((s: Segment) => s.sentence)).toEqual(MEETING.map((s) => s.sentence));
  });

  it('saves an edited title, participants and meeting date (typed on the recording\'s clocks), and adds and removes a tag', async () => {
    await writeRecording((await findRecording(ids.meeting))!, { changes: { time_zone: 'America/Sao_Paulo' } });
    await open(ids.meeting, 'Harbour budget');
    await page.getByText('Edit title, participants or meeting date').click();
    await page.getByLabel('Title', { exact: true }).fill('Harbour budget review');
    await page.getByLabel('Participants').fill('Maria Lopez, Tom Berg');
    await page.getByLabel('Meeting date').fill('2026-11-19T11:30');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByRole('heading', { name: 'Harbour budget review', level: 1 }).waitFor();
    // 11:30 in São Paulo (UTC-3) is 14:30 UTC; the form shows it again on São Paulo's clocks.
    expect(await detail(ids.meeting)).toMatchObject({ title: 'Harbour budget review', participants: 'Maria Lopez, Tom Berg', meeting_date: '2026-11-19T14:30:00.000Z' });
    await expect(page.getByLabel('Meeting date').inputValue()).resolves.toBe('2026-11-19T11:30');
    await expect(page.getByRole('button', { name: 'Save details' }).isDisabled()).resolves.toBe(true);
    // The header says the same time as the form, naming the zone, whatever the browser's zone.
    await expect(page.locator('.facts dd').nth(1).textContent()).resolves.toMatch(/11:30\s?(AM)? \(America\/Sao_Paulo\)$/);
    await page.getByLabel('Add a tag').selectOption({ label: 'Finance' });
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('button', { name: 'Remove tag Finance' }).waitFor();
    expect((await detail(ids.meeting)).tags.map((t: { name: string }) => t.name)).toEqual(['Finance']);
    await page.getByRole('button', { name: 'Remove tag Finance' }).click();
    await page.getByRole('button', { name: 'Remove tag Finance' }).waitFor({ state: 'detached' });
    expect((await detail(ids.meeting)).tags).toEqual([]);
  });

  it('suggests a voice of the library with its similarity, names the speakers, and writes the summary again with the names', { timeout: JOB_BUDGET }, async () => {
    const suggestion = page.getByRole('button', { name: /^Use Alice Moreau \(\d+ %\)$/ });
    await suggestion.waitFor();
    expect(Number(/\((\d+) %\)/.exec(await suggestion.innerText())![1])).toBeGreaterThanOrEqual(95);
    // Bob's library entry has no voice yet: no suggestion for the other label, but the field offers his name.
    await expect(page.getByRole('button', { name: /^Use / }).count()).resolves.toBe(1);
    await expect(page.locator('#library-speakers option').evaluateAll((os: any[]) => os.map((o) => o.value as string))).resolves.toEqual(expect.arrayContaining(['Alice Moreau', 'Bob Stone']));
    await suggestion.click();
    await expect(page.getByLabel(/^SPEAKER_00/).inputValue()).resolves.toBe('Alice Moreau');
    // A suggestion the field already holds is no longer offered.
    await suggestion.waitFor({ state: 'detached' });
    await page.getByLabel(/^SPEAKER_01/).fill('Bob Stone');
    await page.getByLabel('Write the summary again with these names').check();
    await page.getByRole('button', { name: 'Save speaker names' }).click();
    await page.locator('ol.transcript .speaker', { hasText: 'Bob Stone' }).first().waitFor();
    // The summary job runs; the page follows it and shows the new summary without a reload.
    const summary = page.getByRole('region', { name: 'Summary text' });
    await poll(() => summary.innerText(), 90_000).toContain('Alice Moreau');
    // The form stayed as saved while the summary was written: its confirmation, the names, and no
    // suggestion of the name a speaker already has.
    await page.getByText(/^Saved\. Participants: .*Bob Stone.*; the summary is being written again\.$/).waitFor();
    await expect(page.getByLabel('Write the summary again with these names').isChecked()).resolves.toBe(true);
    const row = (label: RegExp) => page.locator('.speaker-row', { has: page.getByLabel(label) });
    await expect(row(/^SPEAKER_00/).getByRole('button', { name: /^Use Alice Moreau/ }).count()).resolves.toBe(0);
    await expect(row(/^SPEAKER_01/).getByRole('button', { name: /^Use Bob Stone/ }).count()).resolves.toBe(0);
    const after = await detail(ids.meeting);
    expect(after).toMatchObject({ status: 'COMPLETED', participants: expect.stringContaining('Bob Stone') });
    expect(after.summary).toMatch(/Alice Moreau.*Bob Stone|Bob Stone.*Alice Moreau/);
    // Bob was the library's Bob, not a second one.
    const library = (await call('/speakers', { token })).body.speakers as { name: string; use_count: number }[];
    expect(library.filter((s) => s.name === 'Bob Stone')).toMatchObject([{ use_count: 1 }]);
  });

  it('writes the summary again with a custom prompt', { timeout: JOB_BUDGET }, async () => {
    await page.getByLabel('Custom prompt for the summary (optional)').fill('What are the action items?');
    await page.getByRole('button', { name: 'Summarize again' }).click();
    await page.getByText('Summary queued').waitFor();
    // The extractive summariser puts the section a prompt asks for first.
    await poll(async () => (await detail(ids.meeting)).summary as string, 90_000).toMatch(/## Action items[\s\S]*## Key points/);
    expect((await detail(ids.meeting)).status).toBe('COMPLETED');
    await poll(() => page.getByRole('region', { name: 'Summary text' }).getByRole('heading').allInnerTexts(), 30_000).toEqual(expect.arrayContaining(['Action items', 'Key points']));
    // Its calendar events ("on Friday", "next Tuesday") are listed on the recording's clocks (São
    // Paulo since the details test), as its meeting date is, not on the browser's (UTC).
    const events = (await call(`/recordings/${ids.meeting}/events`, { token })).body.events as { start_datetime: string }[];
    expect(events.length).toBeGreaterThan(0);
    const inSaoPaulo = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
    const shown = async () => (await page.locator('ul.events li').allInnerTexts()).map((t) => t.replace(/\s/g, ' '));
    await poll(shown).toEqual(events.map((e) => expect.stringMatching(new RegExp(`${inSaoPaulo(e.start_datetime).replace(/\s/g, ' ')} \\(America/Sao_Paulo\\)$`))));
  });

  it('shows the progress and the time left while transcribing, and follows the status to completed', async () => {
    await open(ids.working, 'Being transcribed');
    // As the worker writes it: half of the audio decoded in the last 30 s.
    await recordProgress((await findRecording(ids.working))!, 0.5, new Date(Date.now() - 30_000).toISOString());
    const status = page.locator('dl.facts [role=status]');
    await poll(() => status.innerText()).toMatch(/^transcribing 50 %, about \d+ s left$/);
    const left = Number(/about (\d+) s/.exec(await status.innerText())![1]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(30);
    await writeRecording((await findRecording(ids.working))!, { status: 'COMPLETED', changes: { completed_at: new Date().toISOString(), lease_until: null } });
    await poll(() => status.innerText()).toBe('completed');
  });

  it('transcribes again with a most speakers count: the job runs and the page follows it back to completed', { timeout: JOB_BUDGET }, async () => {
    await open(ids.old, 'Old call');
    const before = (await call(`/recordings/${ids.old}/status`, { token })).body.completed_at as string | null;
    // Fewer voices than the last run found: the counts travel with the request and stay on the recording.
    await page.getByLabel('Fewest speakers').fill('3');
    await page.getByLabel('Most speakers').fill('2');
    await page.getByRole('button', { name: 'Transcribe again' }).click();
    await page.getByText('Fewest speakers must not be more than most speakers.').waitFor();
    await page.getByLabel('Fewest speakers').fill('');
    await page.getByRole('button', { name: 'Transcribe again' }).click();
    await page.getByText('Transcription queued').waitFor();
    await poll(async () => {
      const { status, completed_at } = (await call(`/recordings/${ids.old}/status`, { token })).body;
      return status === 'COMPLETED' && completed_at !== null && completed_at !== before;
    }, 120_000).toBe(true);
    await page.locator('.chip.status-completed').waitFor({ timeout: 30_000 });
    expect(await findRecording(ids.old)).toMatchObject({ min_speakers: null, max_speakers: 2 });
  });

  it('deletes the recording after a confirmation given with the keyboard', async () => {
    await page.getByRole('button', { name: 'Delete recording…' }).focus();
    // Where the focus is when the dialog enters the page: the observer's callback runs right
    // after the task that rendered it, before the next paint, when a key could already land.
    await page.evaluate(() => {
      const g = globalThis as any;
      const observer = new g.MutationObserver(() => {
        if (!g.document.querySelector('[role=alertdialog]')) return;
        observer.disconnect();
        g.focusOnArrival = g.document.activeElement.textContent;
      });
      observer.observe(g.document.body, { childList: true, subtree: true });
    });
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await expect(page.evaluate(() => (globalThis as any).focusOnArrival)).resolves.toBe('Keep it');
    await expect(page.evaluate(() => (globalThis as any).document.activeElement.textContent)).resolves.toBe('Keep it');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Recordings', exact: true }).waitFor();
    // Read from the table: this person's reads this minute went to the page (100 a minute).
    expect((await findRecording(ids.old)) ?? null).toBeNull();
  });
});
