// The one description of the service's resources. The CDK stack (infra/aws) and the local
// runtime (infra/local) are both built from it, so the two topologies cannot drift apart.

interface IndexSpec {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export interface TableSpec {
  /** Logical name; the physical name comes from settings (TABLE_NAME). */
  readonly id: 'main';
  readonly partitionKey: 'PK';
  readonly sortKey: 'SK';
  readonly indexes: readonly IndexSpec[];
  /** Epoch-seconds attribute that DynamoDB TTL deletes by (lazily: reads must still check it). */
  readonly ttlAttribute: 'ttl';
}

export interface QueueSpec {
  /** Logical name; settings carry the URL as QUEUE_URL_<NAME upper-cased, dashes to underscores>. */
  readonly name: QueueName;
  /** At least VISIBILITY_TIMEOUT_FACTOR × the consumer's timeout (the synth refuses less). */
  readonly visibilityTimeoutSeconds: number;
  /** Receives before a message moves to the queue's dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly retentionDays: number;
  /** First-in-first-out, one consumer at a time per message group (MessageGroupId). */
  readonly fifo?: true;
}

export interface ConsumerSpec {
  readonly queue: QueueName;
  /** Path of the worker module under functions/workers, without extension. */
  readonly handler: string;
  readonly batchSize: number;
  readonly maxConcurrency: number;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
}

export interface PeriodicSpec {
  /** Path of the worker module under functions/workers, without extension. */
  readonly handler: string;
  readonly everySeconds: number;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
}

export type QueueName = 'transcribe' | 'summarize' | 'events' | 'events-overflow' | 'deliveries' | 'deliveries-overflow' | 'speakers' | 'search';

export const table: TableSpec = {
  id: 'main',
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    // The recordings list's title and file-size orders (shared/store/list-index.ts).
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
  ],
  ttlAttribute: 'ttl',
};

/** The bucket, and its top-level folders: each is granted on its own (`<bucket>/<folder>*`). */
export const bucket = { id: 'audio', uploadStagingPrefix: 'staging/', folders: ['audio/', 'transcripts/', 'transcribe/', 'search/'] } as const;

/**
 * AWS recommends a queue's visibility timeout be at least six times its Lambda consumer's
 * timeout, so that a message is not handed to a second worker while the first may still run,
 * retries of a throttled event source included. SQS allows up to 12 hours, so every queue here
 * can follow it; the synth refuses a queue that does not.
 */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

export const queues: readonly QueueSpec[] = [
  // 6 × 900 s: the transcription worker may run Lambda's full 15 minutes.
  { name: 'transcribe', visibilityTimeoutSeconds: 5400, maxReceiveCount: 5, retentionDays: 14 },
  { name: 'summarize', visibilityTimeoutSeconds: 1800, maxReceiveCount: 5, retentionDays: 14 },
  { name: 'events', visibilityTimeoutSeconds: 540, maxReceiveCount: 5, retentionDays: 14 },
  { name: 'events-overflow', visibilityTimeoutSeconds: 540, maxReceiveCount: 5, retentionDays: 14 },
  { name: 'deliveries', visibilityTimeoutSeconds: 360, maxReceiveCount: 8, retentionDays: 14 },
  { name: 'deliveries-overflow', visibilityTimeoutSeconds: 360, maxReceiveCount: 8, retentionDays: 14 },
  { name: 'speakers', visibilityTimeoutSeconds: 180, maxReceiveCount: 5, retentionDays: 14 },
  // Search index updates, grouped by user: one writer at a time per user's index object.
  { name: 'search', visibilityTimeoutSeconds: 180, maxReceiveCount: 8, retentionDays: 14, fifo: true },
];

/** Queue consumers. One recording per transcription message: it is long, CPU-bound work. */
export const consumers: readonly ConsumerSpec[] = [
  { queue: 'transcribe', handler: 'transcribe', batchSize: 1, maxConcurrency: 2, memoryMb: 3008, timeoutSeconds: 900 },
  { queue: 'summarize', handler: 'summarize', batchSize: 1, maxConcurrency: 2, memoryMb: 1024, timeoutSeconds: 300 },
  // Events, and the events of a user past the lane share on a lane of their own
  // (shared/webhooks/fanout.ts): a burst's fan-out never holds another user's events. Fan-out
  // makes first attempts itself for up to 5 s, then waits at most the webhook timeout (≤ 60 s).
  // The overflow lane takes one event at a time per consumer, so that a burst keeps few writes
  // ahead of other users' in the store.
  { queue: 'events', handler: 'events', batchSize: 10, maxConcurrency: 2, memoryMb: 256, timeoutSeconds: 90 },
  { queue: 'events-overflow', handler: 'events-overflow', batchSize: 1, maxConcurrency: 2, memoryMb: 256, timeoutSeconds: 90 },
  // A batch of deliveries goes out side by side; the timeout covers a batch of slow receivers.
  // Two lanes with their own consumers: a user's deliveries within the lane share take the first,
  // the excess of a burst the overflow lane, so one user's burst never queues ahead of another
  // user's first attempt (shared/webhooks/fanout.ts).
  { queue: 'deliveries', handler: 'deliver', batchSize: 10, maxConcurrency: 4, memoryMb: 256, timeoutSeconds: 60 },
  { queue: 'deliveries-overflow', handler: 'deliver', batchSize: 10, maxConcurrency: 4, memoryMb: 256, timeoutSeconds: 60 },
  // A speaker rename touching many recordings: one message per recording to rewrite.
  { queue: 'speakers', handler: 'speaker-rename', batchSize: 10, maxConcurrency: 2, memoryMb: 256, timeoutSeconds: 30 },
  // A batch is applied to each user's index in one load and one save.
  { queue: 'search', handler: 'search-index', batchSize: 10, maxConcurrency: 2, memoryMb: 1769, timeoutSeconds: 30 },
];

/** Work run on a fixed interval (an EventBridge rule on AWS, a timer locally). */
export const periodic: readonly PeriodicSpec[] = [{ handler: 'sweep', everySeconds: 60, memoryMb: 256, timeoutSeconds: 60 }];

export const scheduleGroup = 'verbatim';

/** The settings key that carries a queue's URL. */
export function queueUrlSetting(name: QueueName): string {
  return `QUEUE_URL_${name.toUpperCase().replace(/-/g, '_')}`;
}
