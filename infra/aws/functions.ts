// How every Lambda of the service is built: one esbuild bundle per entry file, ESM, minified,
// code split at dynamic imports, with source maps and the AWS SDK inside, Node 22 on arm64, X-Ray active tracing, with its own
// log group (retention set) and its own role, which may write to that log group (and send
// traces, through the one shared tracing policy) and do what grants.ts found the code touches.
//
// The bundles are built in-process with esbuild's API from the options in bundling.ts (the ones
// `npm run bench` measures), each function in an esbuild run of its own, cached by content, and each is
// handed to its NodejsFunction as its code: a folder with index.mjs and the chunks it imports. NodejsFunction's own bundler starts `npx esbuild`
// once per function, about a second each: with 50 functions that alone took `cdk synth` past
// a minute.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssetHashType, DockerImage, Duration, Size, type RemovalPolicy } from 'aws-cdk-lib';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal, type IManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Runtime, Tracing, type CfnFunction, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { version as esbuildVersion } from 'esbuild';
import { buildEntries, ESBUILD_OPTIONS, placeEntry, placeRuntimeFiles } from './bundling.ts';
import { sourcesOf } from './touches.ts';

/** The repository root (this file is infra/aws/functions.ts). */
export const PROJECT_ROOT = join(import.meta.dirname, '..', '..');

export interface ServiceFunctionProps {
  /** Module path under functions/, without extension, e.g. "api/users/me". */
  readonly entry: string;
  readonly description: string;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  readonly environment: Readonly<Record<string, string>>;
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  /** Grants xray:PutTraceSegments/PutTelemetryRecords; shared, so no function policy needs a `*` resource. */
  readonly tracingPolicy: IManagedPolicy;
  /** What the function's code touches (grants.ts), written inline in its role. */
  readonly statements: readonly PolicyStatement[];
  /** Layers, e.g. ffmpeg and ffprobe for a function that decodes audio (media-layer.ts). */
  readonly layers?: readonly ILayerVersion[];
  /** /tmp size when the function stages audio there (Lambda's default: 512 MB). */
  readonly ephemeralStorageMb?: number;
}

/** Every function's architecture: the bundles are plain JavaScript; native tools come in layers built for it. */
export const ARCHITECTURE = Architecture.ARM_64;

export function serviceFunction(scope: Construct, id: string, props: ServiceFunctionProps): NodejsFunction {
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: props.logRetention,
    removalPolicy: props.removalPolicy,
  });
  // Not the default role: that one carries the managed AWSLambdaBasicExecutionRole, whose log
  // permissions reach every log group of the account. The grants are inline, in the role
  // itself: a separate policy resource per function would bring the stack nearer
  // CloudFormation's 500-resource limit.
  const logs = new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] });
  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: props.description,
    managedPolicies: [props.tracingPolicy],
    inlinePolicies: { Touches: new PolicyDocument({ statements: [logs, ...props.statements] }) },
  });
  const fn = new NodejsFunction(scope, id, {
    code: bundledCode(props.entry),
    handler: 'index.handler',
    description: props.description,
    runtime: Runtime.NODEJS_22_X,
    architecture: ARCHITECTURE,
    layers: props.layers ? [...props.layers] : undefined,
    ephemeralStorageSize: props.ephemeralStorageMb ? Size.mebibytes(props.ephemeralStorageMb) : undefined,
    memorySize: props.memoryMb,
    timeout: Duration.seconds(props.timeoutSeconds),
    logGroup,
    role,
    environment: props.environment,
  });
  // Active tracing without the `tracing` prop, which would add the X-Ray statement (resource
  // `*`) to this function's own policy: the shared tracingPolicy carries it instead.
  (fn.node.defaultChild as CfnFunction).tracingConfig = { mode: Tracing.ACTIVE };
  return fn;
}

/** The bundle of functions/<entry>.ts; its hash is the output's, so an unchanged bundle is not uploaded again. */
function bundledCode(entry: string): Code {
  return Code.fromAsset(PROJECT_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: local bundling always succeeds (Docker is not needed, nor tried).
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
      // Part of the staging cache key, which ignores `local`: without it every function of the
      // app would be given the first function's bundle.
      command: ['bundle', `functions/${entry}.ts`],
      local: {
        tryBundle(outputDir) {
          bundle(entry, outputDir);
          return true;
        },
      },
    },
  });
}

