// What each function touches, read from the code instead of written per route. A function's
// code is the tree-shaken esbuild bundle of its entry (the same resolution as the real bundle,
// its own modules only); what that code reaches comes from two sources:
// - DynamoDB: the item actions are the command classes and transaction items the bundled
//   modules use (GetCommand → GetItem, { Put: … } → PutItem, …), so nothing is declared;
// - everything else: MODULE_TOUCHES below, one row per shared module that reaches S3, a queue,
//   the Scheduler, a provider key, Bedrock or Transcribe. A bundled module that imports an AWS
//   client, or a module that acts on whatever its caller names (DELEGATES), without a row fails
//   the synth. Provider rows hold only for the provider the deployment chooses (ASR_PROVIDER,
//   LLM_PROVIDER): every provider's code is bundled, only the chosen one runs.
// A new route or worker therefore gets exactly what the modules it imports reach, with no IAM
// to write; a new way of reaching AWS is one row here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import type { SecretPurpose } from '#shared/secrets/key-wrap.ts';
import type { QueueName } from '#shared/topology.ts';
import { BUNDLE } from './bundling.ts';

/** Top-level folders of the bucket, each granted on its own (`<bucket>/<prefix>*`). */
type ObjectPrefix = 'audio/' | 'transcripts/' | 'transcribe/' | 'search/';
/** read: Get/Head; write: Put (single or multipart, presigned or not) and abort; delete; list: HeadObject tells 404 from 403. */
export type ObjectAccess = 'read' | 'write' | 'delete' | 'list';
/** Provider API keys, read from SSM Parameter Store at cold start (see PROVIDER_KEYS in grants.ts). */
export type ProviderKey = 'asr' | 'llm';
type KmsAction = 'Encrypt' | 'Decrypt';
export type DynamoAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'Scan' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem' | 'ConditionCheckItem';

interface ModuleTouches {
  /** Item actions the module needs beyond the commands it names itself (a library's). */
  readonly table?: readonly DynamoAction[];
  readonly objects?: Readonly<Partial<Record<ObjectPrefix, readonly ObjectAccess[]>>>;
  readonly sends?: readonly QueueName[];
  /** Sends later than SQS allows (over 900 s), through a one-time schedule; sends sooner too. */
  readonly schedules?: readonly QueueName[];
  readonly secrets?: readonly ProviderKey[];
  /** Seals (Encrypt) or opens (Decrypt) values of a purpose with the stack's secrets key (secrets-key.ts). */
  readonly kms?: Readonly<Partial<Record<SecretPurpose, readonly KmsAction[]>>>;
  /** Checks the value CloudFront's requests to the API carry (origin-verify.ts), given in ORIGIN_VERIFY. */
  readonly originVerify?: true;
  /** Calls Amazon Bedrock (Converse) with the model of LLM_MODEL. */
  readonly bedrock?: true;
  /** Starts and reads Amazon Transcribe jobs (named TRANSCRIBE_JOB_PREFIX…). */
  readonly transcribe?: true;
  /** The row holds only when the deployment chooses this provider: other providers' code may be bundled, but is not run. */
  readonly when?: Readonly<Partial<Record<keyof Deployed, string>>>;
}

/** The settings that decide which bundled provider code runs. */
export interface Deployed {
  readonly ASR_PROVIDER: string;
  readonly LLM_PROVIDER: string;
}

/** Shared modules that act on a queue, an object or a job named by their caller: every module that uses one declares what it names. */
const DELEGATES = [
  'shared/blob/objects.ts',
  'shared/queue/jobs.ts',
  'shared/recordings/publish.ts',
  'shared/pipeline/outcome.ts',
  'shared/providers/keys.ts',
  'shared/secrets/key-wrap.ts',
  'shared/secrets/box.ts',
];

