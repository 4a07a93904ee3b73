/**
 * Delivers due schedules to their SQS targets, with AWS-like retries and
 * dead-lettering.
 */
import { randomUUID } from 'node:crypto';
import { GetQueueUrlCommand, SQSClient, SendMessageCommand, type MessageAttributeValue } from '@aws-sdk/client-sqs';
import { nextRateOccurrence, parseScheduleExpression, type ParsedExpression } from './expressions.ts';
import { groupArn, type FireState, type ScheduleConfig, type ScheduleRecord, type ScheduleStore } from './store.ts';
import { parseSqsArn } from './validate.ts';

export type LogFn = (line: Record<string, unknown>) => void;

/** One send the Scheduler makes for a schedule: as its role, to its target or its dead-letter queue. */
export interface Delivery {
  readonly scheduleArn: string;
  /** The schedule's group: the source the Scheduler names when it assumes the role. */
  readonly groupArn: string;
  readonly roleArn: string;
  readonly queueArn: string;
}

export interface DispatcherOptions {
  store: ScheduleStore;
  sqsEndpoint: string;
  region: string;
  now: () => number;
  log: LogFn;
  /**
   * Throws if the Scheduler may not assume the schedule's role or the role may not send to the
   * queue (a failed delivery, as on AWS); asked before each send, dead-letter sends included.
   */
  authorize?: (delivery: Delivery) => Promise<void>;
}

const MAX_BACKOFF_MS = 60_000;

/** First fire time for a freshly created or updated schedule. */
export function initialFireState(config: ScheduleConfig, expression: ParsedExpression, modifiedMs: number): FireState {
  const nextFireAt = expression.kind === 'at' ? expression.atMs : rateFireAfter(config, expression, modifiedMs, -Infinity);
  return { nextFireAt, attempts: 0, firstAttemptAt: null, retryAt: null, completed: false };
}

/**
 * A rate series without StartDate starts when it was last configured, which is
 * what AWS means by "starts invoking immediately". EndDate (ignored for at(),
 * as in AWS) ends the series.
 */
function rateFireAfter(config: ScheduleConfig, rate: ParsedExpression, anchorMs: number, afterMs: number): number | null {
  if (rate.kind !== 'rate') return null;
  const anchor = config.StartDate !== undefined ? config.StartDate * 1000 : anchorMs;
  const next = afterMs < anchor ? anchor : nextRateOccurrence(anchor, rate.intervalMs, afterMs);
  return config.EndDate !== undefined && next > config.EndDate * 1000 ? null : next;
}

function isDue(schedule: ScheduleRecord, now: number): boolean {
  const { runtime } = schedule;
  return (
    schedule.State === 'ENABLED' &&
    !runtime.completed &&
    runtime.nextFireAt !== null &&
    runtime.nextFireAt <= now &&
    (runtime.retryAt ?? 0) <= now
  );
}

export class Dispatcher {
  private readonly clients = new Map<string, SQSClient>();
  private readonly queueUrls = new Map<string, string>();
  private chain: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(private readonly options: DispatcherOptions) {}

  /** Timer entry point: skips rather than piling up when a check is still running. */
  tick(): void {
    if (this.pending > 0) return;
    this.fireDue().catch((error: unknown) => this.options.log({ msg: 'scheduler.tick_failed', error: String(error) }));
  }

  /** Checks are serialised so a manual fireDue() never races the timer over the same schedule. */
  fireDue(): Promise<number> {
    this.pending++;
    const run = this.chain.then(() => this.checkOnce()).finally(() => this.pending--);
    this.chain = run.catch(() => undefined);
    return run;
  }

  async idle(): Promise<void> {
    await this.chain;
  }

  close(): void {
    for (const client of this.clients.values()) client.destroy();
    this.clients.clear();
  }

  private async checkOnce(): Promise<number> {
    const now = this.options.now();
    let fired = 0;
    for (const schedule of this.options.store.schedules()) {
      // Re-checked per schedule: an earlier send may have yielded to a request that deleted this one.
      if (isDue(schedule, now) && this.isCurrent(schedule) && (await this.attempt(schedule, now))) fired++;
    }
    return fired;
  }

  private async attempt(schedule: ScheduleRecord, now: number): Promise<boolean> {
    const { Target: target, runtime } = schedule;
    const body = renderInput(schedule, runtime.nextFireAt ?? now, runtime.attempts + 1);
    try {
      await this.authorize(schedule, target.Arn);
      await this.send(target.Arn, body, target.SqsParameters?.MessageGroupId);
    } catch (error) {
      if (this.isCurrent(schedule)) await this.onFailure(schedule, now, body, error);
      return false;
    }
    this.options.log({ msg: 'scheduler.fired', arn: schedule.Arn, target: target.Arn, attempt: runtime.attempts + 1 });
    if (this.isCurrent(schedule)) await this.advance(schedule, now);
    return true;
  }

  private async authorize(schedule: ScheduleRecord, queueArn: string): Promise<void> {
    const scheduleGroup = groupArn(this.options.region, schedule.GroupName);
    await this.options.authorize?.({ scheduleArn: schedule.Arn, groupArn: scheduleGroup, roleArn: schedule.Target.RoleArn, queueArn });
  }

  /** A schedule updated or deleted while its send was in flight must not be overwritten. */
  private isCurrent(schedule: ScheduleRecord): boolean {
    return this.options.store.schedule(schedule.GroupName, schedule.Name) === schedule;
  }

