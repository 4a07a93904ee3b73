// Transcription jobs that run outside the worker (ASR_PROVIDER=aws-transcribe): how they are
// named, how long the recording waits for one, and the completion event that reports one done.
// On AWS an EventBridge rule sends Transcribe's "Transcribe Job State Change" events to the
// transcribe queue, so that queue carries these events beside the usual job messages.
import * as z from 'zod/mini';
import type { Recording } from '../store/recordings.ts';

/**
 * How long a recording waits for its external job before the sweep resumes it, which then asks
 * the provider once (a lost completion event costs at most this much delay).
 */
export const EXTERNAL_JOB_WAIT_SECONDS = 4 * 3600;

/**
 * <prefix><recording id>-<attempt>-<event sequence>: unique per attempt and, through the
 * sequence (every run starts with an event), across runs of the same recording, since
 * Transcribe keeps job names for 90 days. The prefix (TRANSCRIBE_JOB_PREFIX) is the
 * deployment's own, so stages and redeployed stacks sharing an account never collide.
 */
export const externalJobName = (recording: Recording, prefix: string): string => `${prefix}${recording.id}-${recording.attempt}-${recording.event_seq}`;

/** The recording a job name belongs to; undefined for a job this deployment did not name. */
export function recordingOfJob(name: string, prefix: string): number | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const id = /^(\d+)-\d+-\d+$/.exec(name.slice(prefix.length))?.[1];
  return id === undefined ? undefined : Number(id);
}

/** The EventBridge event as the queue delivers it (the message body is the event's JSON); only the fields read. */
export const transcribeJobStateChange = z.object({
  source: z.literal('aws.transcribe'),
  'detail-type': z.literal('Transcribe Job State Change'),
  detail: z.object({ TranscriptionJobName: z.string().check(z.minLength(1)), TranscriptionJobStatus: z.string() }),
});
