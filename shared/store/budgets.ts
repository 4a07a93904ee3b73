// Per-user monthly budgets (decisions §9): language-model tokens and transcription seconds,
// null meaning none. They live as the `budgets` attribute of the user's PROFILE item; the
// checks compare them with the calendar month's usage (UTC) and throw BudgetExceededError.
import { GetCommand, UpdateCommand } from '../clients/dynamodb.ts';
import { dynamo } from '../clients.ts';
import { AppError, NotFoundError, ValidationError } from '../domain/errors.ts';
import { monthOf } from '../domain/recordings/statistics.ts';
import { userUsage } from './usage.ts';
import { key, tableName } from './table.ts';

export interface UserBudgets {
  /** Prompt plus completion tokens per calendar month; null: no budget. */
  readonly monthly_tokens: number | null;
  /** Seconds of audio transcribed per calendar month; null: no budget. */
  readonly monthly_transcription_seconds: number | null;
}

/**
 * The month's budget is used up. On an HTTP route it answers 429 with Retry-After set to the
 * start of the next month; in a job it fails the recording with this message.
 */
export class BudgetExceededError extends AppError {
  override name = 'BudgetExceededError';
  readonly status = 429;
  readonly code = 'rate_limited';

  constructor(
    readonly budget: 'tokens' | 'transcription',
    message: string,
    now: Date,
  ) {
    const retryAfter = secondsUntilNextMonth(now);
    super(message, { budget, retry_after: retryAfter }, { 'Retry-After': String(retryAfter) });
  }
}

function secondsUntilNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export async function getBudgets(userId: number): Promise<UserBudgets> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key.user(userId), ProjectionExpression: '#b', ExpressionAttributeNames: { '#b': 'budgets' } }),
  );
  return toBudgets(Item?.budgets);
}

/** Changes the given budgets (null clears one); those not given stay as they were. */
export async function setBudgets(userId: number, patch: { monthly_tokens?: number | null; monthly_transcription_seconds?: number | null }): Promise<UserBudgets> {
  const details = (['monthly_tokens', 'monthly_transcription_seconds'] as const).flatMap((field) => {
    const value = patch[field];
    return value === undefined || value === null || (Number.isInteger(value) && value >= 0) ? [] : [{ path: field, message: 'must be a whole number ≥ 0, or null for none' }];
  });
  if (details.length) throw new ValidationError('Invalid budgets', details);
  const current = await getBudgets(userId);
  const next: UserBudgets = {
    monthly_tokens: patch.monthly_tokens === undefined ? current.monthly_tokens : patch.monthly_tokens,
    monthly_transcription_seconds: patch.monthly_transcription_seconds === undefined ? current.monthly_transcription_seconds : patch.monthly_transcription_seconds,
  };
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key.user(userId),
        UpdateExpression: 'SET #b = :b',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#b': 'budgets' },
        ExpressionAttributeValues: { ':b': next },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFoundError(`No user with id ${userId}`);
    throw error;
  }
  return next;
}

/** Throws BudgetExceededError once the month's transcribed seconds reach the budget. */
export async function checkTranscriptionBudget(userId: number, now = new Date()): Promise<void> {
  const budget = (await getBudgets(userId)).monthly_transcription_seconds;
  if (budget === null) return;
  const used = (await userUsage(userId, monthOf(now))).transcription_seconds;
  if (used >= budget) {
    throw new BudgetExceededError('transcription', `Monthly transcription budget exceeded (used ${minutes(used)} of ${minutes(budget)} minutes)`, now);
  }
}

/** Throws BudgetExceededError once the month's tokens (prompt plus completion) reach the budget. */
export async function checkTokenBudget(userId: number, now = new Date()): Promise<void> {
  const budget = (await getBudgets(userId)).monthly_tokens;
  if (budget === null) return;
  const usage = await userUsage(userId, monthOf(now));
  const used = usage.prompt_tokens + usage.completion_tokens;
  if (used >= budget) throw new BudgetExceededError('tokens', `Monthly token budget exceeded (used ${used} of ${budget} tokens)`, now);
}

/** Minutes with at most one decimal: 3660 s → "61", 30 s → "0.5". */
const minutes = (seconds: number) => String(Math.round((seconds / 60) * 10) / 10);

function toBudgets(raw: unknown): UserBudgets {
  const b = (raw ?? {}) as Record<string, unknown>;
  const value = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return { monthly_tokens: value(b.monthly_tokens), monthly_transcription_seconds: value(b.monthly_transcription_seconds) };
}