  private async onFailure(schedule: ScheduleRecord, now: number, body: string, error: unknown): Promise<void> {
    const runtime = schedule.runtime;
    const policy = schedule.Target.RetryPolicy;
    runtime.attempts++;
    // Age counts from the first attempt, not the due time, so schedules that fell
    // due while the emulator was stopped still get their full retry window.
    runtime.firstAttemptAt ??= now;
    const tooOld = now - runtime.firstAttemptAt >= policy.MaximumEventAgeInSeconds * 1000;
    const exhausted = runtime.attempts > policy.MaximumRetryAttempts || tooOld;
    this.options.log({ msg: 'scheduler.delivery_failed', arn: schedule.Arn, attempt: runtime.attempts, exhausted, error: String(error) });
    if (!exhausted) {
      runtime.retryAt = now + Math.min(1000 * 2 ** (runtime.attempts - 1), MAX_BACKOFF_MS);
      await this.options.store.save();
      return;
    }
    const condition = tooOld ? 'MaximumEventAgeInSeconds' : 'MaximumRetryAttempts';
    await this.deadLetter(schedule, body, error, condition);
    await this.advance(schedule, now);
  }

  private async deadLetter(schedule: ScheduleRecord, body: string, error: unknown, condition: string): Promise<void> {
    const dlqArn = schedule.Target.DeadLetterConfig?.Arn;
    if (!dlqArn) return;
    const attributes: Record<string, MessageAttributeValue> = {};
    const put = (key: string, value: string) => (attributes[key] = { DataType: 'String', StringValue: value });
    put('SCHEDULE_ARN', schedule.Arn);
    put('TARGET_ARN', schedule.Target.Arn);
    put('ERROR_MESSAGE', String(error).slice(0, 256));
    put('EXHAUSTED_RETRY_CONDITION', condition);
    put('RETRY_ATTEMPTS', String(schedule.runtime.attempts - 1));
    try {
      const groupId = dlqArn.endsWith('.fifo') ? schedule.Target.SqsParameters?.MessageGroupId : undefined;
      // The dead-letter queue is sent to as the schedule's role too.
      await this.authorize(schedule, dlqArn);
      await this.send(dlqArn, body, groupId, attributes);
      this.options.log({ msg: 'scheduler.dead_lettered', arn: schedule.Arn, dlq: dlqArn });
    } catch (dlqError) {
      this.options.log({ msg: 'scheduler.dead_letter_failed', arn: schedule.Arn, dlq: dlqArn, error: String(dlqError) });
    }
  }

  /** Moves to the next occurrence, or applies ActionAfterCompletion when there is none. */
  private async advance(schedule: ScheduleRecord, now: number): Promise<void> {
    const expression = parseScheduleExpression(schedule.ScheduleExpression, schedule.ScheduleExpressionTimezone);
    const nextFireAt = rateFireAfter(schedule, expression, schedule.LastModificationDate * 1000, now);
    schedule.runtime = { nextFireAt, attempts: 0, firstAttemptAt: null, retryAt: null, completed: nextFireAt === null };
    if (nextFireAt === null && schedule.ActionAfterCompletion === 'DELETE') {
      await this.options.store.removeSchedule(schedule.GroupName, schedule.Name);
      this.options.log({ msg: 'scheduler.deleted_after_completion', arn: schedule.Arn });
      return;
    }
    await this.options.store.save();
  }

  private async send(
    arn: string,
    body: string,
    messageGroupId: string | undefined,
    attributes?: Record<string, MessageAttributeValue>,
  ): Promise<void> {
    const queue = parseSqsArn(arn);
    if (!queue) throw new Error(`Not an SQS queue ARN: ${arn}`);
    const client = this.client(queue.region);
    try {
      const queueUrl = await this.queueUrl(client, arn, queue.name);
      await client.send(
        new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, MessageGroupId: messageGroupId, MessageAttributes: attributes }),
      );
    } catch (error) {
      // The queue may have been recreated under a new URL; look it up again next time.
      this.queueUrls.delete(arn);
      throw error;
    }
  }

  private async queueUrl(client: SQSClient, arn: string, queueName: string): Promise<string> {
    const cached = this.queueUrls.get(arn);
    if (cached) return cached;
    const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: queueName }));
    if (!QueueUrl) throw new Error(`GetQueueUrl returned no URL for ${queueName}`);
    this.queueUrls.set(arn, QueueUrl);
    return QueueUrl;
  }

  /** One client per target region: the SQS emulator scopes queues by the signing region. */
  private client(region: string): SQSClient {
    let client = this.clients.get(region);
    if (!client) {
      client = new SQSClient({
        endpoint: this.options.sqsEndpoint,
        region,
        useQueueUrlAsEndpoint: false,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        // Retries are ours (RetryPolicy); SDK retries would stall the tick on a dead queue.
        maxAttempts: 1,
      });
      this.clients.set(region, client);
    }
    return client;
  }
}

/**
 * Substitutes Scheduler's context attributes. An absent Input is sent as "{}"
 * because SQS rejects empty message bodies.
 */
function renderInput(schedule: ScheduleRecord, scheduledMs: number, attempt: number): string {
  const input = schedule.Target.Input ?? '{}';
  if (!input.includes('<aws.scheduler.')) return input;
  return input
    .replaceAll('<aws.scheduler.schedule-arn>', schedule.Arn)
    .replaceAll('<aws.scheduler.scheduled-time>', new Date(scheduledMs).toISOString().replace(/\.\d{3}Z$/, 'Z'))
    .replaceAll('<aws.scheduler.execution-id>', randomUUID())
    .replaceAll('<aws.scheduler.attempt-number>', String(attempt));
}
