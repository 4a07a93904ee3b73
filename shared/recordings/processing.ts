// Asking for the pipeline again: a new transcription or a new summary (decisions §4). Both
// are refused while work is queued or running, and both queue their job once committed.
import { settings } from '../config.ts';
import { BadRequestError, ConflictError, ValidationError } from '../domain/errors.ts';
import { isBusy, type RecordingStatus } from '../domain/recordings/status.ts';
import { transcriptionRefusal } from '../providers/capabilities.ts';
import type { TranscribeOptions } from '../http/recording-schemas.ts';
import { transition } from '../store/recording-writes.ts';
import { getOwnedRecording, type Recording } from '../store/recordings.ts';
import { retryOnStale } from './edit.ts';
import { publish } from './publish.ts';
import { send } from '../queue/jobs.ts';
import { summarizeJob, transcribeJob } from '../queue/messages.ts';

export interface Queued {
  readonly success: true;
  readonly id: number;
  readonly status: RecordingStatus;
  readonly message: string;
}

function refuseWhileBusy(recording: Recording): void {
  if (isBusy(recording.status)) throw new ConflictError(`The recording is ${recording.status}; wait until it is COMPLETED or FAILED`);
}

/** Options left out keep their stored value; null clears one. */
function optionChanges(options: TranscribeOptions): Partial<Recording> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<Recording>;
}

export async function requestTranscription(userId: number, id: number, options: TranscribeOptions = {}): Promise<Queued> {
  const refusal = transcriptionRefusal(settings(), { language: options.language });
  if (refusal) throw new ValidationError(`The request asks for what the speech engine cannot do: ${refusal}`, [{ path: 'language', message: refusal }]);
  return retryOnStale(async () => {
    const recording = await getOwnedRecording(id, userId);
    refuseWhileBusy(recording);
    if (!recording.audio_key) throw new BadRequestError('Audio has been deleted; it cannot be transcribed again');
    const changes = { ...optionChanges(options), error_message: null, attempt: 0, lease_until: null };
    const { events } = await transition(recording, 'transcribe-requested', { changes });
    await publish(events, () => send('transcribe', transcribeJob(id)));
    return { success: true, id, status: 'PENDING', message: 'Transcription queued' };
  });
}

export async function requestSummary(userId: number, id: number, customPrompt?: string): Promise<Queued> {
  return retryOnStale(async () => {
    const recording = await getOwnedRecording(id, userId);
    if (!recording.transcript_key) throw new BadRequestError('No transcription available to summarize');
    refuseWhileBusy(recording);
    const changes = { summary_prompt: customPrompt ?? null, error_message: null, attempt: 0, lease_until: null };
    const { events } = await transition(recording, 'summarize-requested', { changes });
    await publish(events, () => send('summarize', summarizeJob(id)));
    return { success: true, id, status: 'SUMMARIZING', message: 'Summary queued' };
  });
}