/** Module path → what it reaches. Keep rows as narrow as the module's own calls. */
const MODULE_TOUCHES: Readonly<Record<string, ModuleTouches>> = {
  // The client factories and the two adapters: the caller names the object or the queue.
  'shared/clients.ts': {},
  'shared/clients/s3.ts': {},
  'shared/clients/sqs.ts': {},
  'shared/clients/scheduler.ts': {},
  'shared/blob/objects.ts': {},
  'shared/queue/jobs.ts': {},
  // Reads the key of the provider kind its caller names (ASR/LLM_API_KEY_PARAMETER).
  'shared/providers/keys.ts': {},
  // Seal and open values of the purpose their caller names.
  'shared/secrets/key-wrap.ts': {},
  'shared/secrets/box.ts': {},
  'shared/webhooks/new-secret.ts': { kms: { 'webhook-secret': ['Encrypt'] } },
  'shared/webhooks/secret-box.ts': { kms: { 'webhook-secret': ['Encrypt'] } },
  // Kept answers are sealed when kept and opened for a replay.
  'shared/http/middleware/idempotency.ts': { kms: { 'kept-answer': ['Encrypt', 'Decrypt'] } },
  'shared/auth/client-address.ts': { originVerify: true },
  'shared/providers/asr/openai.ts': { when: { ASR_PROVIDER: 'openai' }, secrets: ['asr'] },
  'shared/providers/asr/whisperx.ts': { when: { ASR_PROVIDER: 'whisperx' }, secrets: ['asr'] },
  'shared/providers/llm/openai.ts': { when: { LLM_PROVIDER: 'openai' }, secrets: ['llm'] },
  'shared/providers/llm/bedrock.ts': { when: { LLM_PROVIDER: 'bedrock' }, bedrock: true },
  // Transcribe reads the audio and writes its result with the caller's own S3 permissions.
  'shared/providers/asr/aws-transcribe.ts': {
    when: { ASR_PROVIDER: 'aws-transcribe' },
    transcribe: true,
    objects: { 'audio/': ['read'], 'transcribe/': ['read', 'write'] },
  },
  // Powertools' idempotency store reads, claims, completes and releases its record.
  'shared/http/middleware/idempotency-store.ts': { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  // Every committed change hands its events to the events queue; jobs are named by the caller.
  'shared/recordings/publish.ts': { sends: ['events'] },
  'shared/recordings/accept.ts': { objects: { 'audio/': ['delete'] }, sends: ['transcribe'] },
  'shared/recordings/upload.ts': { objects: { 'audio/': ['delete'] } },
  'shared/recordings/multipart.ts': { objects: { 'audio/': ['write', 'delete'] } },
  'shared/recordings/presigned.ts': { objects: { 'audio/': ['read', 'list', 'write', 'delete'] } },
  'shared/recordings/audio.ts': { objects: { 'audio/': ['read', 'list'] } },
  'shared/recordings/detail.ts': { objects: { 'transcripts/': ['read'] } },
  'shared/recordings/chat.ts': { objects: { 'transcripts/': ['read'] } },
  'shared/recordings/edit.ts': {},
  'shared/recordings/remove.ts': { objects: { 'audio/': ['delete'], 'transcripts/': ['delete'] } },
  'shared/recordings/processing.ts': { sends: ['transcribe', 'summarize'] },
  // A failed attempt is retried after JOB_RETRY_DELAYS_SECONDS, up to 30 min: the caller names the job.
  'shared/pipeline/outcome.ts': {},
  'shared/pipeline/transcribe.ts': {
    objects: { 'audio/': ['read', 'list'], 'transcripts/': ['write', 'delete'] },
    sends: ['summarize'],
    schedules: ['transcribe'],
  },
  'shared/pipeline/summarize.ts': { objects: { 'transcripts/': ['read'] }, schedules: ['summarize'] },
  'shared/pipeline/sweep.ts': { sends: ['events', 'transcribe', 'summarize', 'deliveries'] },
  'shared/webhooks/fanout.ts': { sends: ['deliveries', 'deliveries-overflow'] },
  'shared/webhooks/manual.ts': { sends: ['deliveries'] },
  // Retries follow WEBHOOK_RETRY_SCHEDULE_SECONDS, up to an hour: beyond 15 min a schedule.
  'shared/webhooks/dispatch.ts': { schedules: ['deliveries'], kms: { 'webhook-secret': ['Decrypt'] } },
  // Naming a speaker may ask for the summary again, with the names in it.
  'shared/speakers/assign.ts': { sends: ['summarize'] },
  'shared/speakers/rename.ts': { sends: ['speakers'] },
  'shared/speakers/transcripts.ts': { objects: { 'transcripts/': ['read', 'write'] }, sends: ['search'] },
  // Each user's search index object: read (404 when there is none yet) and replaced conditionally.
  'shared/search/index-store.ts': { objects: { 'search/': ['read', 'list', 'write'] } },
  'shared/search/queue.ts': { sends: ['search'] },
};

export interface Touches {
  readonly table: ReadonlySet<DynamoAction>;
  readonly objects: ReadonlyMap<ObjectPrefix, ReadonlySet<ObjectAccess>>;
  readonly sends: ReadonlySet<QueueName>;
  readonly schedules: ReadonlySet<QueueName>;
  readonly secrets: ReadonlySet<ProviderKey>;
  readonly bedrock: boolean;
  readonly transcribe: boolean;
  readonly kms: ReadonlyMap<SecretPurpose, ReadonlySet<KmsAction>>;
  readonly originVerify?: boolean;
  /** The project modules in the bundle, for diagnostics and tests. */
  readonly modules: readonly string[];
}

/** Names the table and builds its keys; transaction items are often built beside it. */
const TABLE_MODULE = 'shared/store/table.ts';
const DYNAMO_PACKAGES = /^@aws-sdk\/(lib-dynamodb|client-dynamodb)$/;
/** Any other way to reach AWS from a module; such a module needs a row. */
const OTHER_AWS = /^@aws-sdk\/|^@aws-lambda-powertools\/(idempotency|parameters)/;

const COMMAND_ACTIONS: Readonly<Record<string, readonly DynamoAction[]>> = {
  GetCommand: ['GetItem'],
  GetItemCommand: ['GetItem'],
  TransactGetCommand: ['GetItem'],
  BatchGetCommand: ['BatchGetItem'],
  BatchGetItemCommand: ['BatchGetItem'],
  QueryCommand: ['Query'],
  ScanCommand: ['Scan'],
  PutCommand: ['PutItem'],
  PutItemCommand: ['PutItem'],
  UpdateCommand: ['UpdateItem'],
  UpdateItemCommand: ['UpdateItem'],
  DeleteCommand: ['DeleteItem'],
  DeleteItemCommand: ['DeleteItem'],
  BatchWriteCommand: ['BatchWriteItem'],
  BatchWriteItemCommand: ['BatchWriteItem'],
};
/** A TransactWriteItems call needs the action of each of its items, written `{ Put: { … } }`. */
const TRANSACT_ITEMS: Readonly<Record<string, DynamoAction>> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' };

interface Bundled {
  readonly modules: readonly string[];
  /** Every project file the bundle reads, tree-shaken or not. */
  readonly sources: readonly string[];
  readonly table: ReadonlySet<DynamoAction>;
  /** Modules that reach AWS or use a delegate: each needs a row. */
  readonly needRows: readonly string[];
}

const cache = new Map<string, Bundled>();

function analysed(projectRoot: string, entry: string): Bundled {
  const key = `${projectRoot}\0${entry}`;
  let bundled = cache.get(key);
  if (!bundled) cache.set(key, (bundled = analyse(projectRoot, entry)));
  return bundled;
}

/** The project files (not packages) that functions/<entry>.ts is built from. */
export function sourcesOf(projectRoot: string, entry: string): readonly string[] {
  return analysed(projectRoot, entry).sources;
}

/** What the function bundled from functions/<entry>.ts touches, as deployed with these providers. */
export function touchesOf(projectRoot: string, entry: string, deployed: Deployed): Touches {
  const bundled = analysed(projectRoot, entry);
  const undeclared = bundled.needRows.filter((file) => !MODULE_TOUCHES[file]);
  if (undeclared.length > 0) {
    throw new Error(
      `functions/${entry}.ts bundles ${undeclared.join(', ')}, which reach AWS (an SDK client, or ${DELEGATES.join(', ')}) ` +
        'but say nothing in MODULE_TOUCHES (infra/aws/touches.ts): add a row naming what each one touches',
    );
  }
  const table = new Set(bundled.table);
  const objects = new Map<ObjectPrefix, Set<ObjectAccess>>();
  const sends = new Set<QueueName>();
  const schedules = new Set<QueueName>();
  const secrets = new Set<ProviderKey>();
  let bedrock = false;
  let transcribe = false;
  const kms = new Map<SecretPurpose, Set<KmsAction>>();
  let originVerify = false;
  for (const file of bundled.modules) {
    const row = MODULE_TOUCHES[file];
    if (!row || !Object.entries(row.when ?? {}).every(([k, v]) => deployed[k as keyof Deployed] === v)) continue;
    for (const a of row.table ?? []) table.add(a);
    for (const [prefix, access] of Object.entries(row.objects ?? {}) as [ObjectPrefix, readonly ObjectAccess[]][]) {
      const set = objects.get(prefix) ?? new Set<ObjectAccess>();
      for (const a of access) set.add(a);
      objects.set(prefix, set);
    }
    for (const q of row.sends ?? []) sends.add(q);
    for (const q of row.schedules ?? []) {
      schedules.add(q);
      sends.add(q);
    }
    for (const k of row.secrets ?? []) secrets.add(k);
    bedrock ||= row.bedrock === true;
    transcribe ||= row.transcribe === true;
    for (const [purpose, actions] of Object.entries(row.kms ?? {}) as [SecretPurpose, readonly KmsAction[]][]) {
      kms.set(purpose, new Set([...(kms.get(purpose) ?? []), ...actions]));
    }
    originVerify ||= row.originVerify === true;
  }
  return { table, objects, sends, schedules, secrets, bedrock, transcribe, kms, originVerify, modules: bundled.modules };
}

function analyse(projectRoot: string, entry: string): Bundled {
  const result = buildSync({
    absWorkingDir: projectRoot,
    entryPoints: [join('functions', `${entry}.ts`)],
    bundle: true,
    write: false,
    metafile: true,
    outfile: 'touches.mjs',
    platform: 'node',
    format: 'esm',
    target: BUNDLE.target,
    mainFields: [...BUNDLE.mainFields],
    // Only the project's own modules matter; packages are reached through them.
    packages: 'external',
    logLevel: 'silent',
  });
  const meta: Metafile = result.metafile!;
  const output = Object.values(meta.outputs)[0]!;
  // Tree-shaken: a module whose code is not in the bundle grants nothing. Nor does one of which
  // only its package imports are left: in the real bundle the packages (the AWS SDK first) are
  // free of side effects, so an unused import of theirs leaves nothing either.
  const code = sections(result.outputFiles![0]!.text);
  const modules = Object.entries(output.inputs)
    .filter(([file, info]) => info.bytesInOutput > 0 && !file.includes('node_modules'))
    .map(([file]) => file)
    .filter((file) => code.get(file)?.replace(IMPORT_STATEMENTS, '').replace(LAZY_INIT_CALLS, '').trim() !== '')
    .sort();
  const bundled = new Set(modules);
  const table = new Set<DynamoAction>();
  const needRows: string[] = [];
  for (const file of modules) {
    const imports = meta.inputs[file]?.imports ?? [];
    const packages = imports.filter((i) => i.external).map((i) => i.path);
    const usesTable = packages.some((p) => DYNAMO_PACKAGES.test(p)) || imports.some((i) => i.path === TABLE_MODULE);
    if (usesTable) for (const a of dynamoActions(readFileSync(join(projectRoot, file), 'utf8'))) table.add(a);
    const reachesAws = packages.some((p) => OTHER_AWS.test(p) && !DYNAMO_PACKAGES.test(p));
    const delegates = imports.some((i) => !i.external && DELEGATES.includes(i.path) && bundled.has(i.path));
    if (reachesAws || delegates) needRows.push(file);
  }
  return { modules, sources: Object.keys(meta.inputs).sort(), table, needRows };
}

const IMPORT_STATEMENTS = /^import\b[^;]*?(\bfrom\s*)?"[^"]*";$/gm;
/**
 * esbuild's calls that run a lazily evaluated module (one some function reaches through
 * `await import()`) before the code that imports it: `init_config();`. Not the module's own code.
 */
const LAZY_INIT_CALLS = /^(await )?init_[\w$]+\(\);$/gm;

/** The bundle's code by module: esbuild (unminified) opens each module's part with `// <path>`. */
function sections(text: string): Map<string, string> {
  const parts = text.split(/^\/\/ (\S+\.[cm]?[jt]sx?)$/m);
  const byModule = new Map<string, string>();
  for (let i = 1; i < parts.length; i += 2) byModule.set(parts[i]!, (byModule.get(parts[i]!) ?? '') + parts[i + 1]!);
  return byModule;
}

function dynamoActions(source: string): DynamoAction[] {
  const actions: DynamoAction[] = [];
  for (const [command, granted] of Object.entries(COMMAND_ACTIONS)) if (new RegExp(`\\b${command}\\b`).test(source)) actions.push(...granted);
  for (const [item, action] of Object.entries(TRANSACT_ITEMS)) if (new RegExp(`\\b${item}\\s*:\\s*\\{`).test(source)) actions.push(action);
  return actions;
}
