import { randomUUID } from 'node:crypto';
import { GetScheduleCommand, ListSchedulesCommand } from '@aws-sdk/client-scheduler';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { testS3 } from '../support/s3.ts';
import { schedulerClient } from '#shared/clients/scheduler.ts';
import { settings } from '#shared/config.ts';
import { retryOrFail } from '#shared/pipeline/outcome.ts';
import { runTranscription } from '#shared/pipeline/transcribe.ts';
import { ProviderError } from '#shared/providers/types.ts';
import { send, sendLater } from '#shared/queue/jobs.ts';
import { createRecording, transition, writeRecording } from '#shared/store/recording-writes.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { recordingEvents } from '#shared/store/outbox.ts';
import { createUser } from '#shared/store/users.ts';
import { wavHeader } from '../support/wav.ts';

async function recordingWithAudio(bytes: Uint8Array | null) {
  const user = await createUser({ email: `${randomUUID()}@example.test` });
  const audioKey = `audio/${user.id}/${randomUUID()}`;
  if (bytes) await testS3().send(new PutObjectCommand({ Bucket: settings().bucketName, Key: audioKey, Body: bytes }));
  const { recording } = await createRecording({
    userId: user.id, title: 't', meetingDate: new Date().toISOString(), fileSize: bytes?.length ?? 0, originalFilename: 't.wav', mimeType: 'audio/wav',
    notes: '', language: null, minSpeakers: null, maxSpeakers: null, tagIds: [], audioKey, sha256: randomUUID(),
  });
  return recording;
}

const types = async (id: number) => (await recordingEvents(id)).map((e) => e.type);

describe('when transcription cannot succeed', () => {
  it('fails a recording whose audio is gone without ever starting it', async () => {
    const recording = await recordingWithAudio(null);
    await runTranscription(recording.id);
    expect(await findRecording(recording.id)).toMatchObject({ status: 'FAILED', error_message: 'The audio file is gone' });
    expect(await types(recording.id)).toEqual(['recording.created', 'recording.transcription.failed']);
    expect((await recordingEvents(recording.id))[1]?.data.error).toBe('The audio file is gone');
  });

  it('fails undecodable audio at once, with the reason and the failed event, and no summary', async () => {
    const broken = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVEfmt garbage that no decoder will accept');
    const recording = await recordingWithAudio(broken);
    await runTranscription(recording.id);
    const after = await findRecording(recording.id);
    expect(after).toMatchObject({ status: 'FAILED', transcript_key: null, has_summary: false });
    expect(after?.error_message).toMatch(/decoded/);
    expect(await types(recording.id)).toEqual(['recording.created', 'recording.transcription.started', 'recording.transcription.failed']);
  }, 60_000);

  it('fails a file with less than a second of decodable audio and nothing heard, saying so', async () => {
    // A header claiming 4 GB over 2 KB of samples: decoders read the 0.06 s that is there.
    const scraps = Buffer.concat([wavHeader(0xffffffff), Buffer.alloc(2048)]);
    const recording = await recordingWithAudio(scraps);
    await runTranscription(recording.id);
    const after = await findRecording(recording.id);
    expect(after).toMatchObject({ status: 'FAILED', transcript_key: null });
    expect(after?.error_message).toMatch(/^The file holds no usable audio: 0\.06\d* s could be decoded/);
  }, 60_000);

  it('a duplicate message for a recording already done changes nothing', async () => {
    const recording = await recordingWithAudio(null);
    await runTranscription(recording.id);
    await runTranscription(recording.id);
    expect(await types(recording.id)).toEqual(['recording.created', 'recording.transcription.failed']);
  });
});

describe('retrying transient trouble', () => {
  it('keeps the recording PROCESSING and lets its lease run out when the retry is due', async () => {
    const created = await recordingWithAudio(null);
    const { recording } = await transition(created, 'worker-started', { changes: { attempt: 1, lease_until: new Date(Date.now() + 60_000).toISOString() } });
    const failed: string[] = [];
    const requeued: number[] = [];
    const step = { what: 'Transcription' as const, requeue: async (delay: number) => void requeued.push(delay) };
    await retryOrFail(recording, new ProviderError('The engine is busy', true), step, async (m) => void failed.push(m));
    const after = await findRecording(recording.id);
    expect(failed).toEqual([]);
    expect(requeued).toEqual([settings().jobs.retryDelaysSeconds[0]]);
    expect(after?.status).toBe('PROCESSING');
    const due = Date.parse(after!.lease_until!) - Date.now();
    expect(due).toBeGreaterThan(settings().jobs.retryDelaysSeconds[0]! * 1000 - 2000);
    expect(due).toBeLessThan(settings().jobs.retryDelaysSeconds[0]! * 1000 + 1000);
  });

  it('fails for good once the attempts are used up', async () => {
    const created = await recordingWithAudio(null);
    const { recording } = await transition(created, 'worker-started', { changes: { lease_until: new Date().toISOString() } });
    const exhausted = (await writeRecording(recording, { changes: { attempt: settings().jobs.maxAttempts } })).recording;
    const failed: string[] = [];
    const step = { what: 'Transcription' as const, requeue: () => Promise.reject(new Error('no retry was due')) };
    await retryOrFail(exhausted, new ProviderError('The engine is busy', true), step, async (m) => void failed.push(m));
    expect(failed).toEqual([`The engine is busy (gave up after ${settings().jobs.maxAttempts} attempts)`]);
  });

  it('sends a delay beyond 15 minutes through a one-time schedule that deletes itself', async () => {
    const marker = randomUUID();
    await expect(send('transcribe', { recording_id: 0, job: 'transcribe', marker }, 3600)).rejects.toThrow(/use sendLater/);
    await sendLater('transcribe', { recording_id: 0, job: 'transcribe', marker }, 3600);
    const { Schedules = [] } = await schedulerClient().send(new ListSchedulesCommand({ GroupName: settings().scheduleGroup }));
    const details = await Promise.all(Schedules.map((s) => schedulerClient().send(new GetScheduleCommand({ Name: s.Name, GroupName: settings().scheduleGroup }))));
    const ours = details.find((d) => d.Target?.Input?.includes(marker));
    expect(ours).toMatchObject({ ActionAfterCompletion: 'DELETE', ScheduleExpressionTimezone: 'UTC' });
    expect(ours?.ScheduleExpression).toMatch(/^at\(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\)$/);
    expect(ours?.Target?.Arn).toMatch(/:verbatim-transcribe$/);
  });
});
