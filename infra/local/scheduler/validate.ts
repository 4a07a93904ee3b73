/**
 * Request validation for the emulator. Errors carry the exact error type the
 * SDK maps to a modelled exception class via the `x-amzn-errortype` header.
 */
import { ScheduleExpressionError, parseScheduleExpression, type ParsedExpression } from './expressions.ts';
import { DEFAULT_GROUP, type ScheduleConfig, type TargetConfig } from './store.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export const validation = (message: string): ApiError => new ApiError(400, 'ValidationException', message);
export const notFound = (message: string): ApiError => new ApiError(404, 'ResourceNotFoundException', message);
export const conflict = (message: string): ApiError => new ApiError(409, 'ConflictException', message);

const NAME_PATTERN = /^[0-9a-zA-Z\-_.]{1,64}$/;
const SQS_ARN = /^arn:aws[a-z-]*:sqs:([a-z0-9-]+):(\d{12}):([A-Za-z0-9_-]{1,80}(?:\.fifo)?)$/;
const DEFAULT_RETRY = { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 };

export interface SqsQueueRef {
  region: string;
  account: string;
  name: string;
}

export function parseSqsArn(arn: string): SqsQueueRef | undefined {
  const match = SQS_ARN.exec(arn);
  if (!match) return undefined;
  return { region: match[1] ?? '', account: match[2] ?? '', name: match[3] ?? '' };
}

export function checkName(value: unknown, field: string): string {
  if (typeof value !== 'string' || !NAME_PATTERN.test(value)) {
    throw validation(`${field} must match ${NAME_PATTERN.source}`);
  }
  return value;
}

export type Body = Record<string, unknown>;

/** Validates a Create/UpdateSchedule body; both operations replace the whole configuration. */
export function parseScheduleConfig(name: string, body: Body): { config: ScheduleConfig; expression: ParsedExpression } {
  const timezone = optional(body.ScheduleExpressionTimezone, 'string', 'ScheduleExpressionTimezone') ?? 'UTC';
  const scheduleExpression = required(body.ScheduleExpression, 'string', 'ScheduleExpression');
  const config: ScheduleConfig = {
    Name: checkName(name, 'Name'),
    GroupName: checkName(body.GroupName ?? DEFAULT_GROUP, 'GroupName'),
    ScheduleExpression: scheduleExpression,
    ScheduleExpressionTimezone: timezone,
    State: oneOf(body.State, ['ENABLED', 'DISABLED'] as const, 'State') ?? 'ENABLED',
    FlexibleTimeWindow: parseFlexibleTimeWindow(body.FlexibleTimeWindow),
    Target: parseTarget(body.Target),
    ActionAfterCompletion: oneOf(body.ActionAfterCompletion, ['NONE', 'DELETE'] as const, 'ActionAfterCompletion') ?? 'NONE',
    ...optionalFields(body),
  };
  return { config, expression: parseExpression(scheduleExpression, timezone) };
}

function parseExpression(expression: string, timezone: string): ParsedExpression {
  try {
    return parseScheduleExpression(expression, timezone);
  } catch (error) {
    if (error instanceof ScheduleExpressionError) throw validation(error.message);
    throw error;
  }
}

function optionalFields(body: Body): Partial<ScheduleConfig> {
  const out: Partial<ScheduleConfig> = {};
  const startDate = optional(body.StartDate, 'number', 'StartDate');
  const endDate = optional(body.EndDate, 'number', 'EndDate');
  const description = optional(body.Description, 'string', 'Description');
  const kmsKeyArn = optional(body.KmsKeyArn, 'string', 'KmsKeyArn');
  if (startDate !== undefined && endDate !== undefined && endDate <= startDate) {
    throw validation('The EndDate must be after the StartDate.');
  }
  if (description !== undefined && description.length > 512) throw validation('Description is too long.');
  if (startDate !== undefined) out.StartDate = startDate;
  if (endDate !== undefined) out.EndDate = endDate;
  if (description !== undefined) out.Description = description;
  if (kmsKeyArn !== undefined) out.KmsKeyArn = kmsKeyArn;
  return out;
}

