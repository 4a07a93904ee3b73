// GET /stats: the caller's numbers, or (administrators) everyone's with the user counts.
import { ForbiddenError } from '../domain/errors.ts';
import { monthDaysSoFar, monthOf, NO_BUDGETS, statistics, userActivity, type Statistics } from '../domain/recordings/statistics.ts';
import { getBudgets } from '../store/budgets.ts';
import { listUserRecordings, type Recording } from '../store/recordings.ts';
import { allUsage, userUsage } from '../store/usage.ts';
import { getUser, listUsers } from '../store/users.ts';

export async function userStats(userId: number, now = new Date()): Promise<Statistics> {
  const [recordings, usage, budgets] = await Promise.all([listUserRecordings(userId), userUsage(userId, monthOf(now)), getBudgets(userId)]);
  // No budget is shown as 0, with percentage 0.
  return statistics(recordings, usage, { tokens: budgets.monthly_tokens, transcriptionSeconds: budgets.monthly_transcription_seconds }, now);
}

/** A few users' lists at a time: one query each. */
const CONCURRENCY = 8;

async function everyonesRecordings(userIds: readonly number[]): Promise<Recording[][]> {
  const lists: Recording[][] = new Array(userIds.length);
  for (let i = 0; i < userIds.length; i += CONCURRENCY) {
    const chunk = await Promise.all(userIds.slice(i, i + CONCURRENCY).map((id) => listUserRecordings(id)));
    chunk.forEach((list, j) => (lists[i + j] = list));
  }
  return lists;
}

export async function globalStats(callerId: number, now = new Date()): Promise<Statistics & { users: { total: number; active: number } }> {
  if (!(await getUser(callerId))?.is_admin) throw new ForbiddenError('scope=all is for administrators only');
  const users = await listUsers();
  const [perUser, usage] = await Promise.all([everyonesRecordings(users.map((u) => u.id)), allUsage(monthDaysSoFar(now))]);
  // Budgets are per user: the global numbers carry none (as Speakr's scope=all).
  return { ...statistics(perUser.flat(), usage, NO_BUDGETS, now), users: userActivity(perUser, now) };
}
