// ASR_PROVIDER=aws-transcribe through the pipeline: @aws-sdk/client-transcribe pointed at a fake
// Transcribe JSON 1.1 API (127.0.0.1), the result JSON in the stack's S3 bucket, and completion
// arriving as the EventBridge "Transcribe Job State Change" event on the transcribe queue.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../functions/workers/transcribe.ts';
import { getJson, putJson } from '#shared/blob/objects.ts';
import { testS3 } from '../support/s3.ts';
import { reloadSettings, settings } from '#shared/config.ts';
import { runTranscription } from '#shared/pipeline/transcribe.ts';
import { createRecording, deleteRecordingItems } from '#shared/store/recording-writes.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { recordingEvents } from '#shared/store/outbox.ts';
import { createUser, updateUserSettings } from '#shared/store/users.ts';

interface Call { target: string; body: Record<string, unknown> }
type Answer = { status?: number; error?: string; json?: unknown };

const ENV = ['ASR_PROVIDER', 'AWS_ENDPOINT_URL_TRANSCRIBE'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
const calls: Call[] = [];
let answer: (call: Call) => Answer = () => ({ status: 500, error: 'InternalFailureException' });
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call = { target: String(req.headers['x-amz-target']), body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> };
      calls.push(call);
      const a = answer(call);
      const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() };
      if (a.error) headers['x-amzn-errortype'] = a.error;
      res.writeHead(a.status ?? 200, headers);
      res.end(JSON.stringify(a.error ? { __type: a.error, Message: `${a.error} from the fake` } : a.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.AWS_ENDPOINT_URL_TRANSCRIBE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.ASR_PROVIDER = 'aws-transcribe';
  reloadSettings();
});
beforeEach(() => void calls.splice(0));
afterAll(async () => {
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  reloadSettings();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** GetTranscriptionJob's answer, as the API reference shows it (times in epoch seconds). */
const job = (name: string, status: string, extra: Record<string, unknown> = {}) => ({
  TranscriptionJob: {
    TranscriptionJobName: name, TranscriptionJobStatus: status, LanguageCode: 'en-US', MediaFormat: 'wav',
    Media: { MediaFileUri: `s3://${settings().bucketName}/audio/x` },
    CreationTime: 1700000000, StartTime: 1700000001.5, ...(status === 'COMPLETED' && { CompletionTime: 1700000031.5 }),
    Transcript: status === 'COMPLETED' ? { TranscriptFileUri: `https://s3.us-east-1.amazonaws.com/${settings().bucketName}/transcribe/${name}.json` } : {},
    Settings: { ShowSpeakerLabels: true, MaxSpeakerLabels: 10, ChannelIdentification: false, ShowAlternatives: false },
    ...extra,
  },
});

const result = (jobName: string) => ({
  jobName, accountId: '111122223333', status: 'COMPLETED',
  results: {
    transcripts: [{ transcript: 'Good morning. Morning!' }],
    speaker_labels: { channel_label: 'ch_0', speakers: 2, segments: [] },
    items: [
      { id: 0, start_time: '0.5', end_time: '0.9', speaker_label: 'spk_0', alternatives: [{ confidence: '0.99', content: 'Good' }], type: 'pronunciation' },
      { id: 1, start_time: '0.9', end_time: '1.4', speaker_label: 'spk_0', alternatives: [{ confidence: '0.97', content: 'morning' }], type: 'pronunciation' },
      { id: 2, speaker_label: 'spk_0', alternatives: [{ confidence: '0.0', content: '.' }], type: 'punctuation' },
      { id: 3, start_time: '1.8', end_time: '2.3', speaker_label: 'spk_1', alternatives: [{ confidence: '0.9', content: 'Morning' }], type: 'pronunciation' },
      { id: 4, speaker_label: 'spk_1', alternatives: [{ confidence: '0.0', content: '!' }], type: 'punctuation' },
    ],
  },
});

const stateChange = (name: string, status: 'COMPLETED' | 'FAILED'): SQSEvent => ({
  Records: [{
    messageId: randomUUID(), receiptHandle: 'r', attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()), SenderId: 'AROAEXAMPLE', ApproximateFirstReceiveTimestamp: String(Date.now()) }, messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:verbatim-transcribe', awsRegion: 'us-east-1',
    body: JSON.stringify({
      version: '0', id: randomUUID(), 'detail-type': 'Transcribe Job State Change', source: 'aws.transcribe', account: '111122223333',
      time: new Date().toISOString(), region: 'us-east-1', resources: [], detail: { TranscriptionJobName: name, TranscriptionJobStatus: status },
    }),
  }],
});