function parseFlexibleTimeWindow(value: unknown): ScheduleConfig['FlexibleTimeWindow'] {
  const window = requiredObject(value, 'FlexibleTimeWindow');
  const mode = oneOf(window.Mode, ['OFF', 'FLEXIBLE'] as const, 'FlexibleTimeWindow.Mode');
  if (mode === undefined) throw validation('FlexibleTimeWindow.Mode is required.');
  if (mode === 'OFF') return { Mode: mode };
  const minutes = required(window.MaximumWindowInMinutes, 'number', 'FlexibleTimeWindow.MaximumWindowInMinutes');
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) {
    throw validation('MaximumWindowInMinutes must be an integer between 1 and 1440.');
  }
  return { Mode: mode, MaximumWindowInMinutes: minutes };
}

/** Unknown target fields are kept verbatim so GetSchedule echoes what was sent. */
function parseTarget(value: unknown): TargetConfig {
  const target = requiredObject(value, 'Target');
  const arn = required(target.Arn, 'string', 'Target.Arn');
  const queue = parseSqsArn(arn);
  if (!queue) throw validation(`Target.Arn ${arn} is not an SQS queue ARN; the local emulator only delivers to SQS.`);
  const sqsParameters = target.SqsParameters as { MessageGroupId?: unknown } | undefined;
  if (queue.name.endsWith('.fifo') && typeof sqsParameters?.MessageGroupId !== 'string') {
    throw validation('SqsParameters.MessageGroupId is required for FIFO queue targets.');
  }
  const deadLetterArn = (target.DeadLetterConfig as { Arn?: unknown } | undefined)?.Arn;
  if (deadLetterArn !== undefined && (typeof deadLetterArn !== 'string' || !parseSqsArn(deadLetterArn))) {
    throw validation('DeadLetterConfig.Arn must be an SQS queue ARN.');
  }
  return {
    ...target,
    Arn: arn,
    RoleArn: required(target.RoleArn, 'string', 'Target.RoleArn'),
    Input: optional(target.Input, 'string', 'Target.Input'),
    RetryPolicy: parseRetryPolicy(target.RetryPolicy),
  };
}

/** AWS fills in the defaults and returns them from GetSchedule, so we store them too. */
function parseRetryPolicy(value: unknown): TargetConfig['RetryPolicy'] {
  if (value === undefined || value === null) return { ...DEFAULT_RETRY };
  const policy = requiredObject(value, 'RetryPolicy');
  const attempts = optional(policy.MaximumRetryAttempts, 'number', 'MaximumRetryAttempts');
  const age = optional(policy.MaximumEventAgeInSeconds, 'number', 'MaximumEventAgeInSeconds');
  if (attempts !== undefined && (!Number.isInteger(attempts) || attempts < 0 || attempts > 185)) {
    throw validation('MaximumRetryAttempts must be an integer between 0 and 185.');
  }
  if (age !== undefined && (!Number.isInteger(age) || age < 60 || age > 86_400)) {
    throw validation('MaximumEventAgeInSeconds must be an integer between 60 and 86400.');
  }
  return {
    MaximumRetryAttempts: attempts ?? DEFAULT_RETRY.MaximumRetryAttempts,
    MaximumEventAgeInSeconds: age ?? DEFAULT_RETRY.MaximumEventAgeInSeconds,
  };
}

type TypeName = 'string' | 'number';
type TypeOf<T extends TypeName> = T extends 'string' ? string : number;

function optional<T extends TypeName>(value: unknown, type: T, field: string): TypeOf<T> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
    throw validation(`${field} must be a ${type}.`);
  }
  return value as TypeOf<T>;
}

function required<T extends TypeName>(value: unknown, type: T, field: string): TypeOf<T> {
  const result = optional(value, type, field);
  if (result === undefined) throw validation(`${field} is required.`);
  return result;
}

function requiredObject(value: unknown, field: string): Body {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw validation(`${field} is required.`);
  }
  return value as Body;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (!allowed.includes(value as T)) throw validation(`${field} must be one of ${allowed.join(', ')}.`);
  return value as T;
}
