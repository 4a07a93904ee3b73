// What each function touches, read from the code instead of written per route. A function's
// code is the tree-shaken esbuild bundle of its entry (the same resolution as the real bundle,
// its own modules only), less the providers the deployment does not choose (ASR_PROVIDER,
// LLM_PROVIDER: the registry loads only the chosen one). What that code reaches:
// - DynamoDB: the item actions are the command classes (shared/clients/dynamodb.ts, or the
//   SDK's) and transaction items the bundled modules use (GetCommand → GetItem, { Put: … } → PutItem, …);
// - everything else: the calls of the adapters' functions (access-calls.ts), each naming what
//   it reaches in a literal (`send('summarize', …)`, `deleteObject('audio/', key)`), and the
//   service clients used (Bedrock, Transcribe).
// Nothing is declared: a new route or worker gets exactly what its code calls. A module that
// imports an AWS client without being an adapter, or calls an adapter's function with anything
// but a literal, fails the synth.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import type { SecretPurpose } from '#shared/secrets/key-wrap.ts';
import type { QueueName } from '#shared/topology.ts';
import { ACCESS_CALLS, ADAPTERS, packageGrant, type Grant, type KmsAction, type ObjectAccess, type ObjectFolder, type ProviderKey } from './access-calls.ts';
import { BUNDLE } from './bundling.ts';

export type { ObjectAccess, ProviderKey };
export type DynamoAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'Scan' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem' | 'ConditionCheckItem';

/** The settings that decide which bundled provider code runs. */
export interface Deployed {
  readonly ASR_PROVIDER: string;
  readonly LLM_PROVIDER: string;
}

export interface Touches {
  readonly table: ReadonlySet<DynamoAction>;
  readonly objects: ReadonlyMap<ObjectFolder, ReadonlySet<ObjectAccess>>;
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
/** The store's DynamoDB client: a module importing its command classes uses the table. */
const DYNAMO_MODULE = 'shared/clients/dynamodb.ts';
const AWS_PACKAGES = /^@aws-sdk\/|^@aws-lambda-powertools\/(idempotency|parameters)/;
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

/** What one module's code reaches, whichever provider is deployed. */
interface ModuleFacts {
  readonly table: readonly DynamoAction[];
  readonly grants: readonly Grant[];
  readonly packages: readonly string[];
}

interface Bundled {
  /** Project modules with code in the bundle, and what each reaches. */
  readonly facts: ReadonlyMap<string, ModuleFacts>;
  /** Every project file the bundle reads, tree-shaken or not. */
  readonly sources: readonly string[];
  /** Project module → the project modules it imports, and how. */
  readonly imports: ReadonlyMap<string, readonly { path: string; kind: string }[]>;
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
  const running = runs(bundled, `functions/${entry}.ts`, deployed);
  const modules = [...bundled.facts.keys()].filter((m) => running.has(m));
  const facts = modules.map((m) => bundled.facts.get(m)!);
  const grants = facts.flatMap((f) => f.grants);
  const packages = new Set(facts.flatMap((f) => f.packages).map(packageGrant));
  const table = new Set(facts.flatMap((f) => f.table));
  if (packages.has('idempotency')) for (const a of ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] as const) table.add(a);
  const objects = new Map<ObjectFolder, Set<ObjectAccess>>();
  const kms = new Map<SecretPurpose, Set<KmsAction>>();
  const sends = new Set<QueueName>();
  const schedules = new Set<QueueName>();
  const secrets = new Set<ProviderKey>();
  for (const g of grants) {
    if (g.kind === 'objects') objects.set(g.folder, new Set([...(objects.get(g.folder) ?? []), ...g.access]));
    if (g.kind === 'kms') kms.set(g.purpose, new Set([...(kms.get(g.purpose) ?? []), g.action]));
    if (g.kind === 'sends') sends.add(g.queue);
    if (g.kind === 'sends' && g.later) schedules.add(g.queue);
    if (g.kind === 'secrets') secrets.add(g.key);
  }
  const originVerify = grants.some((g) => g.kind === 'originVerify');
  return { table, objects, sends, schedules, secrets, bedrock: packages.has('bedrock'), transcribe: packages.has('transcribe'), kms, originVerify, modules };
}

