// The local Scheduler emulator for tests, on a fake clock and delivering to a fauxqs SQS server
// started once per test file; each test gets a temp folder, and the emulators it started stop after it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchedulerClient, type CreateScheduleCommandInput } from '@aws-sdk/client-scheduler';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  startSchedulerEmulator,
  type SchedulerEmulator,
  type SchedulerEmulatorOptions,
} from '../../infra/local/scheduler/emulator.ts';

export const T0 = Date.parse('2030-01-01T00:00:00Z');
export const ROLE_ARN = 'arn:aws:iam::000000000000:role/scheduler';
// Long enough that the background timer never runs during fake-clock tests; they call fireDue().
const NO_TICK = 3_600_000;

/** One fauxqs server for the test file, and an SQS client of it (set once the file's tests start). */
function fauxqsForFile() {
  const server = {} as { sqs: FauxqsServer; endpoint: string; client: SQSClient };
  beforeAll(async () => {
    server.sqs = await startFauxqs({ port: 0, logger: false });
    server.endpoint = `http://127.0.0.1:${server.sqs.port}`;
    server.client = new SQSClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      useQueueUrlAsEndpoint: false,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
  });

  afterAll(async () => {
    server.client.destroy();
    await server.sqs.stop();
  });
  return server;
}

/** Registers the hooks; emulators started through the result read the time from `now`. */
export function schedulerEmulatorFixture(now: () => number) {
  const server = fauxqsForFile();
  let dataDir: string;
  const running: { emulator: SchedulerEmulator; client: SchedulerClient }[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'scheduler-emulator-'));
  });

  afterEach(async () => {
    for (const { emulator, client } of running.splice(0)) {
      client.destroy();
      await emulator.stop();
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(options: Partial<SchedulerEmulatorOptions> = {}) {
    const emulator = await startSchedulerEmulator({ sqsEndpoint: server.endpoint, now, tickMs: NO_TICK, ...options });
    const client = new SchedulerClient({
      endpoint: emulator.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    running.push({ emulator, client });
    return { emulator, client };
  }

  async function stop(emulator: SchedulerEmulator): Promise<void> {
    const index = running.findIndex((entry) => entry.emulator === emulator);
    const [entry] = running.splice(index, 1);
    entry?.client.destroy();
    await emulator.stop();
  }

  function newQueue(): { url: string; arn: string } {
    const { queueUrl, queueArn } = server.sqs.createQueue(`q-${randomUUID().slice(0, 8)}`);
    return { url: queueUrl, arn: queueArn };
  }

  async function receive(queueUrl: string, waitTimeSeconds = 0): Promise<string[]> {
    const { Messages } = await server.client.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: waitTimeSeconds }),
    );
    return (Messages ?? []).map((message) => message.Body ?? '');
  }

  return {
    start,
    stop,
    newQueue,
    receive,
    /** A queue of this name on the fauxqs server. */
    createQueue: (name: string) => server.sqs.createQueue(name),
    /** This test's temp folder. */
    dataDir: () => dataDir,
  };
}

export function atSchedule(
  name: string,
  targetArn: string,
  at: string,
  extra: Partial<CreateScheduleCommandInput> = {},
): CreateScheduleCommandInput {
  return {
    Name: name,
    ScheduleExpression: `at(${at})`,
    FlexibleTimeWindow: { Mode: 'OFF' },
    Target: { Arn: targetArn, RoleArn: ROLE_ARN, Input: JSON.stringify({ name, at }) },
    ...extra,
  };
}
