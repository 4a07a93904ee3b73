// The transcription job: claim the recording, fetch its audio, run the provider, store the
// segments, and move on to the summary (or finish), each step with its event. A provider whose
// jobs run elsewhere (aws-transcribe) is only started here; its completion event, or a poll
// once the recording's long lease runs out, collects the result (external-jobs.ts).
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { deleteObject, objectSize, putJson, readObject } from '../blob/objects.ts';
import { send, sendLater } from '../queue/jobs.ts';
import { summarizeJob, transcribeJob } from '../queue/messages.ts';
import { settings } from '../config.ts';
import { pricesFor, transcriptionCost } from '../domain/pricing.ts';
import { logger } from '../logger.ts';
import { makeScratch } from '../scratch.ts';
import { transcriber } from '../providers/registry.ts';
import { isExternal, ProviderError, type ExternalJobProvider, type TranscriptionResult } from '../providers/types.ts';
import { publish } from '../recordings/publish.ts';
import { BudgetExceededError, checkTranscriptionBudget } from '../store/budgets.ts';
import { StaleRecordingError, transition, writeRecording } from '../store/recording-writes.ts';
import { findRecording, type Recording } from '../store/recordings.ts';
import { addUsage } from '../store/usage.ts';
import { getUserSettings } from '../store/users.ts';
import { assignNames, carriedNames, type LabelledSegment } from '../domain/speakers.ts';
import { readTranscript } from '../speakers/transcripts.ts';
import { EXTERNAL_JOB_WAIT_SECONDS, externalJobName, recordingOfJob } from './external-jobs.ts';
import { retryOrFail } from './outcome.ts';
import { claim, keepLease } from './lease.ts';
import { progressReporter } from './progress.ts';

/** Works on the recording if it is free at `now`: waiting to start, or its lease run out by then. */
export async function runTranscription(recordingId: number, now = new Date()): Promise<void> {
  const waiting = await findRecording(recordingId);
  // decisions §4: audio gone when the worker starts fails the job without a started event.
  if (waiting?.status === 'PENDING' && !(await audioExists(waiting))) {
    return failTranscription(waiting, 'The audio file is gone').catch(ignoreStale);
  }
  const claimed = await claim(recordingId, 'PROCESSING', 'worker-started', now);
  if (!claimed) return;
  await publish(claimed.events);
  const provider = await transcriber();
  if (isExternal(provider)) {
    // Resumed while its job runs elsewhere (the completion event was lost): ask once.
    return claimed.recording.external_job ? settle(provider, claimed.recording) : startExternal(provider, claimed.recording);
  }
  const lease = keepLease(claimed.recording);
  const started = Date.now();
  try {
    // decisions §4/§9: over budget, PROCESSING → FAILED before any provider call.
    await checkTranscriptionBudget(claimed.recording.user_id);
    const result = usable(await transcribeAudio(claimed.recording, lease.lost, await progressReporter(claimed.recording)));
    lease.stop();
    await finish(lease.current(), result, (Date.now() - started) / 1000);
  } catch (error) {
    lease.stop();
    // Another worker took over: nothing to do.
    if (!lease.lost.aborted) await afterError(lease.current(), error);
  }
}

/** Less decoded audio than this, with nothing heard in it, is no recording (a header and scraps). */
const MIN_AUDIO_SECONDS = 1;

/** The result, unless the file held no usable audio: then a permanent failure saying so. */
function usable(result: TranscriptionResult): TranscriptionResult {
  if (result.segments.length > 0 || result.durationSeconds >= MIN_AUDIO_SECONDS) return result;
  throw new ProviderError(`The file holds no usable audio: ${round(result.durationSeconds)} s could be decoded, less than the ${MIN_AUDIO_SECONDS} s a recording needs`, false);
}

/** A job state change reported for `jobName` (a Transcribe event on the transcribe queue). */
export async function completeExternalJob(jobName: string): Promise<void> {
  const id = recordingOfJob(jobName, settings().asr.jobPrefix);
  const provider = await transcriber();
  if (id === undefined || !isExternal(provider)) return logger.warn('a job state change that is not ours', { job: jobName });
  const recording = await findRecording(id);
  // Done, deleted, or waiting for a later job of the same recording: a stale event.
  if (recording?.status !== 'PROCESSING' || recording.external_job !== jobName) return;
  // Take the recording from its long wait; duplicates of the event are harmless (transitions check status).
  const lease = new Date(Date.now() + settings().jobs.leaseSeconds * 1000).toISOString();
  const taken = await writeRecording(recording, { changes: { lease_until: lease }, checkLease: true }).catch(ignoreStale);
  if (taken) await settle(provider, taken.recording);
}

async function startExternal(provider: ExternalJobProvider, recording: Recording): Promise<void> {
  const job = { name: externalJobName(recording, settings().asr.jobPrefix), recordingId: recording.id };
  try {
    await checkTranscriptionBudget(recording.user_id);
    const user = await getUserSettings(recording.user_id);
    await provider.start(job, {
      audioKey: recording.audio_key!,
      mimeType: recording.mime_type,
      language: recording.language ?? user.language ?? undefined,
      maxSpeakers: recording.max_speakers ?? undefined,
    });
    await waitFor(recording, job.name);
  } catch (error) {
    await afterError(recording, error);
  }
}

