// The settings every function gets: resource names, queue URLs and the tunables an operator
// sets per deployment (context `settings`), parsed with the service's own schema so that a bad
// value fails the synth, not the first request. Provider keys are never settings: functions
// that need one get the name of its SSM parameter (grants.ts), read at cold start.
import { loadSettings, type Settings } from '../../shared/config.ts';
import { queueUrlSetting } from '#shared/topology.ts';
import type { Data, Topology } from './data.ts';

/** Settings an operator may set per deployment (context `settings`); the rest come from resources. */
export const TUNABLE_SETTINGS = [
  'LOG_LEVEL',
  'PUBLIC_BASE_URL',
  'DOCS_PUBLIC',
  'RATE_LIMIT_STATS_PER_MINUTE',
  'RATE_LIMIT_READ_PER_MINUTE',
  'RATE_LIMIT_WRITE_PER_MINUTE',
  'RATE_LIMIT_PROCESSING_PER_MINUTE',
  'RATE_LIMIT_BATCH_PER_MINUTE',
  'MAX_JSON_BODY_KB',
  'UPLOAD_MAX_MB',
  'UPLOAD_MULTIPART_THRESHOLD_MB',
  'IDEMPOTENCY_TTL_HOURS',
  'ASR_PROVIDER',
  'ASR_BASE_URL',
  'ASR_MODEL',
  'ASR_MAX_UPLOAD_MB',
  'ASR_CHUNK_SECONDS',
  'ASR_CHUNK_OVERLAP_SECONDS',
  'ASR_TIMEOUT_SECONDS',
  'ASR_DIARIZE',
  'LLM_PROVIDER',
  'LLM_BASE_URL',
  'LLM_MODEL',
  'LLM_CONTEXT_TOKENS',
  'LLM_MAX_OUTPUT_TOKENS',
  'LLM_TIMEOUT_SECONDS',
  'PRICE_TABLE',
  'ADMIN_DEFAULT_SUMMARY_PROMPT',
  'JOB_LEASE_SECONDS',
  'JOB_MAX_ATTEMPTS',
  'JOB_RETRY_DELAYS_SECONDS',
  'JOB_REQUEUE_AFTER_SECONDS',
  'OUTBOX_REPUBLISH_AFTER_SECONDS',
  'WEBHOOK_GLOBAL_ENABLED',
  'WEBHOOK_MAX_PER_USER',
  'WEBHOOK_DELIVERY_TIMEOUT_SECONDS',
  'WEBHOOK_MAX_ATTEMPTS',
  'WEBHOOK_AUTOPAUSE_FAILURES',
  'WEBHOOK_INTRANET_HOST_ALLOWLIST',
  'WEBHOOK_RETRY_SCHEDULE_SECONDS',
  'WEBHOOK_HEADER_PREFIX',
  'WEBHOOK_STANDARD_HEADERS',
] as const;

/** Written by functionEnvironment itself (with the service's defaults); the others only when set. */
const WRITTEN: ReadonlySet<string> = new Set([
  'LOG_LEVEL',
  'PUBLIC_BASE_URL',
  'DOCS_PUBLIC',
  'RATE_LIMIT_STATS_PER_MINUTE',
  'RATE_LIMIT_READ_PER_MINUTE',
  'RATE_LIMIT_WRITE_PER_MINUTE',
  'RATE_LIMIT_PROCESSING_PER_MINUTE',
  'RATE_LIMIT_BATCH_PER_MINUTE',
  'MAX_JSON_BODY_KB',
  'UPLOAD_MAX_MB',
  'IDEMPOTENCY_TTL_HOURS',
]);

/** Parameter names only; a setting that looks like it carries a key itself is refused. */
const LOOKS_LIKE_A_KEY = /(^|_)(API_?KEY|SECRET|TOKEN|PASSWORD)$/;

/**
 * Defaults that differ on AWS: the embedded speech engine runs ffmpeg and pocketsphinx, which
 * the Lambda runtime does not have, so a deployment transcribes with Amazon Transcribe unless
 * it chooses another provider.
 */
const AWS_DEFAULTS: Readonly<Record<string, string>> = { ASR_PROVIDER: 'aws-transcribe' };

export function functionEnvironment(data: Data, topo: Topology, given: Readonly<Record<string, string>>): { env: Record<string, string>; settings: Settings } {
  const overrides = { ...AWS_DEFAULTS, ...given };
  const allowed = new Set<string>(TUNABLE_SETTINGS);
  const unknown = Object.keys(overrides).filter((k) => !allowed.has(k));
  if (unknown.length > 0) {
    const keys = unknown.filter((k) => LOOKS_LIKE_A_KEY.test(k));
    const hint = keys.length > 0 ? `; provider keys go in SSM Parameter Store, never in settings (${keys.join(', ')})` : '';
    throw new Error(`unknown settings in context: ${unknown.join(', ')} (allowed: ${TUNABLE_SETTINGS.join(', ')})${hint}`);
  }
  const s = loadSettings(overrides);
  if (s.asrProvider === 'local') {
    throw new Error(
      'ASR_PROVIDER=local cannot run on AWS: the embedded engine needs pocketsphinx, which Lambda does not have. ' +
        'Choose aws-transcribe (the default on AWS), openai or whisperx (both get ffmpeg and ffprobe in a layer).',
    );
  }
  const env: Record<string, string> = {
    TABLE_NAME: data.table.tableName,
    BUCKET_NAME: data.bucket.bucketName,
    SCHEDULE_GROUP: data.scheduleGroupName,
    SCHEDULER_ROLE_ARN: data.schedulerRole.roleArn,
    LOG_LEVEL: s.logLevel,
    DOCS_PUBLIC: String(s.docsPublic),
    RATE_LIMIT_STATS_PER_MINUTE: String(s.rateLimits.stats),
    RATE_LIMIT_READ_PER_MINUTE: String(s.rateLimits.read),
    RATE_LIMIT_WRITE_PER_MINUTE: String(s.rateLimits.write),
    RATE_LIMIT_PROCESSING_PER_MINUTE: String(s.rateLimits.processing),
    RATE_LIMIT_BATCH_PER_MINUTE: String(s.rateLimits.batch),
    MAX_JSON_BODY_KB: String(s.maxJsonBodyBytes / 1024),
    UPLOAD_MAX_MB: String(s.uploadMaxMb),
    IDEMPOTENCY_TTL_HOURS: String(s.idempotencyTtlSeconds / 3600),
  };
  if (s.publicBaseUrl) env.PUBLIC_BASE_URL = s.publicBaseUrl;
  for (const [k, v] of Object.entries(overrides)) if (!WRITTEN.has(k) && v !== '') env[k] = v;
  for (const q of topo.queues) env[queueUrlSetting(q.name)] = data.queue(q.name).queueUrl;
  return { env, settings: s };
}
