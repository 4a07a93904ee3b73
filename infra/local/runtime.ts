// The whole service on one machine: the emulators, the resources from topology.ts, the API
// gateway, the queue consumers and the periodic jobs, all pointed at one data folder.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { resetClients } from '#shared/clients.ts';
import { loadSettings, reloadSettings, settings } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import { consumers, periodic, queueUrlSetting, type QueueName } from '#shared/topology.ts';
import { startDynamoDbLocal } from './dynamodb.ts';
import { startFauxqs } from './fauxqs.ts';
import { startLocalS3 } from './s3.ts';
import { ensureFirstAdmin } from './first-admin.ts';
import { startGateway } from './gateway.ts';
import type { Artifacts } from './artifacts/manifest.ts';
import { prepareArtifacts } from './artifacts/prepare.ts';
import { localArn, resolver } from './artifacts/resolve.ts';
import { localFunctions, type LocalFunctions, type LocalFunctionsOptions } from './lambda/functions.ts';
import { enforceIam, REFUSAL_FILE } from './iam/enforce.ts';
import { judgeOf } from './iam/policies.ts';
import type { Refusal } from './iam/proxy.ts';
import { executionRoleGate } from './iam/services.ts';
import { createResources, LOCAL_CREDENTIALS, LOCAL_NAMES, localEnvironment } from './resources.ts';
import { claimDataDir, releaseDataDir, updateRuntimeFile, type LiveRuntime } from './runtime-file.ts';
import type { Delivery } from './scheduler/dispatcher.ts';
import { startSchedulerEmulator } from './scheduler/emulator.ts';
import { startPoller, type InvokeSqs } from './sqs-poller.ts';
import { createScheduleGroup } from './schedule-group.ts';
import { quietSteps, type StartSteps } from './start-steps.ts';

export interface RuntimeOptions {
  readonly dataDir: string;
  readonly port: number;
  /** false keeps everything in memory (tests); the data folder then only holds admin-token. */
  readonly persistent?: boolean;
  /** Extra settings for this runtime, e.g. shorter retry schedules in tests. */
  readonly settings?: Record<string, string>;
  /** Where the gateway listens (default 127.0.0.1); every emulator listens on loopback only. */
  readonly host?: string;
  /** Reports each start step (`npm start` prints them); quiet by default. */
  readonly steps?: StartSteps;
}

