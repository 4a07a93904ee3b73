// The recording status machine (decisions §4). Every transition is written with a condition
// on the current status, so a duplicate queue message can never move a recording twice.

import type { RecordingEventType } from '../webhooks/catalogue.ts';

export const STATUSES = ['PENDING', 'PROCESSING', 'SUMMARIZING', 'COMPLETED', 'FAILED'] as const;
export type RecordingStatus = (typeof STATUSES)[number];


export type Trigger =
  | 'worker-started'
  | 'audio-missing'
  | 'transcript-stored-summarize'
  | 'transcript-stored-done'
  | 'transcription-failed'
  | 'summary-stored'
  | 'summary-failed'
  | 'transcribe-requested'
  | 'summarize-requested';

export interface Transition {
  readonly from: readonly RecordingStatus[];
  readonly to: RecordingStatus;
  readonly event: RecordingEventType | null;
}

export const TRANSITIONS: Readonly<Record<Trigger, Transition>> = {
  'worker-started': { from: ['PENDING'], to: 'PROCESSING', event: 'recording.transcription.started' },
  'audio-missing': { from: ['PENDING'], to: 'FAILED', event: 'recording.transcription.failed' },
  'transcript-stored-summarize': { from: ['PROCESSING'], to: 'SUMMARIZING', event: 'recording.transcription.completed' },
  'transcript-stored-done': { from: ['PROCESSING'], to: 'COMPLETED', event: 'recording.transcription.completed' },
  'transcription-failed': { from: ['PROCESSING'], to: 'FAILED', event: 'recording.transcription.failed' },
  'summary-stored': { from: ['SUMMARIZING'], to: 'COMPLETED', event: 'recording.summary.completed' },
  'summary-failed': { from: ['SUMMARIZING'], to: 'FAILED', event: 'recording.summary.failed' },
  'transcribe-requested': { from: ['COMPLETED', 'FAILED'], to: 'PENDING', event: null },
  'summarize-requested': { from: ['COMPLETED', 'FAILED'], to: 'SUMMARIZING', event: null },
};

/** PENDING, PROCESSING and SUMMARIZING: work is queued or running. */
export function isBusy(status: RecordingStatus): boolean {
  return status === 'PENDING' || status === 'PROCESSING' || status === 'SUMMARIZING';
}

/** A job holds a lease while it runs; an expired lease means its worker died. */
export function leaseExpired(leaseUntil: string | null | undefined, nowMs: number): boolean {
  return !leaseUntil || Date.parse(leaseUntil) <= nowMs;
}

/** decisions §4: 1-based among PENDING, 0 while working, null when done. */
export function queuePosition(status: RecordingStatus, pendingAhead: number): number | null {
  if (status === 'PENDING') return pendingAhead + 1;
  if (status === 'PROCESSING' || status === 'SUMMARIZING') return 0;
  return null;
}

/** The list filter's `status=processing` covers both kinds of work in progress. */
export function statusFilter(filter: 'all' | 'pending' | 'processing' | 'completed' | 'failed'): readonly RecordingStatus[] | null {
  switch (filter) {
    case 'all':
      return null;
    case 'pending':
      return ['PENDING'];
    case 'processing':
      return ['PROCESSING', 'SUMMARIZING'];
    case 'completed':
      return ['COMPLETED'];
    case 'failed':
      return ['FAILED'];
  }
}
