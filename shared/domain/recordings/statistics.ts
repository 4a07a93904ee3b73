// The statistics object (spec: Statistics; decisions §9) from plain facts: recordings, the
// month's usage and the budgets. Time comes in as an argument.
import type { RecordingStatus } from './status.ts';

export interface RecordingFacts {
  readonly status: RecordingStatus;
  readonly file_size: number;
  readonly audio_key: string | null;
  readonly created_at: string;
  readonly completed_at: string | null;
}

export interface MonthUsage {
  readonly transcription_seconds: number;
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly estimated_cost: number;
  readonly last_transcription: string | null;
}

/** Monthly budgets; null means none, shown as 0. */
export interface Budgets {
  readonly tokens: number | null;
  readonly transcriptionSeconds: number | null;
}

export const NO_BUDGETS: Budgets = { tokens: null, transcriptionSeconds: null };

const DAY_MS = 86_400_000;
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Binary multiples with one decimal, as file managers show them: 1288490 → "1.2 MB". */
export function humanSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** Share of the budget used, one decimal; 0 when there is no budget. */
export function percentage(used: number, budget: number | null): number {
  if (!budget || budget <= 0) return 0;
  return Math.round((used / budget) * 1000) / 10;
}

/** "2026-11" for any moment of November 2026 (UTC). */
export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The days of the month so far, first to today: the usage counters' keys. */
export function monthDaysSoFar(now: Date): string[] {
  const month = monthOf(now);
  const today = now.getUTCDate();
  return Array.from({ length: today }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

function latest(values: readonly (string | null | undefined)[]): string | null {
  return values.filter((v): v is string => typeof v === 'string' && v.length > 0).sort((a, b) => Date.parse(a) - Date.parse(b)).pop() ?? null;
}

/** What the statistics need of a library: the list index's counters give these without reading it. */
export interface LibraryFacts {
  readonly pending: number;
  readonly processing: number;
  readonly completed: number;
  readonly failed: number;
  /** file_size of the recordings whose audio is kept. */
  readonly used_bytes: number;
  /** Recordings created on the UTC day of `now`. */
  readonly recordings_today: number;
  /** The latest completed_at of the recordings. */
  readonly last_completed_at: string | null;
}

function countBy(recordings: readonly RecordingFacts[], statuses: readonly RecordingStatus[]): number {
  return recordings.filter((r) => statuses.includes(r.status)).length;
}

/** The facts from the recordings themselves: the reference the counters agree with. */
function libraryFacts(recordings: readonly RecordingFacts[], now: Date): LibraryFacts {
  const today = now.toISOString().slice(0, 10);
  return {
    pending: countBy(recordings, ['PENDING']),
    processing: countBy(recordings, ['PROCESSING', 'SUMMARIZING']),
    completed: countBy(recordings, ['COMPLETED']),
    failed: countBy(recordings, ['FAILED']),
    used_bytes: recordings.filter((r) => r.audio_key !== null).reduce((sum, r) => sum + r.file_size, 0),
    recordings_today: recordings.filter((r) => new Date(r.created_at).toISOString().slice(0, 10) === today).length,
    last_completed_at: latest(recordings.map((r) => r.completed_at)),
  };
}

export function statistics(recordings: readonly RecordingFacts[], usage: MonthUsage, budgets: Budgets, now: Date) {
  return statisticsOf(libraryFacts(recordings, now), usage, budgets);
}

export function statisticsOf(facts: LibraryFacts, usage: MonthUsage, budgets: Budgets) {
  const { pending, processing, used_bytes: usedBytes } = facts;
  const tokens = usage.prompt_tokens + usage.completion_tokens;
  const seconds = Math.round(usage.transcription_seconds);
  const budgetSeconds = budgets.transcriptionSeconds ?? 0;
  return {
    recordings: { total: pending + processing + facts.completed + facts.failed, completed: facts.completed, processing, pending, failed: facts.failed },
    storage: { used_bytes: usedBytes, used_human: humanSize(usedBytes) },
    queue: { jobs_queued: pending, jobs_processing: processing },
    tokens: { used_this_month: tokens, budget: budgets.tokens ?? 0, percentage: percentage(tokens, budgets.tokens) },
    transcription: {
      used_this_month_seconds: seconds,
      used_this_month_minutes: Math.round(seconds / 60),
      budget_seconds: budgetSeconds,
      budget_minutes: Math.round(budgetSeconds / 60),
      percentage: percentage(usage.transcription_seconds, budgets.transcriptionSeconds),
      estimated_cost: Math.round(usage.estimated_cost * 10_000) / 10_000,
    },
    activity: { recordings_today: facts.recordings_today, last_transcription: latest([facts.last_completed_at, usage.last_transcription]) },
  };
}

export type Statistics = ReturnType<typeof statisticsOf>;

/** scope=all: every user, and those with a recording created in the last 30 days. */
export function userActivity(recordingsPerUser: readonly (readonly RecordingFacts[])[], now: Date): { total: number; active: number } {
  const since = now.getTime() - 30 * DAY_MS;
  return { total: recordingsPerUser.length, active: recordingsPerUser.filter((rs) => rs.some((r) => Date.parse(r.created_at) >= since)).length };
}