/** The registry loads providers with `await import()`; its path names the provider (shared/providers/asr/openai.ts → openai). */
const REGISTRY = 'shared/providers/registry.ts';
const PROVIDER_MODULE = /^shared\/providers\/(asr|llm)\/([^/.]+)/;

/** The modules that can run: reachable from the entry, never through a provider the deployment does not choose. */
function runs(bundled: Bundled, entry: string, deployed: Deployed): Set<string> {
  const chosen = { asr: deployed.ASR_PROVIDER, llm: deployed.LLM_PROVIDER };
  const seen = new Set([entry]);
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const i of bundled.imports.get(file) ?? []) {
      const provider = file === REGISTRY && i.kind === 'dynamic-import' ? PROVIDER_MODULE.exec(i.path) : null;
      if (provider && chosen[provider[1] as 'asr' | 'llm'] !== provider[2]) continue;
      if (!seen.has(i.path)) queue.push(i.path);
      seen.add(i.path);
    }
  }
  return seen;
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
  const withCode = (file: string) => code.get(file)?.replace(IMPORT_STATEMENTS, '').replace(LAZY_INIT_CALLS, '').trim();
  const modules = Object.entries(output.inputs)
    .filter(([file, info]) => info.bytesInOutput > 0 && !file.includes('node_modules') && withCode(file) !== '')
    .map(([file]) => file)
    .sort();
  const problems: string[] = [];
  const facts = new Map(modules.map((file) => [file, moduleFacts(projectRoot, file, meta.inputs[file]?.imports ?? [], code.get(file)!, problems)]));
  if (problems.length > 0) throw new Error(`functions/${entry}.ts: ${problems.join('; ')}`);
  const imports = new Map(Object.entries(meta.inputs).map(([file, info]) => [file, info.imports.filter((i) => !i.external).map((i) => ({ path: i.path, kind: i.kind }))]));
  return { facts, sources: Object.keys(meta.inputs).sort(), imports };
}

type Imports = Metafile['inputs'][string]['imports'];

function moduleFacts(projectRoot: string, file: string, imports: Imports, code: string, problems: string[]): ModuleFacts {
  const packages = imports.filter((i) => i.external).map((i) => i.path);
  const source = readFileSync(join(projectRoot, file), 'utf8');
  const usesTable = packages.some((p) => DYNAMO_PACKAGES.test(p)) || imports.some((i) => i.path === TABLE_MODULE || i.path === DYNAMO_MODULE);
  const strayClients = packages.filter((p) => AWS_PACKAGES.test(p) && !DYNAMO_PACKAGES.test(p) && !packageGrant(p));
  if (strayClients.length > 0 && !ADAPTERS.has(file)) {
    problems.push(`${file} imports ${strayClients.join(', ')}: reach AWS through an adapter's function (infra/aws/access-calls.ts) so that IAM can follow the call`);
  }
  const adapters = new Set(imports.filter((i) => !i.external).map((i) => i.path));
  const grants: Grant[] = [];
  for (const [fn, call] of Object.entries(ACCESS_CALLS)) {
    if (!adapters.has(call.module) || file === call.module) continue;
    const namespace = `import\\s*\\*\\s*as\\s+[\\w$]+\\s+from\\s*'[^']*${call.module.replace(/^shared\//, '').replaceAll('.', '\\.')}'`;
    if (new RegExp(`\\b${fn}\\s+as\\s+[\\w$]+|${namespace}`).test(source)) problems.push(`${file} imports ${fn} under another name, or its module as a namespace: call it by its name`);
    for (const m of code.matchAll(new RegExp(`(?<![\\w$.]|function\\s+)${fn}\\d*\\(\\s*(?:"([^"\\\\]*)"|(\\)))?`, 'g'))) {
      const grant = m[1] !== undefined || m[2] !== undefined ? call.grant(m[1]) : undefined;
      if (grant) grants.push(grant);
      else problems.push(`${file} calls ${fn} with ${m[1] === undefined ? 'no literal' : `"${m[1]}"`}: name what it reaches in a string literal`);
    }
  }
  return { table: usesTable ? dynamoActions(source) : [], grants, packages };
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
