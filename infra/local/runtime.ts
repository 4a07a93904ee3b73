// The whole service on one machine: the emulators, the resources from topology.ts, the API
// gateway, the queue consumers and the periodic jobs, all pointed at one data folder.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { resetClients } from '#shared/clients.ts';
import { reloadSettings, settings } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import { consumers, periodic, queues, queueUrlSetting } from '#shared/topology.ts';
import { startDynamoDbLocal } from './dynamodb.ts';
import { startFauxqs } from './fauxqs.ts';
import { startLocalS3 } from './s3.ts';
import { ensureFirstAdmin } from './first-admin.ts';
import { startGateway } from './gateway.ts';
import { loadHandler } from './handlers.ts';
import { lambdaContext } from './lambda-context.ts';
import { createResources, LOCAL_CREDENTIALS, LOCAL_NAMES, localEnvironment } from './resources.ts';
import { claimDataDir, releaseDataDir, updateRuntimeFile } from './runtime-file.ts';
import { startSchedulerEmulator } from './scheduler/emulator.ts';
import { startPoller, type SqsHandler } from './sqs-poller.ts';
import { createScheduleGroup } from './schedule-group.ts';

export interface RuntimeOptions {
  readonly dataDir: string;
  readonly port: number;
  /** false keeps everything in memory (tests); the data folder then only holds admin-token. */
  readonly persistent?: boolean;
  /** Extra settings for this runtime, e.g. shorter retry schedules in tests. */
  readonly settings?: Record<string, string>;
}

export interface Runtime {
  readonly url: string;
  readonly env: Record<string, string>;
  /** Set only on the first start of an empty store. */
  readonly firstAdminToken: string | undefined;
  stop(): Promise<void>;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  claimDataDir(dataDir, 'runtime');
  removeStaleWorkFolders();
  const persistent = options.persistent ?? true;
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((error: unknown) => logger.error('shutdown step failed', { error }));
    releaseDataDir(dataDir);
  };
  try {
    const dynamo = await startDynamoDbLocal(persistent ? join(dataDir, 'dynamodb') : undefined, (dynamoPid) => updateRuntimeFile(dataDir, { dynamoPid }));
    stops.push(() => dynamo.stop());
    const fauxqs = await startFauxqs(persistent ? join(dataDir, 'fauxqs') : undefined);
    stops.push(() => fauxqs.stop());
    const s3 = await startLocalS3({ dir: persistent ? join(dataDir, 's3') : undefined, bucket: LOCAL_NAMES.bucket, credentials: LOCAL_CREDENTIALS });
    stops.push(() => s3.stop());
    const scheduler = await startSchedulerEmulator({ sqsEndpoint: fauxqs.endpoint, dataFile: persistent ? join(dataDir, 'scheduler.json') : undefined });
    stops.push(() => scheduler.stop());
    const endpoints = { dynamodb: dynamo.endpoint, sqs: fauxqs.endpoint, s3: s3.endpoint, scheduler: scheduler.url };
    const env = { ...localEnvironment(endpoints, await createResources(endpoints)), DATA_DIR: dataDir, ...options.settings };
    Object.assign(process.env, env);
    reloadSettings();
    resetClients();
    await createScheduleGroup(settings().scheduleGroup);
    const firstAdminToken = await ensureFirstAdmin(dataDir);
    const gateway = await startGateway(options.port);
    stops.push(() => gateway.stop());
    stops.push(startWorkers(env, endpoints.sqs));
    updateRuntimeFile(dataDir, { url: gateway.url, endpoints, env });
    return { url: gateway.url, env, firstAdminToken, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Jobs work in temporary folders; a process killed mid-job cannot clean its own up. */
function removeStaleWorkFolders(): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(tmpdir())) {
    if (!/^verbatim-(job|asr)-/.test(name)) continue;
    const path = join(tmpdir(), name);
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // another process's folder vanished meanwhile
    }
  }
}

/** Starts every consumer and periodic job; returns the function that stops them. */
function startWorkers(env: Record<string, string>, sqsEndpoint: string): () => Promise<void> {
  const sqs = new SQSClient({ endpoint: sqsEndpoint, region: env.AWS_REGION, useQueueUrlAsEndpoint: false });
  const pollers = consumers.map((consumer) => {
    const queue = queues.find((q) => q.name === consumer.queue)!;
    return startPoller({
      sqs,
      queueUrl: env[queueUrlSetting(queue.name)]!,
      queueArn: `arn:aws:sqs:us-east-1:000000000000:${LOCAL_NAMES.queuePrefix}${queue.name}`,
      name: consumer.handler,
      handler: () => loadHandler(`workers/${consumer.handler}`) as Promise<SqsHandler>,
      batchSize: consumer.batchSize,
      concurrency: consumer.maxConcurrency,
      timeoutSeconds: consumer.timeoutSeconds,
    });
  });
  const timers = periodic.map((job) =>
    setInterval(() => {
      loadHandler(`workers/${job.handler}`)
        .then((run) => run({ source: 'aws.events', 'detail-type': 'Scheduled Event', time: new Date().toISOString() }, lambdaContext(job.handler, job.timeoutSeconds)))
        .catch((error: unknown) => logger.error('periodic job failed', { job: job.handler, error }));
      // Locally the interval is a setting, so tests need not wait a minute for a sweep.
    }, Math.min(settings().jobs.sweepIntervalSeconds, settings().webhooks.dispatcherIntervalSeconds) * 1000),
  );
  return async () => {
    timers.forEach(clearInterval);
    await Promise.all(pollers.map((p) => p.stop()));
    sqs.destroy();
  };
}