/** Asks the provider about the recording's job, and finishes, fails or waits on. */
async function settle(provider: ExternalJobProvider, recording: Recording): Promise<void> {
  const lease = keepLease(recording);
  try {
    const state = await provider.collect({ name: recording.external_job!, recordingId: recording.id }, lease.lost);
    lease.stop();
    if (state.status === 'IN_PROGRESS') await waitFor(lease.current(), recording.external_job!);
    else if (state.status === 'FAILED') await failTranscription(lease.current(), state.reason);
    else await finish(lease.current(), state.result, state.seconds);
  } catch (error) {
    lease.stop();
    if (!lease.lost.aborted) await afterError(lease.current(), error);
  }
}

/** Holds the recording PROCESSING for its external job, long enough that the sweep leaves it be. */
async function waitFor(recording: Recording, jobName: string): Promise<void> {
  const until = new Date(Date.now() + EXTERNAL_JOB_WAIT_SECONDS * 1000).toISOString();
  await writeRecording(recording, { changes: { external_job: jobName, lease_until: until }, checkLease: true });
}

async function afterError(recording: Recording, error: unknown): Promise<void> {
  // The recording changed or went meanwhile: nothing to do.
  if (error instanceof StaleRecordingError) return;
  if (error instanceof BudgetExceededError) return failTranscription(recording, error.message).catch(ignoreStale);
  logger.warn('transcription attempt failed', { recording_id: recording.id, error });
  const requeue = (delay: number) => sendLater('transcribe', transcribeJob(recording.id), delay);
  await retryOrFail(recording, error, { what: 'Transcription', requeue }, (message) => failTranscription(recording, message));
}

async function transcribeAudio(recording: Recording, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<TranscriptionResult> {
  const dir = await makeScratch('job');
  try {
    const audioPath = join(dir, 'audio');
    const { body } = await readObject('audio/', recording.audio_key!);
    await pipeline(body, createWriteStream(audioPath));
    const user = await getUserSettings(recording.user_id);
    return await (await transcriber()).transcribe({
      audioPath,
      mimeType: recording.mime_type,
      language: recording.language ?? user.language ?? undefined,
      minSpeakers: recording.min_speakers ?? undefined,
      maxSpeakers: recording.max_speakers ?? undefined,
      signal,
      onProgress,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A recording transcribed again keeps the names given to its voices (carriedNames: by when each
 * spoke), so "Transcribe again" does not undo the naming, and the summary written next uses them.
 */
async function withNamesKept(recording: Recording, segments: readonly LabelledSegment[]): Promise<readonly LabelledSegment[]> {
  const before = await readTranscript(recording.transcript_key);
  const names = before ? carriedNames(before.segments, segments) : {};
  return Object.keys(names).length > 0 ? assignNames(segments, names) : segments;
}

async function finish(recording: Recording, result: TranscriptionResult, seconds: number): Promise<void> {
  const transcriptKey = `transcripts/${recording.id}.json`;
  const segments = await withNamesKept(recording, result.segments);
  await putJson('transcripts/', transcriptKey, { segments, language: result.language, engine: result.engine, speaker_embeddings: result.speakerEmbeddings ?? {} });
  const summarize = (await getUserSettings(recording.user_id)).auto_summarize;
  const now = new Date();
  const changes = {
    transcript_key: transcriptKey,
    transcription_engine: result.engine,
    language: result.language,
    audio_duration_seconds: round(result.durationSeconds),
    transcription_duration_seconds: round(seconds),
    error_message: null,
    attempt: 0,
    lease_until: null,
    ...(recording.external_job && { external_job: null }),
    ...(summarize ? { summary_prompt: null } : { completed_at: now.toISOString() }),
  };
  const { events } = await transition(recording, summarize ? 'transcript-stored-summarize' : 'transcript-stored-done', { changes, now }).catch(async (error: unknown) => {
    // Deleted while it was being transcribed: the transcript must not outlive it.
    if (error instanceof StaleRecordingError && !(await findRecording(recording.id))) await deleteObject('transcripts/', transcriptKey);
    throw error;
  });
  await addUsage(recording.user_id, { transcription_seconds: round(result.durationSeconds), transcriptions: 1, estimated_cost: costOf(result.durationSeconds) }, now);
  // The dashboard's stage durations and ASR minutes come from this line.
  logger.info('transcription done', { recording_id: recording.id, duration_seconds: round(seconds), audio_seconds: round(result.durationSeconds), engine: result.engine });
  await publish(events, summarize ? () => send('summarize', summarizeJob(recording.id)) : undefined);
}

async function failTranscription(recording: Recording, message: string): Promise<void> {
  const trigger = recording.status === 'PENDING' ? 'audio-missing' : 'transcription-failed';
  const { events } = await transition(recording, trigger, { changes: { error_message: message, lease_until: null, ...(recording.external_job && { external_job: null }) } });
  await publish(events);
}

/** Priced by the configured provider and model; a broken PRICE_TABLE costs the estimate, not the transcript. */
function costOf(seconds: number): number {
  const s = settings();
  try {
    return transcriptionCost(s.asrProvider, s.asr.model, seconds, pricesFor(s.priceTable));
  } catch (error) {
    logger.error('no transcription cost recorded', { error });
    return 0;
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;

const audioExists = async (r: Recording) => r.audio_key !== null && (await objectSize('audio/', r.audio_key)) !== undefined;

function ignoreStale(error: unknown): undefined {
  if (!(error instanceof StaleRecordingError)) throw error;
  return undefined;
}
