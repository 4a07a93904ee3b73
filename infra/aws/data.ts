// The stateful half of the stack, realised from shared/topology.ts: the one table, the audio
// bucket, one queue (plus its dead-letter queue) per topology row, and the Scheduler's group
// and role. Nothing here knows about routes or functions.
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type * as topology from '#shared/topology.ts';
import type { QueueName } from '#shared/topology.ts';

/** The parts of shared/topology.ts the stack is built from (tests may pass their own rows). */
export interface Topology {
  readonly table: typeof topology.table;
  readonly bucket: typeof topology.bucket;
  readonly queues: typeof topology.queues;
  readonly consumers: typeof topology.consumers;
  readonly periodic: typeof topology.periodic;
  readonly scheduleGroup: typeof topology.scheduleGroup;
}

export interface DataProps {
  readonly stage: string;
  readonly topology: Topology;
  /** Refuse to delete the table (default: only in prod). */
  readonly deletionProtection?: boolean;
}

export class Data extends Construct {
  readonly table: TableV2;
  readonly bucket: Bucket;
  readonly queues: ReadonlyMap<QueueName, Queue>;
  readonly indexNames: readonly string[];
  readonly scheduleGroupName: string;
  /** Every schedule of the group: names are generated per schedule. */
  readonly schedulesArn: string;
  readonly schedulerRole: Role;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { stage, topology: topo } = props;
    const prod = stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = serviceTable(this, topo.table, props.deletionProtection ?? prod, removalPolicy);
    this.bucket = audioBucket(this, topo.bucket.uploadStagingPrefix, prod, removalPolicy);
    this.queues = topologyQueues(this, topo.queues);

    this.indexNames = topo.table.indexes.map((ix) => ix.name);
    this.scheduleGroupName = `${topo.scheduleGroup}-${stage}`;
    new CfnScheduleGroup(this, 'ScheduleGroup', { name: this.scheduleGroupName });
    this.schedulesArn = Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${this.scheduleGroupName}/*` });

    // The role the Scheduler assumes to fire a one-time schedule: it may only put a message on
    // the queues the code schedules to (scheduleTo), and only for this account (confused deputy).
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: `EventBridge Scheduler delivers ${this.scheduleGroupName} schedules to the service's queues`,
    });
  }

  /** Lets the Scheduler role deliver delayed messages to these queues (call once, with them all). */
  scheduleTo(queues: Iterable<QueueName>): void {
    const arns = [...new Set(queues)].sort().map((q) => this.queue(q).queueArn);
    if (arns.length > 0) this.schedulerRole.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: arns }));
  }

  queue(name: QueueName): Queue {
    const q = this.queues.get(name);
    if (!q) throw new Error(`topology has no queue named "${name}"`);
    return q;
  }
}

/** "webhook-fanout" → "WebhookFanout"; also flattens path separators ("a/b" → "AB"). */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** The one table, with every index of the topology (less those held back, see below). */
function serviceTable(scope: Construct, t: Topology['table'], deletionProtection: boolean, removalPolicy: RemovalPolicy): TableV2 {
  // CloudFormation adds one global secondary index per table update: a table deployed before
  // several new ones gains them over several deploys (`-c withoutIndexes=GSI4`, then without it).
  const without = new Set(String(scope.node.tryGetContext('withoutIndexes') ?? '').split(',').filter(Boolean));
  return new TableV2(scope, 'Table', {
    partitionKey: { name: t.partitionKey, type: AttributeType.STRING },
    sortKey: { name: t.sortKey, type: AttributeType.STRING },
    globalSecondaryIndexes: t.indexes.filter((ix) => !without.has(ix.name)).map((ix) => ({
      indexName: ix.name,
      partitionKey: { name: ix.partitionKey, type: AttributeType.STRING },
      sortKey: { name: ix.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    })),
    billing: Billing.onDemand(),
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: t.ttlAttribute,
    deletionProtection,
    removalPolicy,
  });
}

/** The audio bucket: private, browsers upload to it and read from it through presigned URLs. */
function audioBucket(scope: Construct, uploadStagingPrefix: string, prod: boolean, removalPolicy: RemovalPolicy): Bucket {
  return new Bucket(scope, 'Bucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: false,
    // Browsers PUT straight to presigned URLs and read back with GET; the URL's signature,
    // not the origin, is what authorises the request.
    cors: [
      {
        allowedMethods: [HttpMethods.PUT, HttpMethods.GET],
        allowedOrigins: ['*'],
        allowedHeaders: ['*'],
        exposedHeaders: ['ETag'],
        maxAge: 3000,
      },
    ],
    lifecycleRules: [
      { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      { id: 'expire-upload-staging', prefix: uploadStagingPrefix, expiration: Duration.days(2) },
    ],
    removalPolicy,
    // why: outside prod a `cdk destroy` should not stop at a non-empty bucket. This adds
    // CDK's one helper function (Custom::S3AutoDeleteObjects), which the tests account for.
    autoDeleteObjects: !prod,
  });
}

/** One queue per topology row, each with its own dead-letter queue. */
function topologyQueues(scope: Construct, rows: Topology['queues']): Map<QueueName, Queue> {
  const queues = new Map<QueueName, Queue>();
  for (const q of rows) {
    const id = pascal(q.name);
    const dlq = new Queue(scope, `${id}Dlq`, {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: QueueEncryption.SQS_MANAGED,
      ...(q.fifo ? { fifo: true } : {}),
    });
    queues.set(
      q.name,
      new Queue(scope, `${id}Queue`, {
        visibilityTimeout: Duration.seconds(q.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(q.retentionDays),
        enforceSSL: true,
        encryption: QueueEncryption.SQS_MANAGED,
        deadLetterQueue: { queue: dlq, maxReceiveCount: q.maxReceiveCount },
        ...(q.fifo ? { fifo: true } : {}),
      }),
    );
  }
  return queues;
}
