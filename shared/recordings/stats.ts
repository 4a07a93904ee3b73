// GET /stats: the caller's numbers, or (administrators) everyone's with the user counts. The
// library's numbers come from the list index (store/list-index.ts), not from its recordings:
// the 8 counter shards (status groups, bytes stored), today's day counters and the latest DONE
// item, so a user's statistics read about 17 small items whatever the library's size.
import { ForbiddenError } from '../domain/errors.ts';
import { monthDaysSoFar, monthOf, NO_BUDGETS, statisticsOf, sumFacts, type LibraryFacts, type Statistics } from '../domain/recordings/statistics.ts';
import { getBudgets } from '../store/budgets.ts';
import { BYTES_CELL } from '../store/list-index.ts';
import { countCreatedBetween, lastCompleted, readCounters } from '../store/list-queries.ts';
import { allUsage, userUsage } from '../store/usage.ts';
import { getUser, listUsers } from '../store/users.ts';
import { cellSum } from './list-plan.ts';

const DAY_MS = 86_400_000;

async function factsOf(userId: number, now: Date): Promise<LibraryFacts> {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const [counters, recordingsToday, last] = await Promise.all([readCounters(userId), countCreatedBetween(userId, today, today + DAY_MS - 1), lastCompleted(userId)]);
  return {
    pending: cellSum(counters, ['pending']), processing: cellSum(counters, ['processing']),
    completed: cellSum(counters, ['completed']), failed: cellSum(counters, ['failed']),
    used_bytes: counters.get(BYTES_CELL) ?? 0, recordings_today: recordingsToday, last_completed_at: last,
  };
}

export async function userStats(userId: number, now = new Date()): Promise<Statistics> {
  const [facts, usage, budgets] = await Promise.all([factsOf(userId, now), userUsage(userId, monthOf(now)), getBudgets(userId)]);
  // No budget is shown as 0, with percentage 0.
  return statisticsOf(facts, usage, { tokens: budgets.monthly_tokens, transcriptionSeconds: budgets.monthly_transcription_seconds });
}

/** A few users at a time: their facts, and whether they created a recording in the last 30 days. */
const CONCURRENCY = 8;

async function everyonesFacts(userIds: readonly number[], now: Date): Promise<{ facts: LibraryFacts; active: boolean }[]> {
  const since = now.getTime() - 30 * DAY_MS;
  const one = async (id: number) => {
    const [facts, recent] = await Promise.all([factsOf(id, now), countCreatedBetween(id, since, undefined)]);
    return { facts, active: recent > 0 };
  };
  const out: { facts: LibraryFacts; active: boolean }[] = [];
  for (let i = 0; i < userIds.length; i += CONCURRENCY) out.push(...(await Promise.all(userIds.slice(i, i + CONCURRENCY).map(one))));
  return out;
}

export async function globalStats(callerId: number, now = new Date()): Promise<Statistics & { users: { total: number; active: number } }> {
  if (!(await getUser(callerId))?.is_admin) throw new ForbiddenError('scope=all is for administrators only');
  const users = await listUsers();
  const [perUser, usage] = await Promise.all([everyonesFacts(users.map((u) => u.id), now), allUsage(monthDaysSoFar(now))]);
  // Budgets are per user: the global numbers carry none (as Speakr's scope=all).
  const activity = { total: perUser.length, active: perUser.filter((u) => u.active).length };
  return { ...statisticsOf(sumFacts(perUser.map((u) => u.facts)), usage, NO_BUDGETS), users: activity };
}
