// The local EventBridge Scheduler emulator through @aws-sdk/client-scheduler on a fake clock:
// when schedules fire, what they deliver, the API's errors, groups, retries and persistence.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  ConflictException,
  CreateScheduleCommand,
  CreateScheduleGroupCommand,
  DeleteScheduleCommand,
  DeleteScheduleGroupCommand,
  GetScheduleCommand,
  GetScheduleGroupCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { beforeEach, describe, expect, it } from 'vitest';
import { atSchedule, ROLE_ARN, schedulerEmulatorFixture, T0 } from '../support/scheduler-emulator.ts';

let clock: number;
const { start, stop, newQueue, receive, createQueue, dataDir } = schedulerEmulatorFixture(() => clock);

beforeEach(() => {
  clock = T0;
});

describe('one-time schedules', () => {
  it('delivers the exact Input to the target queue when the at() time is reached, and not before', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    const input = '{"recordingId":"rec_123","kind":"retention-expiry","emoji":"✓"}';
    await client.send(
      new CreateScheduleCommand({ ...atSchedule('fire-on-time', queue.arn, '2030-01-01T00:05:00'), Target: { Arn: queue.arn, RoleArn: ROLE_ARN, Input: input } }),
    );

    clock = T0 + 4 * 60_000 + 59_000;
    expect(await emulator.fireDue()).toBe(0);
    expect(await receive(queue.url)).toEqual([]);

    clock = T0 + 5 * 60_000;
    expect(await emulator.fireDue()).toBe(1);
    expect(await receive(queue.url)).toEqual([input]);
  });

  it('keeps a fired schedule with ActionAfterCompletion NONE but never fires it again', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    await client.send(new CreateScheduleCommand(atSchedule('fire-once', queue.arn, '2030-01-01T00:00:00')));

    expect(await emulator.fireDue()).toBe(1);
    clock += 3_600_000;
    expect(await emulator.fireDue()).toBe(0);
    expect(await receive(queue.url)).toHaveLength(1);
    const schedule = await client.send(new GetScheduleCommand({ Name: 'fire-once' }));
    expect(schedule.State).toBe('ENABLED');
  });

  it('removes a schedule with ActionAfterCompletion DELETE once it has fired', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    await client.send(
      new CreateScheduleCommand(atSchedule('self-deleting', queue.arn, '2030-01-01T00:00:00', { ActionAfterCompletion: 'DELETE' })),
    );

    expect(await emulator.fireDue()).toBe(1);
    await expect(client.send(new GetScheduleCommand({ Name: 'self-deleting' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('returns every stored field from GetSchedule with dates as Date objects', async () => {
    const { client } = await start();
    const queue = newQueue();
    await client.send(
      new CreateScheduleCommand(
        atSchedule('full', queue.arn, '2030-02-01T12:00:00', {
          Description: 'retention sweep',
          ScheduleExpressionTimezone: 'Europe/Paris',
          ActionAfterCompletion: 'DELETE',
          FlexibleTimeWindow: { Mode: 'FLEXIBLE', MaximumWindowInMinutes: 15 },
        }),
      ),
    );

    const schedule = await client.send(new GetScheduleCommand({ Name: 'full', GroupName: 'default' }));
    expect(schedule).toMatchObject({
      Arn: 'arn:aws:scheduler:us-east-1:000000000000:schedule/default/full',
      Name: 'full',
      GroupName: 'default',
      ScheduleExpression: 'at(2030-02-01T12:00:00)',
      ScheduleExpressionTimezone: 'Europe/Paris',
      State: 'ENABLED',
      Description: 'retention sweep',
      ActionAfterCompletion: 'DELETE',
      FlexibleTimeWindow: { Mode: 'FLEXIBLE', MaximumWindowInMinutes: 15 },
      Target: {
        Arn: queue.arn,
        RoleArn: ROLE_ARN,
        RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
      },
    });
    expect(schedule.CreationDate).toEqual(new Date(T0));
    expect(schedule.LastModificationDate).toEqual(new Date(T0));
  });

  it('resolves an at() expression in ScheduleExpressionTimezone to the matching UTC instant', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    // 09:00 in Tokyo (UTC+9, no DST) is midnight UTC.
    await client.send(
      new CreateScheduleCommand(atSchedule('tokyo', queue.arn, '2030-01-01T09:00:00', { ScheduleExpressionTimezone: 'Asia/Tokyo' })),
    );

    clock = T0 - 1_000;
    expect(await emulator.fireDue()).toBe(0);
    clock = T0;
    expect(await emulator.fireDue()).toBe(1);
  });

  it('delivers due schedules from the background timer without an explicit fireDue call', async () => {
    const { client } = await start({ tickMs: 20 });
    const queue = newQueue();
    await client.send(new CreateScheduleCommand(atSchedule('timer', queue.arn, '2029-12-31T23:59:00')));

    expect(await receive(queue.url, 5)).toEqual([JSON.stringify({ name: 'timer', at: '2029-12-31T23:59:00' })]);
  });
});

describe('target input and recurring schedules', () => {
  it('substitutes Scheduler context attributes in the Input', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    await client.send(
      new CreateScheduleCommand({
        ...atSchedule('ctx', queue.arn, '2030-01-01T00:00:00'),
        Target: { Arn: queue.arn, RoleArn: ROLE_ARN, Input: '<aws.scheduler.schedule-arn>|<aws.scheduler.scheduled-time>|<aws.scheduler.attempt-number>' },
      }),
    );

    await emulator.fireDue();
    expect(await receive(queue.url)).toEqual(['arn:aws:scheduler:us-east-1:000000000000:schedule/default/ctx|2030-01-01T00:00:00Z|1']);
  });

  it('fires a rate() schedule immediately and then once per interval until its EndDate', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    await client.send(
      new CreateScheduleCommand({
        ...atSchedule('every-5', queue.arn, 'unused'),
        ScheduleExpression: 'rate(5 minutes)',
        EndDate: new Date(T0 + 12 * 60_000),
        ActionAfterCompletion: 'DELETE',
      }),
    );

    expect(await emulator.fireDue()).toBe(1);
    clock = T0 + 4 * 60_000;
    expect(await emulator.fireDue()).toBe(0);
    clock = T0 + 5 * 60_000;
    expect(await emulator.fireDue()).toBe(1);
    clock = T0 + 10 * 60_000;
    expect(await emulator.fireDue()).toBe(1);
    expect(await receive(queue.url)).toHaveLength(3);
    // The next occurrence (15 min) is past EndDate, so the series completed and DELETE applied.
    await expect(client.send(new GetScheduleCommand({ Name: 'every-5' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});

describe('schedules that must not fire', () => {
  it('never fires a schedule deleted before it was due', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    await client.send(new CreateScheduleCommand(atSchedule('cancelled', queue.arn, '2030-01-01T00:05:00')));
    await client.send(new DeleteScheduleCommand({ Name: 'cancelled' }));

    clock = T0 + 3_600_000;
    expect(await emulator.fireDue()).toBe(0);
    expect(await receive(queue.url)).toEqual([]);
  });

  it('never fires a DISABLED schedule, and fires it once UpdateSchedule enables it', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    const input = atSchedule('paused', queue.arn, '2030-01-01T00:00:00', { State: 'DISABLED' });
    await client.send(new CreateScheduleCommand(input));

    clock = T0 + 3_600_000;
    expect(await emulator.fireDue()).toBe(0);
    expect(await receive(queue.url)).toEqual([]);

    await client.send(new UpdateScheduleCommand({ ...input, State: 'ENABLED' }));
    expect(await emulator.fireDue()).toBe(1);
  });

  it('fires at the new time after UpdateSchedule moves a pending schedule later', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    await client.send(new CreateScheduleCommand(atSchedule('moved', queue.arn, '2030-01-01T00:05:00')));
    await client.send(new UpdateScheduleCommand(atSchedule('moved', queue.arn, '2030-01-01T01:00:00')));

    clock = T0 + 5 * 60_000;
    expect(await emulator.fireDue()).toBe(0);
    clock = T0 + 3_600_000;
    expect(await emulator.fireDue()).toBe(1);
  });
});

describe('API errors', () => {
  it('rejects a duplicate name in the same group with ConflictException but allows it in another group', async () => {
    const { client } = await start();
    const queue = newQueue();
    await client.send(new CreateScheduleCommand(atSchedule('dup', queue.arn, '2030-01-01T00:05:00')));

    const error = await client.send(new CreateScheduleCommand(atSchedule('dup', queue.arn, '2030-01-01T00:05:00'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictException);
    expect((error as ConflictException).$metadata.httpStatusCode).toBe(409);

    await client.send(new CreateScheduleGroupCommand({ Name: 'other' }));
    await client.send(new CreateScheduleCommand(atSchedule('dup', queue.arn, '2030-01-01T00:05:00', { GroupName: 'other' })));
  });

  it.each([
    ['an unparseable expression', { ScheduleExpression: 'at(tomorrow)' }],
    ['a date that does not exist', { ScheduleExpression: 'at(2030-02-30T00:00:00)' }],
    ['an unknown time zone', { ScheduleExpressionTimezone: 'Nowhere/Special' }],
    ['a target that is not an SQS queue', { Target: { Arn: 'arn:aws:lambda:us-east-1:000000000000:function:f', RoleArn: ROLE_ARN } }],
  ])('rejects %s with ValidationException', async (_label, override) => {
    const { client } = await start();
    const error = await client
      .send(new CreateScheduleCommand({ ...atSchedule('bad', newQueue().arn, '2030-01-01T00:05:00'), ...override }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationException);
    expect((error as ValidationException).$metadata.httpStatusCode).toBe(400);
    expect((error as ValidationException).message).not.toBe('UnknownError');
  });

  it('answers ResourceNotFoundException for a missing schedule and for a missing group', async () => {
    const { client } = await start();
    const queue = newQueue();
    await expect(client.send(new GetScheduleCommand({ Name: 'nope' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(client.send(new DeleteScheduleCommand({ Name: 'nope' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(client.send(new UpdateScheduleCommand(atSchedule('nope', queue.arn, '2030-01-01T00:05:00')))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
    await expect(
      client.send(new CreateScheduleCommand(atSchedule('orphan', queue.arn, '2030-01-01T00:05:00', { GroupName: 'missing' }))),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(client.send(new GetScheduleGroupCommand({ Name: 'missing' }))).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});

describe('schedule groups and listing', () => {
  it('always has a default group that cannot be deleted', async () => {
    const { client } = await start();
    const group = await client.send(new GetScheduleGroupCommand({ Name: 'default' }));
    expect(group).toMatchObject({ Name: 'default', State: 'ACTIVE', Arn: 'arn:aws:scheduler:us-east-1:000000000000:schedule-group/default' });
    await expect(client.send(new DeleteScheduleGroupCommand({ Name: 'default' }))).rejects.toBeInstanceOf(ValidationException);
  });

  it('deletes the schedules of a deleted group so they never fire', async () => {
    const { emulator, client } = await start();
    const queue = newQueue();
    await client.send(new CreateScheduleGroupCommand({ Name: 'doomed' }));
    await client.send(new CreateScheduleCommand(atSchedule('in-doomed', queue.arn, '2030-01-01T00:00:00', { GroupName: 'doomed' })));
    await client.send(new DeleteScheduleGroupCommand({ Name: 'doomed' }));

    expect(await emulator.fireDue()).toBe(0);
    await expect(client.send(new GetScheduleCommand({ Name: 'in-doomed', GroupName: 'doomed' }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
  });

  it('lists schedules filtered by group, name prefix and state, page by page', async () => {
    const { client } = await start();
    const queue = newQueue();
    await client.send(new CreateScheduleGroupCommand({ Name: 'jobs' }));
    for (const name of ['job-a', 'job-b', 'job-c', 'other']) {
      await client.send(new CreateScheduleCommand(atSchedule(name, queue.arn, '2030-01-02T00:00:00', { GroupName: 'jobs' })));
    }
    await client.send(new CreateScheduleCommand(atSchedule('job-d', queue.arn, '2030-01-02T00:00:00', { GroupName: 'jobs', State: 'DISABLED' })));
    await client.send(new CreateScheduleCommand(atSchedule('job-z', queue.arn, '2030-01-02T00:00:00')));

    const names: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await client.send(
        new ListSchedulesCommand({ GroupName: 'jobs', NamePrefix: 'job-', State: 'ENABLED', MaxResults: 2, NextToken }),
      );
      expect(page.Schedules!.length).toBeLessThanOrEqual(2);
      names.push(...page.Schedules!.map((s) => s.Name!));
      NextToken = page.NextToken;
    } while (NextToken);
    expect(names).toEqual(['job-a', 'job-b', 'job-c']);

    const all = await client.send(new ListSchedulesCommand({}));
    expect(all.Schedules!.map((s) => `${s.GroupName}/${s.Name}`)).toEqual([
      'default/job-z',
      'jobs/job-a',
      'jobs/job-b',
      'jobs/job-c',
      'jobs/job-d',
      'jobs/other',
    ]);
    expect(all.Schedules![0]).toMatchObject({ Target: { Arn: queue.arn }, CreationDate: new Date(T0) });
  });
});

describe('delivery failures', () => {
  it('retries a failed delivery on a later tick and succeeds once the queue exists', async () => {
    const { emulator, client } = await start();
    const name = `late-${randomUUID().slice(0, 8)}`;
    const arn = `arn:aws:sqs:us-east-1:000000000000:${name}`;
    await client.send(new CreateScheduleCommand(atSchedule('retry', arn, '2030-01-01T00:00:00')));

    expect(await emulator.fireDue()).toBe(0);
    const { queueUrl } = createQueue(name);
    clock += 60_000;
    expect(await emulator.fireDue()).toBe(1);
    expect(await receive(queueUrl)).toHaveLength(1);
  });

  it('sends the Input to the dead-letter queue once retries are exhausted', async () => {
    const { emulator, client } = await start();
    const dlq = newQueue();
    const missing = `arn:aws:sqs:us-east-1:000000000000:missing-${randomUUID().slice(0, 8)}`;
    await client.send(
      new CreateScheduleCommand({
        ...atSchedule('doomed-delivery', missing, '2030-01-01T00:00:00'),
        Target: {
          Arn: missing,
          RoleArn: ROLE_ARN,
          Input: '{"to":"dlq"}',
          RetryPolicy: { MaximumRetryAttempts: 1, MaximumEventAgeInSeconds: 3600 },
          DeadLetterConfig: { Arn: dlq.arn },
        },
      }),
    );

    expect(await emulator.fireDue()).toBe(0);
    expect(await receive(dlq.url)).toEqual([]);
    clock += 60_000;
    expect(await emulator.fireDue()).toBe(0);
    expect(await receive(dlq.url)).toEqual(['{"to":"dlq"}']);
    clock += 3_600_000;
    expect(await emulator.fireDue()).toBe(0);
  });
});

describe('persistence', () => {
  it('fires a pending schedule after the emulator restarts on the same dataFile', async () => {
    const dataFile = join(dataDir(), 'scheduler.json');
    const queue = newQueue();
    const first = await start({ dataFile });
    await first.client.send(new CreateScheduleCommand(atSchedule('survivor', queue.arn, '2030-01-01T00:05:00')));
    await stop(first.emulator);

    const second = await start({ dataFile });
    expect((await second.client.send(new GetScheduleCommand({ Name: 'survivor' }))).Name).toBe('survivor');
    clock = T0 + 5 * 60_000;
    expect(await second.emulator.fireDue()).toBe(1);
    expect(await receive(queue.url)).toHaveLength(1);
  });

  it('fires a schedule that fell due while the emulator was stopped on the first tick after restart', async () => {
    const dataFile = join(dataDir(), 'nested', 'scheduler.json');
    const queue = newQueue();
    const first = await start({ dataFile });
    await first.client.send(new CreateScheduleCommand(atSchedule('missed', queue.arn, '2030-01-01T00:05:00')));
    await stop(first.emulator);

    clock = T0 + 3_600_000;
    await start({ dataFile, tickMs: 20 });
    expect(await receive(queue.url, 5)).toEqual([JSON.stringify({ name: 'missed', at: '2030-01-01T00:05:00' })]);
  });

  it('remembers that a schedule already fired, so a restart does not deliver it twice', async () => {
    const dataFile = join(dataDir(), 'scheduler.json');
    const queue = newQueue();
    const first = await start({ dataFile });
    await first.client.send(new CreateScheduleCommand(atSchedule('once', queue.arn, '2030-01-01T00:00:00')));
    expect(await first.emulator.fireDue()).toBe(1);
    await stop(first.emulator);

    const second = await start({ dataFile });
    expect(await second.emulator.fireDue()).toBe(0);
    expect(await receive(queue.url)).toHaveLength(1);
  });
});
