// The adapters' functions that reach AWS, and what a call of each grants. Every call names what
// it reaches in its first argument, a string literal: `send('summarize', …)`,
// `deleteObject('audio/', key)`, `sealSecret('kept-answer', …)`. touches.ts reads those calls
// in each function's tree-shaken bundle, so a function is granted what its code calls, and a
// new route or worker writes no IAM. A new adapter function is one entry here.
import { bucket, queues, type QueueName } from '#shared/topology.ts';
import { SECRET_PURPOSES, type SecretPurpose } from '#shared/secrets/key-wrap.ts';

export type ObjectFolder = (typeof bucket.folders)[number];
/** read: Get/Head; write: Put (single or multipart, presigned or not) and abort; delete; list: HeadObject tells 404 from 403. */
export type ObjectAccess = 'read' | 'write' | 'delete' | 'list';
/** Provider API keys, read from SSM Parameter Store at cold start (see PROVIDER_KEYS in grants.ts). */
export type ProviderKey = 'asr' | 'llm';
export type KmsAction = 'Encrypt' | 'Decrypt';

/** What one call grants, given the literal its first argument names. */
export type Grant =
  | { readonly kind: 'objects'; readonly folder: ObjectFolder; readonly access: readonly ObjectAccess[] }
  | { readonly kind: 'sends'; readonly queue: QueueName; readonly later: boolean }
  | { readonly kind: 'kms'; readonly purpose: SecretPurpose; readonly action: KmsAction }
  | { readonly kind: 'secrets'; readonly key: ProviderKey }
  | { readonly kind: 'originVerify' };

interface AccessCall {
  /** The adapter that defines the function: only its importers' calls are read. */
  readonly module: string;
  /** The grant for the literal the call names; undefined when the literal names nothing known. */
  readonly grant: (literal: string | undefined) => Grant | undefined;
}

/** A test that a call's literal is one of `names`. */
const oneOf = <T extends string>(names: readonly T[]) => (s: string | undefined): s is T => (names as readonly (string | undefined)[]).includes(s);
const isFolder = oneOf<ObjectFolder>(bucket.folders);
const isPurpose = oneOf<SecretPurpose>(SECRET_PURPOSES);
const isQueue = (s: string | undefined): s is QueueName => queues.some((q) => q.name === s);

const objects = (...access: ObjectAccess[]): AccessCall => ({
  module: 'shared/blob/objects.ts',
  grant: (folder) => (isFolder(folder) ? { kind: 'objects', folder, access } : undefined),
});
const sends = (later: boolean): AccessCall => ({
  module: 'shared/queue/jobs.ts',
  grant: (queue) => (isQueue(queue) ? { kind: 'sends', queue, later } : undefined),
});
const kms = (action: KmsAction): AccessCall => ({
  module: 'shared/secrets/box.ts',
  grant: (purpose) => (isPurpose(purpose) ? { kind: 'kms', purpose, action } : undefined),
});

/** Function name → what a call of it grants. */
export const ACCESS_CALLS: Readonly<Record<string, AccessCall>> = {
  readObject: objects('read'),
  getJson: objects('read'),
  presignGet: objects('read'),
  // Another service (Transcribe) reads the object with the caller's permissions.
  objectUri: objects('read'),
  // Reading an object that may be missing: without ListBucket, S3 answers 403 for 404.
  objectSize: objects('read', 'list'),
  readIfChanged: objects('read', 'list'),
  putJson: objects('write'),
  putIfUnchanged: objects('write'),
  uploadStream: objects('write'),
  presignPut: objects('write'),
  startMultipart: objects('write'),
  presignPart: objects('write'),
  completeMultipart: objects('write'),
  // Another service (Transcribe) writes its result there with the caller's permissions.
  outputPrefix: objects('write'),
  deleteObject: objects('delete'),
  send: sends(false),
  sendAll: sends(false),
  sendInGroup: sends(false),
  // Later than SQS allows (over 900 s): through a one-time schedule that sends the message.
  sendLater: sends(true),
  sealSecret: kms('Encrypt'),
  openSecret: kms('Decrypt'),
  providerKey: { module: 'shared/providers/keys.ts', grant: (key) => (key === 'asr' || key === 'llm' ? { kind: 'secrets', key } : undefined) },
  // CloudFront's origin proof, given in ORIGIN_VERIFY to the functions that check it.
  originProof: { module: 'shared/auth/origin-proof.ts', grant: () => ({ kind: 'originVerify' }) },
};

/**
 * The modules that may import an AWS SDK client (other than DynamoDB's): the adapters above and
 * the client factories and key wrapping they use. Anything else reaches AWS through them.
 */
export const ADAPTERS: ReadonlySet<string> = new Set([
  ...Object.values(ACCESS_CALLS).map((c) => c.module),
  'shared/clients.ts',
  'shared/clients/kms.ts',
  'shared/clients/s3.ts',
  'shared/clients/sqs.ts',
  'shared/clients/scheduler.ts',
  'shared/secrets/key-wrap.ts',
]);

/** Packages whose use is itself the grant: a service client, or a library with its own table use. */
const PACKAGE_GRANTS: Readonly<Record<string, 'bedrock' | 'transcribe' | 'idempotency'>> = {
  '@aws-sdk/client-bedrock-runtime': 'bedrock',
  '@aws-sdk/client-transcribe': 'transcribe',
  // Powertools' idempotency store reads, claims, completes and releases its record.
  '@aws-lambda-powertools/idempotency': 'idempotency',
};

/** The grant a package import (or one of its subpaths) carries. */
export const packageGrant = (path: string) => Object.entries(PACKAGE_GRANTS).find(([p]) => path === p || path.startsWith(`${p}/`))?.[1];
