// What the chaos suite found, reproduced on purpose so it stays fixed: the state a SIGKILL
// leaves at the wrong moment is written directly, then the service must recover from it on its
// own (the pipeline is under test: instant providers, fast sweeps).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand, UpdateCommand } from '#shared/clients/dynamodb.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { putJson } from '#shared/blob/objects.ts';
import { dynamo, resetClients } from '#shared/clients.ts';
import { reloadSettings } from '#shared/config.ts';
import { createRecording, transition } from '#shared/store/recording-writes.ts';
import { findRecording } from '#shared/store/recordings.ts';
import { tableName } from '#shared/store/table.ts';
import { createDelivery } from '#shared/store/deliveries.ts';
import { envelope } from '#shared/webhooks/envelope.ts';
import { newDelivery } from '#shared/store/deliveries.ts';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';
import { startReceiver, waitUntil, type Receiver } from '../support/receiver.ts';
import { upload } from '../support/uploads.ts';
import { distinctWav, sleep } from './chaos-support.ts';
import { sharedFakeProviderSettings } from '../support/fake-openai.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-crash-windows-'));
let runtime: LocalProcess;
let token: string;
let receiver: Receiver | undefined;

beforeAll(async () => {
  runtime = await startLocalProcess(dataDir, {
    LOCAL_IN_MEMORY: 'true',
    LOG_LEVEL: 'SILENT',
    ...(await sharedFakeProviderSettings()),
    SWEEP_INTERVAL_SECONDS: '1',
    JOB_REQUEUE_AFTER_SECONDS: '10',
    RATE_LIMIT_PROCESSING_PER_MINUTE: '0',
    WEBHOOK_INTRANET_HOST_ALLOWLIST: '127\\.0\\.0\\.1',
    WEBHOOK_DELIVERY_TIMEOUT_SECONDS: '5',
  });
  token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
  // This worker writes the crash states into the runtime's own store.
  Object.assign(process.env, runtime.runtime.env);
  reloadSettings();
  resetClients();
});

afterAll(async () => {
  await runtime?.stop();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function statusWithin(id: number, status: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  let current = (await findRecording(id))?.status;
  while (current !== status && Date.now() < deadline) {
    await sleep(250);
    current = (await findRecording(id))?.status;
  }
  return current;
}

describe('a crash between committing a step and sending its job', () => {
  it('still completes a recording whose summary job was never sent', async () => {
    const { recording } = await createRecording({
      userId: 1, title: 'summary job lost', meetingDate: new Date().toISOString(), fileSize: 32044, originalFilename: 'lost.wav',
      mimeType: 'audio/wav', notes: '', language: null, minSpeakers: null, maxSpeakers: null, tagIds: [], audioKey: 'audio/1/none', sha256: 'f'.repeat(64),
    });
    const transcriptKey = `transcripts/${recording.id}.json`;
    await putJson('transcripts/', transcriptKey, { segments: [{ speaker: 'SPEAKER_00', sentence: 'This is a fixed transcript.', start_time: 0, end_time: 2, words: [] }], language: 'en', engine: 'test' });
    // What the transcription job commits when it finishes; the runtime dies before `publish`.
    const started = await transition(recording, 'worker-started', { changes: { lease_until: new Date(Date.now() + 60_000).toISOString(), attempt: 1 } });
    await transition(started.recording, 'transcript-stored-summarize', { changes: { transcript_key: transcriptKey, lease_until: null, attempt: 0 } });
    expect((await findRecording(recording.id))?.status).toBe('SUMMARIZING');
    // The sweep must notice the summary nobody was asked to do (JOB_REQUEUE_AFTER_SECONDS=10).
    expect(await statusWithin(recording.id, 'COMPLETED', 30_000)).toBe('COMPLETED');
  }, 45_000);
});

describe('a crash between creating an uploaded recording and saving the idempotent answer', () => {
  it('answers the retry with the first recording instead of making a second', async () => {
    const file = { name: 'keyed.wav', bytes: distinctWav(99) };
    const key = { 'Idempotency-Key': `crash-window-${Date.now()}` };
    const first = await upload(token, file, {}, key, runtime.runtime.url);
    expect(first.status).toBe(202);
    // What a SIGKILL right after the commit leaves: the key's record still in progress, with
    // its in-progress window (the request's timeout) over.
    const { Items } = await dynamo().send(new ScanCommand({ TableName: tableName(), FilterExpression: 'begins_with(PK, :p)', ExpressionAttributeValues: { ':p': 'IDEMPOTENCY#' } }));
    // Keys are scoped to the user, not the route; this is the only keyed request of this runtime.
    const records = Items ?? [];
    expect(records).toHaveLength(1);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: records[0]!.PK, SK: records[0]!.SK },
        UpdateExpression: 'SET #status = :inprogress, in_progress_expiration = :past REMOVE #data',
        ExpressionAttributeNames: { '#status': 'status', '#data': 'data' },
        ExpressionAttributeValues: { ':inprogress': 'INPROGRESS', ':past': Date.now() - 1000 },
      }),
    );

    const retry = await upload(token, file, {}, key, runtime.runtime.url);
    expect(retry.status).toBe(202);
    expect(retry.body.id).toBe(first.body.id);
    const list = await fetch(`${runtime.runtime.url}/api/v1/recordings?per_page=100`, { headers: { authorization: `Bearer ${token}` } });
    const named = ((await list.json()) as { recordings: { original_filename: string }[] }).recordings.filter((r) => r.original_filename === 'keyed.wav');
    expect(named).toHaveLength(1);
  }, 30_000);
});

describe('a delivery the sweep finds overdue (its message was lost in a crash)', () => {
  it('is queued again once per grace period, not once per sweep', async () => {
    // Each attempt takes 3 s; the sweep runs every second; the grace is the timeout + 5 s.
    receiver = await startReceiver(() => ({ status: 200, delayMs: 3_000 }));
    const created = await fetch(`${runtime.runtime.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'overdue', url: receiver.url, events: ['recording.updated'], allow_http: true }),
    });
    expect(created.status).toBe(201);
    const webhook = (await created.json()) as { id: number };
    // What a crash leaves: the delivery recorded long ago, its message gone.
    const id = randomUUID();
    const event = { type: 'recording.updated' as const, timestamp: new Date().toISOString(), user_id: 1, data: { recording_id: 0 } };
    const due = new Date(Date.now() - 60_000);
    expect(await createDelivery(newDelivery({ id, webhookId: webhook.id, userId: 1, eventId: randomUUID(), eventType: event.type, payload: envelope(id, event), now: due }))).toBe(true);
    await waitUntil(() => receiver!.received.length >= 1, 20_000, 'the overdue delivery');
    // While that attempt is under way, later sweeps must not send more copies of it.
    await sleep(6_000);
    expect(receiver.received.length).toBe(1);
  }, 45_000);
});
