// Every setting of the service, parsed once from the environment. Nothing else reads
// process.env: code asks settings() and gets typed, validated values.
import * as z from 'zod/mini';
import { queues, queueUrlSetting, type QueueName } from '#shared/topology.ts';
import { ASR_PROVIDERS, LLM_PROVIDERS, parsePriceTable, type AsrProviderName, type LlmProviderName } from './domain/pricing.ts';
import type { RateClass } from './domain/rate-limit.ts';

/**
 * A setting: the validator of a value the environment gives, and the value when it gives none.
 * A function's environment sets some 20 of these; the validators of the others are never built
 * (zod builds a validator at some cost, and every function parses its settings at cold start).
 */
interface Setting<S extends z.ZodMiniType> {
  readonly check: () => S;
  readonly unset: z.output<S>;
}

const setting = <S extends z.ZodMiniType>(check: () => S, unset: z.output<S>): Setting<S> => ({ check, unset });
const flag = (fallback: boolean) =>
  setting(() => z.pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']), z.transform((v) => v === 'true' || v === '1' || v === 'yes')), fallback);
const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) => setting(() => z.coerce.number().check(z.int(), z.gte(min), z.lte(max)), fallback);
const text = (fallback: string) => setting(() => z.string(), fallback);
const optionalText = setting((): z.ZodMiniType<string | undefined> => z.string().check(z.minLength(1)), undefined);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => setting(() => z.enum(values), fallback);
const matching = (pattern: RegExp, message: string, fallback: string) => setting(() => z.string().check(z.regex(pattern, message)), fallback);
const SECONDS_LIST = /^\d+(,\d+)*$/;

