// Queue messages. Every function names its queue in its first argument, a string literal at
// each call: that is how IAM follows the code (infra/aws/access-calls.ts grants a send on the
// queue named). SQS delays stop at 900 s, so sendLater takes a longer delay through a one-time
// EventBridge schedule that sends the same message to the same queue and deletes itself.
import { randomUUID } from 'node:crypto';
import { SendMessageBatchCommand, SendMessageCommand, sqsClient } from '../clients/sqs.ts';
import { settings } from '../config.ts';
import type { QueueName } from '#shared/topology.ts';

const MAX_SQS_DELAY_SECONDS = 900;


function queueUrl(queue: QueueName): string {
  const url = settings().queueUrls[queue];
  if (!url) throw new Error(`No URL for queue ${queue}: set QUEUE_URL_${queue.toUpperCase()}`);
  return url;
}

/** A message, delayed up to SQS's 900 s; a longer delay is sendLater's. */
export async function send(queue: QueueName, body: unknown, delaySeconds = 0): Promise<void> {
  const delay = Math.max(0, Math.ceil(delaySeconds));
  if (delay > MAX_SQS_DELAY_SECONDS) throw new Error(`A delay of ${delay} s is over SQS's ${MAX_SQS_DELAY_SECONDS} s: use sendLater`);
  await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl(queue), MessageBody: JSON.stringify(body), DelaySeconds: delay }));
}

/** A message after any delay: through a one-time schedule when SQS cannot delay it that long. */
export async function sendLater(queue: QueueName, body: unknown, delaySeconds: number): Promise<void> {
  if (delaySeconds <= MAX_SQS_DELAY_SECONDS) return send(queue, body, delaySeconds);
  await scheduleOnce(queue, body, new Date(Date.now() + Math.ceil(delaySeconds) * 1000));
}

/** To a FIFO queue, in the group (one consumer at a time, in order); `dedupId` makes a repeat within five minutes a no-op. */
export async function sendInGroup(queue: QueueName, body: unknown, groupId: string, dedupId: string): Promise<void> {
  await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl(queue), MessageBody: JSON.stringify(body), MessageGroupId: groupId, MessageDeduplicationId: dedupId }));
}

/** The Scheduler's SDK loads with the first delay past SQS's: most functions never need it. */
async function scheduleOnce(queue: QueueName, body: unknown, at: Date): Promise<void> {
  const [{ CreateScheduleCommand }, { schedulerClient }] = await Promise.all([import('@aws-sdk/client-scheduler'), import('../clients/scheduler.ts')]);
  const { region, scheduleGroup, schedulerRoleArn } = settings();
  // …/<account>/<queue name>; not parsed as a URL, since emulators' hosts may not be valid ones.
  const [account, name] = queueUrl(queue).split('/').slice(-2);
  await schedulerClient().send(
    new CreateScheduleCommand({
      Name: `${queue}-${randomUUID()}`,
      GroupName: scheduleGroup,
      ScheduleExpression: `at(${at.toISOString().slice(0, 19)})`,
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: `arn:aws:sqs:${region}:${account}:${name}`, RoleArn: schedulerRoleArn, Input: JSON.stringify(body) },
    }),
  );
}

/** Many messages without delay, ten to a call (SQS's batch limit), the calls side by side; fails if any entry failed. */
export async function sendAll(queue: QueueName, bodies: readonly unknown[]): Promise<void> {
  const batches: unknown[][] = [];
  for (let i = 0; i < bodies.length; i += 10) batches.push(bodies.slice(i, i + 10));
  await Promise.all(
    batches.map(async (batch) => {
      const entries = batch.map((body, j) => ({ Id: String(j), MessageBody: JSON.stringify(body) }));
      const result = await sqsClient().send(new SendMessageBatchCommand({ QueueUrl: queueUrl(queue), Entries: entries }));
      if (result.Failed?.length) throw new Error(`${result.Failed.length} messages could not be queued on ${queue}`);
    }),
  );
}
