// The whole pipeline as a user meets it: a two-voice meeting made with flite, uploaded over
// HTTP, transcribed by the embedded engine, summarised, and read back in every format.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordingEvents } from '#shared/store/outbox.ts';
import { call, newUser } from '../support/api.ts';
import { makeMeeting, scriptText, wordErrorRate, type Meeting } from '../support/speech.ts';
import { upload, waitForStatus } from '../support/uploads.ts';

interface Cue {
  startTime: number;
  endTime: number;
  text: string;
}
const { parseText } = (await import('media-captions')) as unknown as {
  parseText(text: string, options: { type: 'srt' | 'vtt'; strict: boolean }): Promise<{ cues: Cue[]; errors: unknown[] }>;
};

let meeting: Meeting;
let token: string;
let id: number;
let seconds: number;

beforeAll(async () => {
  meeting = await makeMeeting(mkdtempSync(join(tmpdir(), 'verbatim-meeting-')));
  ({ token } = await newUser());
  const started = Date.now();
  const uploaded = await upload(token, meeting.path, { meeting_date: '2026-11-19T10:00:00Z' });
  expect(uploaded.status).toBe(202);
  id = uploaded.body.id;
  await waitForStatus(id, ['COMPLETED', 'FAILED'], 60_000);
  seconds = (Date.now() - started) / 1000;
}, 120_000);

describe('a two-speaker meeting through the pipeline', () => {
  it('reaches COMPLETED within a minute', async () => {
    const status = await call(`/recordings/${id}/status`, { token });
    expect(status.body).toMatchObject({ id, status: 'COMPLETED', queue_position: null, error_message: null });
    console.log(`flite meeting (${meeting.durationSeconds.toFixed(1)} s of audio) completed in ${seconds.toFixed(1)} s`);
  });

  it('transcribes the script with a word error rate of at most 30 %', async () => {
    const transcript = await call(`/recordings/${id}/transcript?format=json`, { token });
    const hypothesis = transcript.body.segments.map((s: { sentence: string }) => s.sentence).join(' ');
    const wer = wordErrorRate(scriptText(meeting.script), hypothesis);
    console.log(`word error rate ${(wer * 100).toFixed(1)} %`);
    expect(wer).toBeLessThanOrEqual(0.3);
    for (const segment of transcript.body.segments) expect(segment.words.length).toBeGreaterThan(0);
  });

  it('serves SRT and VTT that a third-party parser reads, with increasing cue times', async () => {
    for (const format of ['srt', 'vtt'] as const) {
      const { body } = await call(`/recordings/${id}/transcript?format=${format}`, { token });
      const parsed = await parseText(body.content, { type: format, strict: true });
      expect(parsed.errors, format).toEqual([]);
      expect(parsed.cues.length, format).toBeGreaterThan(3);
      parsed.cues.forEach((cue, i) => {
        expect(cue.endTime).toBeGreaterThan(cue.startTime);
        if (i > 0) expect(cue.startTime).toBeGreaterThanOrEqual(parsed.cues[i - 1]!.startTime);
      });
    }
  });

  it('writes a Markdown summary that carries the action item', async () => {
    const { body } = await call(`/recordings/${id}/summary`, { token });
    expect(body.has_summary).toBe(true);
    expect(body.summary).toMatch(/^## /m);
    expect(body.summary).toMatch(/## Action items[\s\S]*john/i);
  });

  it('says the transcript is a rough machine transcript', async () => {
    const { body } = await call(`/recordings/${id}`, { token });
    expect(body.transcription_engine).toMatch(/rough machine transcript/);
    expect(body.transcription).toMatch(/^\[SPEAKER_\d\d\]: /);
  });

  it('records created, transcription started and completed, and summary completed, in order', async () => {
    const types = (await recordingEvents(id)).map((e) => e.type);
    expect(types.slice(0, 4)).toEqual(['recording.created', 'recording.transcription.started', 'recording.transcription.completed', 'recording.summary.completed']);
  });

  it('adds recording.updated on PATCH and recording.deleted on DELETE', async () => {
    expect((await call(`/recordings/${id}`, { method: 'PATCH', token, body: { title: 'Planning meeting' } })).status).toBe(200);
    expect((await call(`/recordings/${id}`, { method: 'DELETE', token })).status).toBe(200);
    const events = await recordingEvents(id);
    expect(events.slice(-2).map((e) => [e.type, e.data.fields_changed])).toEqual([
      ['recording.updated', ['title']],
      ['recording.deleted', undefined],
    ]);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });
});