const SETTINGS = {
  AWS_REGION: text('us-east-1'),
  TABLE_NAME: text('verbatim'),
  BUCKET_NAME: text('verbatim-audio'),
  SCHEDULE_GROUP: text('verbatim'),
  SCHEDULER_ROLE_ARN: text('arn:aws:iam::000000000000:role/verbatim-scheduler'),
  LOG_LEVEL: oneOf(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'], 'INFO'),
  PUBLIC_BASE_URL: optionalText,
  /** The S3 endpoint the SDK uses when it is not AWS's own (the AWS SDK's standard variable). */
  AWS_ENDPOINT_URL_S3: optionalText,
  /** The DynamoDB endpoint when it is not AWS's own (the AWS SDK's standard variable). */
  AWS_ENDPOINT_URL_DYNAMODB: optionalText,
  /** The SQS endpoint when it is not AWS's own (the AWS SDK's standard variable). */
  AWS_ENDPOINT_URL_SQS: optionalText,
  /** The KMS endpoint when it is not AWS's own (the AWS SDK's standard variable; KMS is used only on AWS). */
  AWS_ENDPOINT_URL_KMS: optionalText,

  RATE_LIMIT_STATS_PER_MINUTE: int(60),
  RATE_LIMIT_READ_PER_MINUTE: int(100),
  RATE_LIMIT_WRITE_PER_MINUTE: int(30),
  RATE_LIMIT_PROCESSING_PER_MINUTE: int(10),
  RATE_LIMIT_BATCH_PER_MINUTE: int(10),

  DOCS_PUBLIC: flag(false),
  SESSION_IDLE_HOURS: int(12, 1, 24 * 30),
  SESSION_ABSOLUTE_DAYS: int(14, 1, 365),
  SIGNIN_FREE_FAILURES_PER_ACCOUNT: int(5, 1, 1000),
  SIGNIN_FREE_FAILURES_PER_ADDRESS: int(30, 1, 100_000),
  MAX_JSON_BODY_KB: int(1024, 1),
  UPLOAD_MAX_MB: int(1000, 1),
  UPLOAD_MULTIPART_THRESHOLD_MB: int(100, 5, 5000),
  IDEMPOTENCY_TTL_HOURS: int(24, 1),

  ASR_PROVIDER: oneOf(ASR_PROVIDERS, 'local'),
  LLM_PROVIDER: oneOf(LLM_PROVIDERS, 'local'),
  ASR_BASE_URL: optionalText,
  ASR_API_KEY: optionalText,
  ASR_API_KEY_PARAMETER: optionalText,
  ASR_MODEL: text('whisper-1'),
  ASR_MAX_UPLOAD_MB: int(25, 1, 2000),
  ASR_CHUNK_SECONDS: int(600, 30, 7200),
  ASR_CHUNK_OVERLAP_SECONDS: int(3, 0, 60),
  ASR_TIMEOUT_SECONDS: int(900, 10, 7200),
  ASR_DIARIZE: flag(true),
  // Amazon Transcribe job names are unique per account and region: each deployment names its own
  // (on AWS: verbatim-<stage>-<part of the stack's id>-).
  TRANSCRIBE_JOB_PREFIX: matching(/^[0-9A-Za-z._-]{1,60}-$/, 'letters, digits, . _ - ending in -', 'verbatim-'),
  LLM_BASE_URL: optionalText,
  LLM_API_KEY: optionalText,
  LLM_API_KEY_PARAMETER: optionalText,
  LLM_MODEL: text('gpt-4o-mini'),
  LLM_CONTEXT_TOKENS: int(24_000, 1000, 2_000_000),
  LLM_MAX_OUTPUT_TOKENS: int(2000, 100, 100_000),
  LLM_TIMEOUT_SECONDS: int(300, 5, 3600),
  PRICE_TABLE: optionalText,
  ADMIN_DEFAULT_SUMMARY_PROMPT: optionalText,
  JOB_LEASE_SECONDS: int(60, 5, 3600),
  JOB_MAX_ATTEMPTS: int(4, 1, 20),
  JOB_RETRY_DELAYS_SECONDS: matching(SECONDS_LIST, 'must be a comma-separated list of seconds', '10,60,300,1800'),
  JOB_REQUEUE_AFTER_SECONDS: int(900, 10),
  OUTBOX_REPUBLISH_AFTER_SECONDS: int(60, 1),
  SWEEP_INTERVAL_SECONDS: int(60, 1),

  WEBHOOK_GLOBAL_ENABLED: flag(true),
  WEBHOOK_MAX_PER_USER: int(10, 1, 1000),
  WEBHOOK_DELIVERY_TIMEOUT_SECONDS: int(10, 1, 60),
  WEBHOOK_MAX_ATTEMPTS: int(5, 1, 20),
  WEBHOOK_AUTOPAUSE_FAILURES: int(10, 1, 1000),
  WEBHOOK_DISPATCHER_INTERVAL_SECONDS: int(5, 1, 3600),
  WEBHOOK_INTRANET_HOST_ALLOWLIST: text(''),
  WEBHOOK_RETRY_SCHEDULE_SECONDS: matching(SECONDS_LIST, 'must be a comma-separated list of seconds', '30,120,600,3600'),
  WEBHOOK_HEADER_PREFIX: matching(/^[A-Za-z][A-Za-z0-9]*-$/, 'must look like "Service-"', 'Service-'),
  WEBHOOK_STANDARD_HEADERS: flag(false),
  /** The KMS key that wraps webhook secrets' data keys (set by the AWS stack); empty: DATA_DIR's key file. */
  WEBHOOK_SECRET_KEY_ID: text(''),
  /** What CloudFront's requests to the API carry in X-Origin-Verify (set by the AWS stack); empty: no X-Viewer-Address is trusted. */
  ORIGIN_VERIFY: text(''),

  // Local runtime only: where data lives and which port the gateway serves.
  DATA_DIR: text('./.data'),
  LOCAL_IN_MEMORY: flag(false),
  PORT: int(3000, 0, 65535),
  /** The gateway's address; anything but loopback serves the API to the network (README: Security). */
  HOST: text('127.0.0.1'),
};

export interface Settings {
  readonly region: string;
  readonly tableName: string;
  readonly bucketName: string;
  readonly scheduleGroup: string;
  readonly schedulerRoleArn: string;
  readonly logLevel: string;
  readonly publicBaseUrl: string | undefined;
  /** DynamoDB's endpoint when it is not AWS's own (AWS_ENDPOINT_URL_DYNAMODB). */
  readonly dynamoEndpoint: string | undefined;
  /** SQS's endpoint when it is not AWS's own (AWS_ENDPOINT_URL_SQS). */
  readonly sqsEndpoint: string | undefined;
  /** KMS's endpoint when it is not AWS's own (AWS_ENDPOINT_URL_KMS). */
  readonly kmsEndpoint: string | undefined;
  /** Where S3 requests and presigned URLs go (path-style): browsers upload and play audio from there. */
  readonly storageOrigin: string;
  readonly rateLimits: Readonly<Record<RateClass, number>>;
  readonly docsPublic: boolean;
  /** The proof that a request came through the stack's CloudFront distribution; undefined: none does. */
  readonly originVerify: string | undefined;
  /** Web sessions: idle and absolute lifetime; sign-in failures allowed before delays grow. */
  readonly sessions: { readonly idleSeconds: number; readonly absoluteSeconds: number; readonly freeFailuresPerAccount: number; readonly freeFailuresPerAddress: number };
  readonly maxJsonBodyBytes: number;
  readonly uploadMaxMb: number;
  /** Presigned uploads above this go in parts (S3 takes at most 5 GB in one PUT). */
  readonly multipartThresholdMb: number;
  readonly idempotencyTtlSeconds: number;
  readonly dataDir: string;
  /** KMS key for webhook secrets; undefined: the key file in dataDir. */
  readonly webhookSecretKeyId: string | undefined;
  /** Local runtime: keep everything in memory (test runs), nothing but admin-token on disk. */
  readonly localInMemory: boolean;
  readonly host: string;
  readonly port: number;
  readonly queueUrls: Readonly<Partial<Record<QueueName, string>>>;
  readonly asrProvider: AsrProviderName;
  readonly llmProvider: LlmProviderName;
  readonly asr: {
    /** OpenAI-compatible base URL (…/v1) for `openai`; the service root for `whisperx`. */
    readonly baseUrl: string | undefined;
    /** Locally from the environment; on AWS the key is read from SSM by parameter name. */
    readonly apiKey: string | undefined;
    readonly apiKeyParameter: string | undefined;
    readonly model: string;
    /** The provider's upload limit: larger audio is cut into chunks. */
    readonly maxUploadMb: number;
    readonly chunkSeconds: number;
    readonly chunkOverlapSeconds: number;
    readonly timeoutSeconds: number;
    readonly diarize: boolean;
    /** TRANSCRIBE_JOB_PREFIX: how this deployment's Amazon Transcribe jobs are named. */
    readonly jobPrefix: string;
  };
  readonly llm: {
    readonly baseUrl: string | undefined;
    readonly apiKey: string | undefined;
    readonly apiKeyParameter: string | undefined;
    /** The chat model, or the Bedrock model id. */
    readonly model: string;
    /** How many tokens of transcript one call may carry; longer ones are summarised in parts. */
    readonly contextTokens: number;
    readonly maxOutputTokens: number;
    readonly timeoutSeconds: number;
  };
  /** JSON price table for estimated costs (see README); undefined: built-in prices. */
  readonly priceTable: string | undefined;
  readonly adminDefaultSummaryPrompt: string | undefined;
  readonly webhooks: {
    readonly globalEnabled: boolean;
    readonly maxPerUser: number;
    readonly timeoutSeconds: number;
    readonly maxAttempts: number;
    readonly autopauseFailures: number;
    /** Local runtime: how often due deliveries are looked for (on AWS: the minute sweep). */
    readonly dispatcherIntervalSeconds: number;
    /** Matched against the whole hostname; null when the setting is empty. */
    readonly intranetAllowlist: RegExp | null;
    /** Delays before attempts 2, 3, … */
    readonly retryScheduleSeconds: readonly number[];
    readonly headerPrefix: string;
    readonly standardHeaders: boolean;
  };
  readonly jobs: {
    /** A running job's lease; a worker that stops renewing it is taken to have died. */
    readonly leaseSeconds: number;
    readonly maxAttempts: number;
    /** Back-off before each retry of a transient provider failure. */
    readonly retryDelaysSeconds: readonly number[];
    /** A PENDING recording whose message may have been lost is queued again after this. */
    readonly requeueAfterSeconds: number;
    readonly republishAfterSeconds: number;
    /** How often the local runtime sweeps (on AWS an EventBridge rule runs it every minute). */
    readonly sweepIntervalSeconds: number;
  };
}

export class SettingsError extends Error {
  override name = 'SettingsError';
}

type Parsed = { -readonly [K in keyof typeof SETTINGS]: (typeof SETTINGS)[K]['unset'] };

/** The settings the environment gives, checked by their validators; the others take their unset value. */
function parse(present: Readonly<Record<string, string>>): Parsed {
  const given = (Object.keys(SETTINGS) as (keyof typeof SETTINGS)[]).filter((key) => present[key] !== undefined);
  const parsed = z.object(Object.fromEntries(given.map((key) => [key, SETTINGS[key].check()]))).safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new SettingsError(`Invalid settings: ${problems}`);
  }
  const unset = Object.fromEntries(Object.entries(SETTINGS).map(([key, s]) => [key, s.unset]));
  return { ...unset, ...parsed.data } as Parsed;
}

