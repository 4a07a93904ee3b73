// The statistics object's arithmetic: sizes, percentages, month days and the counts.
import { describe, expect, it } from 'vitest';
import { humanSize, monthDaysSoFar, monthOf, NO_BUDGETS, percentage, statistics, userActivity, type RecordingFacts } from '#shared/domain/recordings/statistics.ts';

describe('human sizes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1_288_490, '1.2 MB'],
    [5 * 1024 ** 3, '5.0 GB'],
    [3 * 1024 ** 4, '3.0 TB'],
    [-5, '0 B'],
  ])('shows %i bytes as %s', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });
});

describe('percentages of a budget', () => {
  it.each([
    [50, 200, 25],
    [1, 3, 33.3],
    [300, 200, 150],
    [10, null, 0],
    [10, 0, 0],
  ])('%i of %s is %d %', (used, budget, expected) => {
    expect(percentage(used, budget)).toBe(expected);
  });
});

describe('month days', () => {
  it('lists the days of the month up to today, in UTC', () => {
    expect(monthOf(new Date('2026-11-03T23:59:00Z'))).toBe('2026-11');
    expect(monthDaysSoFar(new Date('2026-11-03T23:59:00Z'))).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(monthDaysSoFar(new Date('2024-02-29T00:00:00Z'))).toHaveLength(29);
  });
});

describe('the statistics object', () => {
  const now = new Date('2026-11-15T12:00:00Z');
  const rec = (status: RecordingFacts['status'], file_size: number, extra: Partial<RecordingFacts> = {}): RecordingFacts => ({
    status, file_size, audio_key: 'a', created_at: '2026-11-15T08:00:00.000Z', completed_at: null, ...extra,
  });
  const usage = { transcription_seconds: 89.6, prompt_tokens: 700, completion_tokens: 300, estimated_cost: 0.123456, last_transcription: '2026-11-14T10:00:00.000Z' };

  it('counts, sums and rounds as the spec says', () => {
    const recordings = [
      rec('COMPLETED', 1024, { completed_at: '2026-11-15T09:00:00.000Z' }),
      rec('FAILED', 1024, { audio_key: null }),
      rec('PROCESSING', 1024, { created_at: '2026-11-14T23:59:59.000Z' }),
      rec('SUMMARIZING', 1024),
      rec('PENDING', 1024),
    ];
    expect(statistics(recordings, usage, { tokens: 4000, transcriptionSeconds: 600 }, now)).toEqual({
      recordings: { total: 5, completed: 1, processing: 2, pending: 1, failed: 1 },
      storage: { used_bytes: 4096, used_human: '4.0 KB' },
      queue: { jobs_queued: 1, jobs_processing: 2 },
      tokens: { used_this_month: 1000, budget: 4000, percentage: 25 },
      transcription: { used_this_month_seconds: 90, used_this_month_minutes: 2, budget_seconds: 600, budget_minutes: 10, percentage: 14.9, estimated_cost: 0.1235 },
      activity: { recordings_today: 4, last_transcription: '2026-11-15T09:00:00.000Z' },
    });
  });

  it('shows budgets as 0 when there are none and falls back to the usage for the last transcription', () => {
    const stats = statistics([], usage, NO_BUDGETS, now);
    expect(stats.tokens).toEqual({ used_this_month: 1000, budget: 0, percentage: 0 });
    expect(stats.transcription).toMatchObject({ budget_seconds: 0, budget_minutes: 0, percentage: 0 });
    expect(stats.activity.last_transcription).toBe('2026-11-14T10:00:00.000Z');
  });

  it('counts users active with a recording in the last 30 days', () => {
    const recent = rec('COMPLETED', 1, { created_at: '2026-10-17T12:00:00.000Z' });
    const old = rec('COMPLETED', 1, { created_at: '2026-10-15T12:00:00.000Z' });
    expect(userActivity([[recent], [old], [], [old, recent]], now)).toEqual({ total: 4, active: 2 });
  });
});