async function recordingWithAudio(options: { language?: string; maxSpeakers?: number } = {}) {
  const user = await createUser({ email: `${randomUUID()}@example.test` });
  await updateUserSettings(user.id, { auto_summarize: false });
  const audioKey = `audio/${user.id}/${randomUUID()}`;
  await testS3().send(new PutObjectCommand({ Bucket: settings().bucketName, Key: audioKey, Body: new Uint8Array(64) }));
  const { recording } = await createRecording({
    userId: user.id, title: 't', meetingDate: new Date().toISOString(), fileSize: 64, originalFilename: 't.mp3', mimeType: 'audio/mpeg',
    notes: '', language: options.language ?? null, minSpeakers: null, maxSpeakers: options.maxSpeakers ?? null, tagIds: [], audioKey, sha256: randomUUID(),
  });
  return recording;
}

/** Runs the transcription job up to the started Transcribe job; returns the job's name. */
async function started(options?: Parameters<typeof recordingWithAudio>[0]) {
  const recording = await recordingWithAudio(options);
  answer = (c) => ({ json: job(String(c.body.TranscriptionJobName), 'IN_PROGRESS') });
  await runTranscription(recording.id);
  const start = calls.find((c) => c.target === 'Transcribe.StartTranscriptionJob');
  return { recording, start, name: String(start?.body.TranscriptionJobName) };
}

const types = async (id: number) => (await recordingEvents(id)).map((e) => e.type);