export function loadSettings(env: Record<string, string | undefined>): Settings {
  const present = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
  const s = parse(present);
  try {
    parsePriceTable(s.PRICE_TABLE);
  } catch (error) {
    throw new SettingsError(`Invalid settings: ${(error as Error).message}`);
  }
  return { ...service(s), ...http(s), ...providers(s), webhooks: webhooks(s), jobs: jobs(s), queueUrls: queueUrls(present) };
}

/** Where the service's resources are and how it runs. */
function service(s: Parsed) {
  return {
    region: s.AWS_REGION,
    tableName: s.TABLE_NAME,
    bucketName: s.BUCKET_NAME,
    dynamoEndpoint: s.AWS_ENDPOINT_URL_DYNAMODB || undefined,
    sqsEndpoint: s.AWS_ENDPOINT_URL_SQS || undefined,
    kmsEndpoint: s.AWS_ENDPOINT_URL_KMS || undefined,
    storageOrigin: s.AWS_ENDPOINT_URL_S3 ? new URL(s.AWS_ENDPOINT_URL_S3).origin : `https://s3.${s.AWS_REGION}.amazonaws.com`,
    scheduleGroup: s.SCHEDULE_GROUP,
    schedulerRoleArn: s.SCHEDULER_ROLE_ARN,
    logLevel: s.LOG_LEVEL,
    dataDir: s.DATA_DIR,
    webhookSecretKeyId: s.WEBHOOK_SECRET_KEY_ID || undefined,
    localInMemory: s.LOCAL_IN_MEMORY,
    port: s.PORT,
    host: s.HOST,
    priceTable: s.PRICE_TABLE,
    adminDefaultSummaryPrompt: s.ADMIN_DEFAULT_SUMMARY_PROMPT,
  };
}