const built = new Map<string, string>();
const declared = new Set<string>();

/**
 * Bundles already built, by a hash of everything that goes into them (the entry's project
 * files, package-lock.json, bundling.ts, the esbuild version and options): a synth with unchanged code
 * copies them instead of building again.
 */
const CACHE = join(PROJECT_ROOT, 'node_modules', '.cache', 'verbatim-bundles');

/**
 * Names the entries the app will bundle, so that the first bundle builds all that are not
 * cached, one after another. Nothing is built when the app skips bundling.
 */
export function declareEntries(entries: Iterable<string>): void {
  for (const e of entries) declared.add(e);
}

/** One function's bundle, exactly as deployed: index.mjs, its chunks, their source maps, and the RUNTIME_FILES. */
function bundle(entry: string, outputDir: string): void {
  if (!built.has(entry)) buildAll([entry, ...[...declared].filter((e) => e !== entry && !built.has(e))]);
  mkdirSync(outputDir, { recursive: true });
  cpSync(built.get(entry)!, outputDir, { recursive: true });
  // Files read at run time rather than imported, copied from the project's node_modules.
  placeRuntimeFiles(PROJECT_ROOT, entry, outputDir);
}

function buildAll(entries: readonly string[]): void {
  const missing: string[] = [];
  for (const e of entries) {
    const cached = join(CACHE, cacheKey(e));
    if (existsSync(join(cached, 'index.mjs'))) built.set(e, cached);
    else missing.push(e);
  }
  if (missing.length === 0) return;
  const outdir = mkdtempSync(join(tmpdir(), 'verbatim-bundles-'));
  try {
    const files = buildEntries(PROJECT_ROOT, Object.fromEntries(missing.map((e) => [folder(e), join(PROJECT_ROOT, 'functions', `${e}.ts`)])), outdir);
    mkdirSync(CACHE, { recursive: true });
    for (const e of missing) {
      const cached = join(CACHE, cacheKey(e));
      const staging = join(outdir, 'placed', folder(e));
      placeEntry(outdir, files.get(folder(e))!, staging);
      // Moved whole, so a concurrent synth never sees half a bundle.
      try {
        renameSync(staging, cached);
      } catch (error) {
        if (!existsSync(join(cached, 'index.mjs'))) throw error;
      }
      built.set(e, cached);
      prune(e, cached);
    }
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Drops the entry's older bundles (an hour old: a concurrent synth may still be copying a recent one). */
function prune(entry: string, keep: string): void {
  const prefix = `${folder(entry)}-`;
  for (const name of readdirSync(CACHE)) {
    const dir = join(CACHE, name);
    if (!name.startsWith(prefix) || !/^[0-9a-f]{16}$/.test(name.slice(prefix.length)) || dir === keep) continue;
    if (Date.now() - statSync(dir).mtimeMs > 3_600_000) rmSync(dir, { recursive: true, force: true });
  }
}

/** A file name for an entry: "api/recordings/notes-get" → "api__recordings__notes-get". */
const folder = (entry: string) => entry.replace(/\//g, '__').replace(/[^A-Za-z0-9_-]+/g, '-');

const keys = new Map<string, string>();

function cacheKey(entry: string): string {
  let key = keys.get(entry);
  if (!key) {
    const hash = createHash('sha256').update(JSON.stringify({ esbuild: esbuildVersion, options: ESBUILD_OPTIONS, entry }));
    // bundling.ts and bundle-worker.mjs too: they say how a bundle folder is laid out, beyond the esbuild options.
    for (const file of ['package-lock.json', 'infra/aws/bundling.ts', 'infra/aws/bundle-worker.mjs', ...sourcesOf(PROJECT_ROOT, entry)]) hash.update(`\0${file}\0`).update(readFileSync(join(PROJECT_ROOT, file)));
    key = `${folder(entry)}-${hash.digest('hex').slice(0, 16)}`;
    keys.set(entry, key);
  }
  return key;
}