describe('aws-transcribe', () => {
  it('starts a job on the S3 object with speaker labels and leaves the recording waiting for it', async () => {
    const { recording, start, name } = await started();
    expect(start?.body).toEqual({
      TranscriptionJobName: name,
      Media: { MediaFileUri: `s3://${settings().bucketName}/${recording.audio_key}` },
      MediaFormat: 'mp3',
      OutputBucketName: settings().bucketName,
      OutputKey: `transcribe/${recording.id}/`,
      IdentifyLanguage: true,
      Settings: { ShowSpeakerLabels: true, MaxSpeakerLabels: 10 },
    });
    expect(name).toMatch(new RegExp(`^verbatim-${recording.id}-1-\\d+$`));
    const after = await findRecording(recording.id);
    expect(after).toMatchObject({ status: 'PROCESSING', external_job: name, error_message: null });
    expect(Date.parse(after!.lease_until!) - Date.now()).toBeGreaterThan(3.9 * 3600_000);
    expect(await types(recording.id)).toEqual(['recording.created', 'recording.transcription.started']);
  });

  it('maps the language and the speaker count into the job settings', async () => {
    const { start } = await started({ language: 'de', maxSpeakers: 3 });
    expect(start?.body).toMatchObject({ LanguageCode: 'de-DE', Settings: { ShowSpeakerLabels: true, MaxSpeakerLabels: 3 } });
    expect(start?.body.IdentifyLanguage).toBeUndefined();
  });

  it('stores the converted segments when the completion event arrives', async () => {
    const { recording, name } = await started();
    await putJson('transcribe/', `transcribe/${recording.id}/${name}.json`, result(name));
    answer = (c) => ({ json: job(String(c.body.TranscriptionJobName), 'COMPLETED') });
    expect(await handler(stateChange(name, 'COMPLETED'))).toEqual({ batchItemFailures: [] });
    expect(calls.map((c) => c.target)).toEqual(['Transcribe.StartTranscriptionJob', 'Transcribe.GetTranscriptionJob']);
    expect(calls[1]!.body).toEqual({ TranscriptionJobName: name });
    const after = await findRecording(recording.id);
    expect(after).toMatchObject({ status: 'COMPLETED', external_job: null, transcription_engine: 'amazon-transcribe', language: 'en', audio_duration_seconds: 2.3, transcription_duration_seconds: 30, lease_until: null });
    const transcript = await getJson<{ segments: { speaker: string; sentence: string; words: unknown[] }[] }>('transcripts/', after!.transcript_key!);
    expect(transcript.segments.map((s) => [s.speaker, s.sentence, s.words.length])).toEqual([['SPEAKER_00', 'Good morning.', 2], ['SPEAKER_01', 'Morning!', 1]]);
    expect(await types(recording.id)).toEqual(['recording.created', 'recording.transcription.started', 'recording.transcription.completed']);

    // A repeat of the event, or one for a job that is not the recording's, changes nothing.
    calls.splice(0);
    await handler(stateChange(name, 'COMPLETED'));
    await handler(stateChange(`verbatim-${recording.id}-9-9`, 'COMPLETED'));
    await handler(stateChange('someone-elses-job', 'COMPLETED'));
    expect(calls).toEqual([]);
    expect(await types(recording.id)).toHaveLength(3);
  });

  it('fails the recording with the reason of a failed job, without retrying', async () => {
    const { recording, name } = await started();
    const reason = "The media format that you specified doesn't match the detected media format. Check the media format and try your request again.";
    answer = (c) => ({ json: job(String(c.body.TranscriptionJobName), 'FAILED', { FailureReason: reason }) });
    await handler(stateChange(name, 'FAILED'));
    expect(await findRecording(recording.id)).toMatchObject({ status: 'FAILED', error_message: reason, external_job: null, transcript_key: null });
    expect(await types(recording.id)).toEqual(['recording.created', 'recording.transcription.started', 'recording.transcription.failed']);
  });

  it('asks once instead of starting again when resumed after a lost event, and waits on', async () => {
    const { recording, name } = await started();
    const waiting = (await findRecording(recording.id))!;
    // The long lease ran out without an event: a worker looks just after it ends. Its clock moves
    // on, not the stored lease: a lease moved into the past is the shared stack's sweep's to take too.
    const after = (lease: string | null) => new Date(Date.parse(lease!) + 1000);
    calls.splice(0);
    await runTranscription(recording.id, after(waiting.lease_until));
    expect(calls.map((c) => [c.target, c.body.TranscriptionJobName])).toEqual([['Transcribe.GetTranscriptionJob', name]]);
    const waitingOn = await findRecording(recording.id);
    expect(waitingOn).toMatchObject({ status: 'PROCESSING', external_job: name });
    expect(Date.parse(waitingOn!.lease_until!) - Date.now()).toBeGreaterThan(3.9 * 3600_000);

    // Then the job is done by the next look.
    await putJson('transcribe/', `transcribe/${recording.id}/${name}.json`, result(name));
    answer = (c) => ({ json: job(String(c.body.TranscriptionJobName), 'COMPLETED') });
    await runTranscription(recording.id, after(waitingOn!.lease_until));
    expect(await findRecording(recording.id)).toMatchObject({ status: 'COMPLETED', external_job: null });
  });

  it('retries when Transcribe is over its limit, and fails at once on a bad request', async () => {
    const busy = await recordingWithAudio();
    answer = () => ({ status: 400, error: 'LimitExceededException' });
    await runTranscription(busy.id);
    const retrying = await findRecording(busy.id);
    expect(retrying).toMatchObject({ status: 'PROCESSING', error_message: null });
    expect(retrying?.external_job ?? null).toBeNull();
    const due = Date.parse(retrying!.lease_until!) - Date.now();
    expect(due).toBeGreaterThan(settings().jobs.retryDelaysSeconds[0]! * 1000 - 2000);
    expect(due).toBeLessThan(settings().jobs.retryDelaysSeconds[0]! * 1000 + 1000);
    // The retry message goes to the shared stack's own worker (another provider): not ours to run.
    await deleteRecordingItems(retrying!);

    const refused = await recordingWithAudio();
    answer = () => ({ status: 400, error: 'BadRequestException' });
    await runTranscription(refused.id);
    expect(await findRecording(refused.id)).toMatchObject({ status: 'FAILED', error_message: 'Amazon Transcribe refused the job as invalid (BadRequestException)' });
  });
});
