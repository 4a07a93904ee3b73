import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { eventData } from '#shared/domain/recordings/events.ts';
import { EVENT_CATALOGUE, EVENT_TYPES, type RecordingEventType } from '#shared/domain/webhooks/catalogue.ts';
import { isBusy, leaseExpired, queuePosition, statusFilter, TRANSITIONS } from '#shared/domain/recordings/status.ts';
import { onFailure } from '#shared/pipeline/failures.ts';
import { ProviderError } from '#shared/providers/types.ts';

describe('the recording status machine (decisions §4)', () => {
  it.each([
    ['worker-started', ['PENDING'], 'PROCESSING', 'recording.transcription.started'],
    ['audio-missing', ['PENDING'], 'FAILED', 'recording.transcription.failed'],
    ['transcript-stored-summarize', ['PROCESSING'], 'SUMMARIZING', 'recording.transcription.completed'],
    ['transcript-stored-done', ['PROCESSING'], 'COMPLETED', 'recording.transcription.completed'],
    ['transcription-failed', ['PROCESSING'], 'FAILED', 'recording.transcription.failed'],
    ['summary-stored', ['SUMMARIZING'], 'COMPLETED', 'recording.summary.completed'],
    ['summary-failed', ['SUMMARIZING'], 'FAILED', 'recording.summary.failed'],
    ['transcribe-requested', ['COMPLETED', 'FAILED'], 'PENDING', null],
    ['summarize-requested', ['COMPLETED', 'FAILED'], 'SUMMARIZING', null],
  ] as const)('%s moves %j to %s with %s', (trigger, from, to, event) => {
    expect(TRANSITIONS[trigger]).toEqual({ from, to, event });
  });

  it('counts PENDING, PROCESSING and SUMMARIZING as busy', () => {
    expect(['PENDING', 'PROCESSING', 'SUMMARIZING', 'COMPLETED', 'FAILED'].map((s) => isBusy(s as never))).toEqual([true, true, true, false, false]);
  });

  it('gives the queue position as 1-based while waiting, 0 while working, null when done', () => {
    expect(queuePosition('PENDING', 0)).toBe(1);
    expect(queuePosition('PENDING', 4)).toBe(5);
    expect(queuePosition('PROCESSING', 9)).toBe(0);
    expect(queuePosition('SUMMARIZING', 9)).toBe(0);
    expect(queuePosition('COMPLETED', 0)).toBeNull();
    expect(queuePosition('FAILED', 0)).toBeNull();
  });

  it('maps the list filter processing to both kinds of work in progress', () => {
    expect(statusFilter('processing')).toEqual(['PROCESSING', 'SUMMARIZING']);
    expect(statusFilter('all')).toBeNull();
  });

  it('treats a missing or past lease as expired', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(leaseExpired(null, now)).toBe(true);
    expect(leaseExpired('2026-11-21T11:59:59Z', now)).toBe(true);
    expect(leaseExpired('2026-11-21T12:00:01Z', now)).toBe(false);
  });
});

describe('after a failed attempt', () => {
  const policy = { maxAttempts: 4, retryDelaysSeconds: [10, 60, 300] };

  it('retries transient trouble with growing delays, honouring a longer Retry-After', () => {
    expect(onFailure(new ProviderError('busy', true), 1, policy, 'Transcription')).toEqual({ retryInSeconds: 10 });
    expect(onFailure(new ProviderError('busy', true), 2, policy, 'Transcription')).toEqual({ retryInSeconds: 60 });
    expect(onFailure(new ProviderError('busy', true), 3, policy, 'Transcription')).toEqual({ retryInSeconds: 300 });
    expect(onFailure(new ProviderError('slow down', true, 120), 1, policy, 'Transcription')).toEqual({ retryInSeconds: 120 });
  });

  it('gives up when the attempts run out, saying so', () => {
    expect(onFailure(new ProviderError('busy', true), 4, policy, 'Transcription')).toEqual({ failWith: 'busy (gave up after 4 attempts)' });
  });

  it('fails at once on permanent trouble with the provider’s safe message', () => {
    expect(onFailure(new ProviderError('The audio could not be decoded', false), 1, policy, 'Transcription')).toEqual({ failWith: 'The audio could not be decoded' });
  });

  it('never shows an unexpected error’s own text', () => {
    expect(onFailure(new Error('ECONNREFUSED 10.0.0.5 key=sk-123'), 1, policy, 'Summary')).toEqual({ failWith: 'Summary failed because of an internal error' });
  });
});

describe('event data (spec: Events)', () => {
  const r = { id: 7, title: 'Standup', file_size: 10, original_filename: 'a.wav', language: 'en', audio_duration_seconds: 60, transcription_duration_seconds: 5, summarization_duration_seconds: 1, error_message: 'boom' };
  it.each<[RecordingEventType, Record<string, unknown>]>([
    ['recording.created', { recording_id: 7, title: 'Standup', file_size: 10, original_filename: 'a.wav' }],
    ['recording.transcription.started', { recording_id: 7, title: 'Standup' }],
    ['recording.transcription.completed', { recording_id: 7, title: 'Standup', language: 'en', audio_duration_seconds: 60, transcription_duration_seconds: 5 }],
    ['recording.transcription.failed', { recording_id: 7, title: 'Standup', error: 'boom' }],
    ['recording.summary.completed', { recording_id: 7, title: 'Standup', summarization_duration_seconds: 1 }],
    ['recording.summary.failed', { recording_id: 7, title: 'Standup', error: 'boom' }],
    ['recording.deleted', { recording_id: 7, title: 'Standup' }],
  ])('%s carries exactly its fields', (type, data) => {
    expect(eventData(type, r)).toEqual(data);
  });

  const extras: Partial<Record<RecordingEventType, Record<string, unknown>>> = {
    'recording.events.extracted': { events_count: 2 },
    'recording.updated': { fields_changed: ['title'] },
  };
  it.each(EVENT_TYPES.filter((t): t is RecordingEventType => t !== 'webhook.test'))('%s data matches its catalogue schema', (type) => {
    const data = eventData(type, r, extras[type]);
    expect(z.safeParse(EVENT_CATALOGUE[type].data(), data).success).toBe(true);
    // A field the catalogue does not name is a field the OpenAPI description and README miss.
    expect(Object.keys(data).filter((k) => !(k in EVENT_CATALOGUE[type].data().def.shape))).toEqual([]);
  });
});