/** What the API accepts from whom: rate limits, sessions, body and upload sizes. */
function http(s: Parsed) {
  return {
    publicBaseUrl: s.PUBLIC_BASE_URL,
    rateLimits: {
      stats: s.RATE_LIMIT_STATS_PER_MINUTE,
      read: s.RATE_LIMIT_READ_PER_MINUTE,
      write: s.RATE_LIMIT_WRITE_PER_MINUTE,
      processing: s.RATE_LIMIT_PROCESSING_PER_MINUTE,
      batch: s.RATE_LIMIT_BATCH_PER_MINUTE,
    },
    docsPublic: s.DOCS_PUBLIC,
    originVerify: s.ORIGIN_VERIFY || undefined,
    sessions: {
      idleSeconds: s.SESSION_IDLE_HOURS * 3600,
      absoluteSeconds: s.SESSION_ABSOLUTE_DAYS * 86_400,
      freeFailuresPerAccount: s.SIGNIN_FREE_FAILURES_PER_ACCOUNT,
      freeFailuresPerAddress: s.SIGNIN_FREE_FAILURES_PER_ADDRESS,
    },
    maxJsonBodyBytes: s.MAX_JSON_BODY_KB * 1024,
    uploadMaxMb: s.UPLOAD_MAX_MB,
    multipartThresholdMb: s.UPLOAD_MULTIPART_THRESHOLD_MB,
    idempotencyTtlSeconds: s.IDEMPOTENCY_TTL_HOURS * 3600,
  };
}

