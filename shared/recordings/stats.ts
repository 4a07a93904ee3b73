// GET /stats: the caller's numbers, or (administrators) everyone's with the user counts. The
// library's numbers come from the list index (store/list-index.ts), not from its recordings:
// the 8 counter shards (status groups, bytes stored), today's day counters and the latest DONE
// item, so a user's statistics read about 17 small items whatever the library's size. The
// service's come from its own counters (store/service-counters.ts), kept in the same writes:
// 16 shards, the day items of the last 30 days and one DONE item, whatever the number of users
// (plus a COUNT of the users, and a look at the entries of those whose only recent recording
// falls on the window's first, partial day).
import { ForbiddenError } from '../domain/errors.ts';
import { monthDaysSoFar, monthOf, NO_BUDGETS, statisticsOf, type LibraryFacts, type Statistics } from '../domain/recordings/statistics.ts';
import { getBudgets } from '../store/budgets.ts';
import { BYTES_CELL } from '../store/list-index.ts';
import { countCreatedBetween, lastCompleted, readCounters } from '../store/list-queries.ts';
import { serviceDays } from '../store/service-counters.ts';
import { allUsage, userUsage } from '../store/usage.ts';
import { getUser, totalUsers } from '../store/users.ts';
import { cellSum } from './list-plan.ts';

const DAY_MS = 86_400_000;
const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function factsFrom(counters: Map<string, number>, recordingsToday: number, last: string | null): LibraryFacts {
  return {
    pending: cellSum(counters, ['pending']), processing: cellSum(counters, ['processing']),
    completed: cellSum(counters, ['completed']), failed: cellSum(counters, ['failed']),
    used_bytes: counters.get(BYTES_CELL) ?? 0, recordings_today: recordingsToday, last_completed_at: last,
  };
}

async function factsOf(userId: number, now: Date): Promise<LibraryFacts> {
  const today = dayStart(now.getTime());
  const [counters, recordingsToday, last] = await Promise.all([readCounters(userId), countCreatedBetween(userId, today, today + DAY_MS - 1), lastCompleted(userId)]);
  return factsFrom(counters, recordingsToday, last);
}

export async function userStats(userId: number, now = new Date()): Promise<Statistics> {
  const [facts, usage, budgets] = await Promise.all([factsOf(userId, now), userUsage(userId, monthOf(now)), getBudgets(userId)]);
  // No budget is shown as 0, with percentage 0.
  return statisticsOf(facts, usage, { tokens: budgets.monthly_tokens, transcriptionSeconds: budgets.monthly_transcription_seconds });
}

type Days = Awaited<ReturnType<typeof serviceDays>>;
/** Users asked of their entries at a time. */
const CONCURRENCY = 8;

/**
 * Users who created a recording from `since` on: those of the whole days in the window, and of
 * its first day (which it holds in part) those whose entries say they created one after `since`.
 */
async function activeUsers(days: Days, since: number): Promise<number> {
  const first = utcDay(since);
  const partial = since !== dayStart(since);
  const active = new Set<number>();
  for (const [day, { users }] of days) if (day !== first || !partial) for (const u of users) active.add(u);
  const unsure = [...(days.get(first)?.users ?? [])].filter((u) => !active.has(u));
  let count = active.size;
  for (let i = 0; i < unsure.length; i += CONCURRENCY) {
    const recent = await Promise.all(unsure.slice(i, i + CONCURRENCY).map((u) => countCreatedBetween(u, since, dayStart(since) + DAY_MS - 1)));
    count += recent.filter((n) => n > 0).length;
  }
  return count;
}

export async function globalStats(callerId: number, now = new Date()): Promise<Statistics & { users: { total: number; active: number } }> {
  if (!(await getUser(callerId))?.is_admin) throw new ForbiddenError('scope=all is for administrators only');
  const since = now.getTime() - 30 * DAY_MS;
  const [counters, days, last, total, usage] = await Promise.all([readCounters('ALL'), serviceDays(utcDay(since)), lastCompleted('ALL'), totalUsers(), allUsage(monthDaysSoFar(now))]);
  const facts = factsFrom(counters, days.get(utcDay(now.getTime()))?.created ?? 0, last);
  // Budgets are per user: the global numbers carry none (as Speakr's scope=all).
  return { ...statisticsOf(facts, usage, NO_BUDGETS), users: { total, active: await activeUsers(days, since) } };
}