export interface Runtime {
  readonly url: string;
  readonly env: Record<string, string>;
  /** Set only on the first start of an empty store. */
  readonly firstAdminToken: string | undefined;
  readonly functions: LocalFunctions;
  /** AWS calls of functions that their role's policy refused (README: IAM locally). */
  readonly refusals: readonly Refusal[];
  stop(): Promise<void>;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const dataDir = resolve(options.dataDir);
  const steps = options.steps ?? quietSteps;
  mkdirSync(dataDir, { recursive: true });
  claimDataDir(dataDir, 'runtime');
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((error: unknown) => logger.error('shutdown step failed', { error }));
    releaseDataDir(dataDir);
  };
  try {
    const artifacts = await steps.run('function bundles', () => prepareArtifacts(), (a) => (a.cached ? 'cached' : 'built'));
    // The Scheduler delivers as a schedule's role, judged once the IAM proxies are up.
    const gate: { authorize?: (delivery: Delivery) => Promise<void> } = {};
    const started = await startEmulators(dataDir, options.persistent ?? true, steps, stops, (delivery) => gate.authorize?.(delivery) ?? Promise.resolve());
    const endpoints = started.endpoints;
    const queueUrls = await steps.run('creating queues and table', () => createResources(endpoints));
    const local = { ...localEnvironment(endpoints, queueUrls), DATA_DIR: dataDir, ...options.settings };
    // Functions reach the emulators only through the IAM proxies, signing as themselves.
    const signers: { functions?: LocalFunctions } = {};
    const caller = (keyId: string) => signers.functions?.credentials(keyId)?.entry;
    const iam = await steps.run('starting IAM proxies', () => enforceIam(artifacts, endpoints, { caller, refusalFile: join(dataDir, REFUSAL_FILE) }));
    stops.push(() => iam.stop());
    gate.authorize = iam.authorizeDelivery;
    const signingKey = randomBytes(32);
    const functions = functionsOn(artifacts, { ...process.env, ...local, ...localEnvironment(iam.endpoints, queueUrls) }, { signingKey, assumeRole: iam.assumeExecutionRole });
    signers.functions = functions;
    stops.push(() => functions.stop());
    for (const { entry } of artifacts.functions) {
      const own = functions.environment(entry);
      started.s3.allow({ accessKeyId: own.AWS_ACCESS_KEY_ID!, secretAccessKey: own.AWS_SECRET_ACCESS_KEY! });
    }
    // The runtime itself (first administrator, schedule group) and tests read what the functions read.
    const { SCHEDULE_GROUP, SCHEDULER_ROLE_ARN } = functions.environment('api/fallback');
    const env = { ...local, SCHEDULE_GROUP: SCHEDULE_GROUP!, SCHEDULER_ROLE_ARN: SCHEDULER_ROLE_ARN! };
    Object.assign(process.env, env);
    reloadSettings();
    resetClients();
    await createScheduleGroup(settings().scheduleGroup);
    const firstAdminToken = await ensureFirstAdmin(dataDir);
    const gateway = await steps.run('starting functions and gateway', () => startGateway(options.port, functions, options.host));
    stops.push(() => gateway.stop());
    stops.push(startWorkers(env, iam.endpoints.sqs, functions));
    // `npm run invoke` runs a function as this stack does: through its proxies, signing as it.
    updateRuntimeFile(dataDir, { url: gateway.url, endpoints, env, iam: { endpoints: iam.endpoints, signingKey: signingKey.toString('base64') } });
    return { url: gateway.url, env, firstAdminToken, functions, refusals: iam.refusals, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Database, queues, storage and scheduler, each pushing its stop onto `stops`. */
async function startEmulators(dataDir: string, persistent: boolean, steps: StartSteps, stops: (() => Promise<void>)[], authorize: (delivery: Delivery) => Promise<void>) {
  const kept = (name: string) => (persistent ? join(dataDir, name) : undefined);
  const dynamo = await steps.run('starting database (DynamoDB Local)', () => startDynamoDbLocal(kept('dynamodb'), (dynamoPid) => updateRuntimeFile(dataDir, { dynamoPid })));
  stops.push(() => dynamo.stop());
  const fauxqs = await steps.run('starting queues (fauxqs)', () => startFauxqs(kept('fauxqs')));
  stops.push(() => fauxqs.stop());
  const s3 = await steps.run('starting storage (S3)', () => startLocalS3({ dir: kept('s3'), bucket: LOCAL_NAMES.bucket, credentials: LOCAL_CREDENTIALS }));
  stops.push(() => s3.stop());
  const scheduler = await steps.run('starting scheduler', () => startSchedulerEmulator({ sqsEndpoint: fauxqs.endpoint, dataFile: persistent ? join(dataDir, 'scheduler.json') : undefined, authorize }));
  stops.push(() => scheduler.stop());
  return { s3, endpoints: { dynamodb: dynamo.endpoint, sqs: fauxqs.endpoint, s3: s3.endpoint, scheduler: scheduler.url } };
}

/**
 * The stack's functions on the local resources `env` points at (its QUEUE_URL_* settings), each
 * run only if Lambda may assume its role (`assumeRole` judges that).
 */
function functionsOn(artifacts: Artifacts, env: Readonly<Record<string, string | undefined>>, own: Pick<LocalFunctionsOptions, 'signingKey' | 'assumeRole'>): LocalFunctions {
  const resolve = resolver(artifacts, (name, dlq) => (env[queueUrlSetting(name as QueueName)] ?? '').replace(/(\.fifo)?$/, dlq ? '-dlq$1' : '$1'));
  // The template carries AWS's provider defaults; locally the runtime's own choice (its defaults included) runs.
  const chosen = loadSettings(env);
  return localFunctions({ artifacts, resolve, base: { ASR_PROVIDER: chosen.asrProvider, LLM_PROVIDER: chosen.llmProvider, ...env }, maxInstances, ...own });
}

/**
 * The functions of a stack running in another process, as that stack runs them: through its
 * IAM proxies, signing with the same credentials (`npm run invoke`).
 */
export function functionsOfRunning(artifacts: Artifacts, running: LiveRuntime, env: Readonly<Record<string, string | undefined>> = process.env): LocalFunctions {
  if (!running.iam) throw new Error(`the stack running as pid ${running.pid} has no IAM proxies (an older version): restart it`);
  // Lambda's part is judged here (a refused role is logged); the stack's proxies judge the calls.
  const assumeRole = executionRoleGate(judgeOf(artifacts), () => undefined);
  return functionsOn(artifacts, { ...env, ...running.env, ...localEnvironment(running.iam.endpoints, {}) }, { signingKey: Buffer.from(running.iam.signingKey, 'base64'), assumeRole });
}

/** Consumers run as many instances as their event source mapping allows; periodic jobs one. */
function maxInstances(entry: string): number | undefined {
  const consumer = consumers.find((c) => `workers/${c.handler}` === entry);
  if (consumer) return consumer.maxConcurrency;
  return periodic.some((p) => `workers/${p.handler}` === entry) ? 1 : undefined;
}

/**
 * Starts every consumer and periodic job; returns the function that stops them. As Lambda's
 * event source mappings do, each consumer's poller reads its queue with the function's role.
 */
function startWorkers(env: Record<string, string>, sqsEndpoint: string, functions: LocalFunctions): () => Promise<void> {
  const clients = consumers.map((consumer) => {
    const own = functions.environment(`workers/${consumer.handler}`);
    const credentials = { accessKeyId: own.AWS_ACCESS_KEY_ID!, secretAccessKey: own.AWS_SECRET_ACCESS_KEY! };
    return new SQSClient({ endpoint: sqsEndpoint, region: env.AWS_REGION, credentials, useQueueUrlAsEndpoint: false });
  });
  const pollers = consumers.map((consumer, i) =>
    startPoller({
      sqs: clients[i]!,
      queueUrl: env[queueUrlSetting(consumer.queue)]!,
      queueArn: localArn.queue(consumer.queue),
      name: consumer.handler,
      invoke: (event, requestId) => functions.get(`workers/${consumer.handler}`).invoke(event, requestId) as ReturnType<InvokeSqs>,
      batchSize: consumer.batchSize,
      concurrency: consumer.maxConcurrency,
    }),
  );
  const timers = periodic.map((job) =>
    setInterval(() => {
      functions
        .get(`workers/${job.handler}`)
        .invoke({ source: 'aws.events', 'detail-type': 'Scheduled Event', time: new Date().toISOString() })
        // A run cut short by shutdown is not a failure.
        .catch((error: unknown) => stopping || logger.error('periodic job failed', { job: job.handler, error }));
      // Locally the interval is a setting, so tests need not wait a minute for a sweep.
    }, Math.min(settings().jobs.sweepIntervalSeconds, settings().webhooks.dispatcherIntervalSeconds) * 1000),
  );
  let stopping = false;
  return async () => {
    stopping = true;
    timers.forEach(clearInterval);
    await Promise.all(pollers.map((p) => p.stop()));
    clients.forEach((c) => c.destroy());
  };
}