/** The speech recognition and language model engines and how to reach them. */
function providers(s: Parsed) {
  return {
    asrProvider: s.ASR_PROVIDER,
    llmProvider: s.LLM_PROVIDER,
    asr: {
      baseUrl: s.ASR_BASE_URL,
      apiKey: s.ASR_API_KEY,
      apiKeyParameter: s.ASR_API_KEY_PARAMETER,
      model: s.ASR_MODEL,
      maxUploadMb: s.ASR_MAX_UPLOAD_MB,
      chunkSeconds: s.ASR_CHUNK_SECONDS,
      chunkOverlapSeconds: s.ASR_CHUNK_OVERLAP_SECONDS,
      timeoutSeconds: s.ASR_TIMEOUT_SECONDS,
      diarize: s.ASR_DIARIZE,
      jobPrefix: s.TRANSCRIBE_JOB_PREFIX,
    },
    llm: {
      baseUrl: s.LLM_BASE_URL,
      apiKey: s.LLM_API_KEY,
      apiKeyParameter: s.LLM_API_KEY_PARAMETER,
      model: s.LLM_MODEL,
      contextTokens: s.LLM_CONTEXT_TOKENS,
      maxOutputTokens: s.LLM_MAX_OUTPUT_TOKENS,
      timeoutSeconds: s.LLM_TIMEOUT_SECONDS,
    },
  };
}

function webhooks(s: Parsed): Settings['webhooks'] {
  return {
    globalEnabled: s.WEBHOOK_GLOBAL_ENABLED,
    maxPerUser: s.WEBHOOK_MAX_PER_USER,
    timeoutSeconds: s.WEBHOOK_DELIVERY_TIMEOUT_SECONDS,
    maxAttempts: s.WEBHOOK_MAX_ATTEMPTS,
    autopauseFailures: s.WEBHOOK_AUTOPAUSE_FAILURES,
    dispatcherIntervalSeconds: s.WEBHOOK_DISPATCHER_INTERVAL_SECONDS,
    intranetAllowlist: allowlist(s.WEBHOOK_INTRANET_HOST_ALLOWLIST),
    retryScheduleSeconds: s.WEBHOOK_RETRY_SCHEDULE_SECONDS.split(',').map(Number),
    headerPrefix: s.WEBHOOK_HEADER_PREFIX,
    standardHeaders: s.WEBHOOK_STANDARD_HEADERS,
  };
}

function jobs(s: Parsed): Settings['jobs'] {
  return {
    leaseSeconds: s.JOB_LEASE_SECONDS,
    maxAttempts: s.JOB_MAX_ATTEMPTS,
    retryDelaysSeconds: s.JOB_RETRY_DELAYS_SECONDS.split(',').map(Number),
    requeueAfterSeconds: s.JOB_REQUEUE_AFTER_SECONDS,
    republishAfterSeconds: s.OUTBOX_REPUBLISH_AFTER_SECONDS,
    sweepIntervalSeconds: s.SWEEP_INTERVAL_SECONDS,
  };
}

/** Each queue's URL, for the queues whose setting is present. */
function queueUrls(present: Record<string, string | undefined>): Settings['queueUrls'] {
  return Object.fromEntries(
    queues.flatMap((q) => {
      const url = present[queueUrlSetting(q.name)];
      return url ? [[q.name, url]] : [];
    }),
  );
}

/** The allowlist must match a whole hostname, however the setting is written. */
function allowlist(pattern: string): RegExp | null {
  if (!pattern.trim()) return null;
  try {
    return new RegExp(`^(?:${pattern})$`, 'i');
  } catch {
    throw new SettingsError(`Invalid settings: WEBHOOK_INTRANET_HOST_ALLOWLIST: not a regular expression`);
  }
}

let cached: Settings | undefined;

/** The process's settings, parsed on first use. */
export function settings(): Settings {
  cached ??= loadSettings(process.env);
  return cached;
}

/** For the local runtime and tests, which set the environment after modules load. */
export function reloadSettings(): Settings {
  cached = undefined;
  return settings();
}
