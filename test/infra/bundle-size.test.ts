// What a cold start evaluates, per function: every entry bundled as the CDK bundles it (an
// esbuild run of its own, code split, infra/aws/bundling.ts), then index.mjs and the chunks it
// imports statically are measured and their modules listed.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntries, bundleBytes, placeEntry, placeRuntimeFiles, type BuiltEntry } from '../../infra/aws/bundling.ts';
import { PROJECT_ROOT } from '../../infra/aws/functions.ts';
import { routeRows } from '#shared/routes.ts';
import { consumers, periodic } from '#shared/topology.ts';

/** A route that reads DynamoDB and answers: no S3, queue, provider or NLP. */
const PLAIN_ROUTE = 'api/users/me';
/**
 * A plain route evaluates 221 KB: aws-lite's DynamoDB client (shared/clients/lite.ts), zod,
 * Powertools logger and metrics. It was 332 KB with the AWS SDK's DynamoDB client and the Smithy
 * core (378 KB built with the other functions, 493 KB with the X-Ray SDK at init). A module that a
 * plain route does not use yet reaches through an import (S3's client did, through
 * shared/clients.ts; every route's rows did, through routes.ts; the Temporal polyfill did, for a
 * constant; the X-Ray SDK did, for one subsegment) lands above.
 */
const PLAIN_ROUTE_CEILING = 260 * 1024;
/** Modules a plain route does not use and once evaluated at init anyway. */
const NOT_IN_PLAIN_ROUTE = [/node_modules\/(@aws-sdk|@smithy)\//, /node_modules\/(aws-xray-sdk-core|cls-hooked)\//, /node_modules\/temporal-polyfill\//, /node_modules\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/, /^shared\/routes\/(?!account\.ts$)/];
/**
 * Today's heaviest init (the upload route: aws-lite's DynamoDB and SQS clients, S3 through signed
 * requests of our own, busboy and file-type: 348 KB; 678 KB with the SDK's S3 client, 695 KB with
 * the SDK's DynamoDB, SQS and Scheduler clients too, 763 KB built with the other functions, 880 KB
 * with the X-Ray SDK) plus a margin; 5.2 MB before providers were split out.
 */
const ANY_FUNCTION_CEILING = 400 * 1024;
/**
 * A write route (Idempotency-Key: the idempotency utility and the secrets box load on first use)
 * loaded its init code as index.mjs and 10 chunks with esbuild's layout alone, webhook routes as
 * 16 (each file a resolve, read, compile and link: ~0.6 ms). Rolldown's layout puts what every
 * importer of a lazy chunk has loaded already into index.mjs.
 */
const WRITE_ROUTES = ['api/tokens/create', 'api/webhooks/update', 'api/recordings/update'];
const MOST_INIT_FILES = 2;
/** The goal of issue 12 for every route. */
const ROUTE_GOAL = 400 * 1024;
/**
 * AWS SDK clients no function loads, at init or later: S3 (230–300 KB with the Smithy core, its
 * checksums, lib-storage and the presigner) and KMS go through shared/clients/s3.ts and kms.ts.
 */
const NEVER_LOADED = /node_modules\/@aws-sdk\/(client-s3|client-kms|lib-storage|s3-request-presigner)\//;
/**
 * Modules no function may evaluate at init: providers, their SDKs and the NLP data load when first
 * used. The Porter2 stemmer is none of these (12 KB of code, no data, ~2 ms to evaluate), and the
 * functions that ship it (search, library chat, the index worker) stem every query and passage.
 */
const LAZY_ONLY = [
  /node_modules\/wink-(?!porter2-stemmer\/)/,
  /node_modules\/@aws-sdk\/client-(bedrock|transcribe)/,
  /node_modules\/openai\//,
  /node_modules\/undici\//,
  /node_modules\/@aws-lambda-powertools\/(idempotency|jmespath)\//,
  /node_modules\/@aws-sdk\/credential-provider-(ini|sso|process|web-identity|http)\//,
  /^shared\/providers\/(asr|llm)\//,
  /^shared\/recordings\/retrieval\.ts$/,
];

/**
 * Node's own copy of undici (fetch, WebSocket): an ESM import of `node:http` reads every export
 * of the module, and its WebSocket, CloseEvent and MessageEvent getters load it (~25 ms of init).
 * Bundles reach built-ins through require, which reads only what the code uses.
 */
const NODE_UNDICI = 'NativeModule internal/deps/undici/undici';
/** Imports one bundle in a fresh Node, as Lambda would at init, and prints the built-ins it loaded. */
const LOADED_BUILTINS = `const before = new Set(process.moduleLoadList); await import(process.argv[1]); console.log(JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m))));`;
const LAMBDA_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x', AWS_LAMBDA_FUNCTION_NAME: 'bundle-size', TABLE_NAME: 'verbatim', BUCKET_NAME: 'verbatim-audio' };

const entryKeys = [...new Set([...routeRows.map((row) => `api/${row.spec.handler}`), 'api/fallback', ...[...consumers, ...periodic].map((w) => `workers/${w.handler}`)])];
const name = (key: string) => key.replace(/\//g, '__');

let dir: string;
let built: Map<string, BuiltEntry>;
const initBytes = (key: string) => {
  const target = join(dir, 'placed', name(key));
  placeEntry(dir, built.get(name(key))!, target);
  return bundleBytes(target, built.get(name(key))!).initBytes;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verbatim-bundle-size-'));
  built = buildEntries(PROJECT_ROOT, Object.fromEntries(entryKeys.map((key) => [name(key), join(PROJECT_ROOT, 'functions', `${key}.ts`)])), dir);
  // An esbuild run per function: about 40 s on 2 cores, more while other tests share them.
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('function bundles at cold start', () => {
  it(`a plain route (${PLAIN_ROUTE}) evaluates at most ${PLAIN_ROUTE_CEILING / 1024} KB at init: no AWS SDK, no Temporal, no JSON Schema conversion, no other area's rows`, () => {
    expect(initBytes(PLAIN_ROUTE)).toBeLessThanOrEqual(PLAIN_ROUTE_CEILING);
    const modules = built.get(name(PLAIN_ROUTE))!.initModules;
    expect(modules.filter((m) => NOT_IN_PLAIN_ROUTE.some((re) => re.test(m)))).toEqual([]);
  });

  it(`no function evaluates more than ${ANY_FUNCTION_CEILING / 1024} KB at init`, () => {
    const over = entryKeys.map((key) => ({ key, bytes: initBytes(key) })).filter((b) => b.bytes > ANY_FUNCTION_CEILING);
    expect(over).toEqual([]);
  });

  it('no function evaluates a provider, its SDK, NLP data or a credential provider it may never use at init', () => {
    const eager = entryKeys.flatMap((key) => built.get(name(key))!.initModules.filter((m) => LAZY_ONLY.some((re) => re.test(m))).map((m) => `${key}: ${m}`));
    expect(eager).toEqual([]);
  });

  it('the functions that use providers and NLP data still ship them, in chunks loaded on first use', () => {
    const ships = (key: string, module: RegExp) => built.get(name(key))!.lazyModules.some((m) => module.test(m));
    expect(ships('api/recordings/chat', /^shared\/recordings\/retrieval\.ts$/)).toBe(true);
    expect(ships('api/recordings/chat', /node_modules\/wink-eng-lite-web-model\//)).toBe(true);
    expect(ships('workers/summarize', /^shared\/providers\/llm\/local\//)).toBe(true);
    expect(ships('workers/transcribe', /^shared\/providers\/asr\/aws-transcribe\.ts$/)).toBe(true);
    expect(ships('workers/deliver', /node_modules\/undici\//)).toBe(true);
  });

  it('no function imports a package at run time that its bundle does not hold (Lambda has no node_modules beside it)', () => {
    const externals = entryKeys.flatMap((key) => built.get(name(key))!.externals.map((path) => `${key}: ${path}`));
    expect(externals).toEqual([]);
  });

  it("no function loads Node's internal undici at init", async () => {
    const limit = pLimit(2);
    const loads = await Promise.all(
      entryKeys.map((key) =>
        limit(async () => {
          const target = join(dir, 'placed', name(key));
          placeEntry(dir, built.get(name(key))!, target);
          placeRuntimeFiles(PROJECT_ROOT, key, target);
          const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', LOADED_BUILTINS, pathToFileURL(join(target, 'index.mjs')).href], { env: LAMBDA_ENV, cwd: target });
          return { key, loaded: JSON.parse(stdout) as string[] };
        }),
      ),
    );
    // The check can fail: bundles do load built-ins at init (the SDK's http and crypto).
    expect(loads.find((l) => l.key === PLAIN_ROUTE)!.loaded).toContain('NativeModule http');
    expect(loads.filter((l) => l.loaded.includes(NODE_UNDICI)).map((l) => l.key)).toEqual([]);
  }, 120_000);

  it(`every route evaluates at most ${ROUTE_GOAL / 1024} KB at init (the goal of issue 12)`, () => {
    const over = entryKeys.filter((key) => key.startsWith('api/')).map((key) => ({ key, bytes: initBytes(key) })).filter((r) => r.bytes > ROUTE_GOAL);
    expect(over).toEqual([]);
  });

  it(`a write route loads its init code as at most ${MOST_INIT_FILES} files, index.mjs included`, () => {
    const files = WRITE_ROUTES.map((key) => ({ key, files: 1 + built.get(name(key))!.eager.length }));
    expect(files.filter((f) => f.files > MOST_INIT_FILES)).toEqual([]);
  });

  it('ships what a package requires only on first use in the bundle, where its require finds it', () => {
    // Placed under the OS's temp folder: no node_modules of the project above it to fall back on.
    const target = join(dir, 'placed-first-use', name(PLAIN_ROUTE));
    placeEntry(dir, built.get(name(PLAIN_ROUTE))!, target);
    placeRuntimeFiles(PROJECT_ROOT, PLAIN_ROUTE, target);
    expect(readFileSync(join(target, 'index.mjs'), 'utf8')).toContain('`@aws-lite/client/src/_vendor/xml.js`');
    const bundleRequire = createRequire(join(target, 'index.mjs'));
    expect(bundleRequire.resolve('@aws-lite/client/src/_vendor/xml.js').startsWith(target)).toBe(true);
    const { XMLParser } = bundleRequire('@aws-lite/client/src/_vendor/xml.js') as { XMLParser: new () => { parse(xml: string): unknown } };
    expect(new XMLParser().parse('<Error><Code>Throttling</Code></Error>')).toEqual({ Error: { Code: 'Throttling' } });
  });

  it("no function ships the AWS SDK's S3 or KMS client, lib-storage or the S3 presigner, at init or later", () => {
    const shipped = entryKeys.flatMap((key) => [...built.get(name(key))!.initModules, ...built.get(name(key))!.lazyModules].filter((m) => NEVER_LOADED.test(m)).map((m) => `${key}: ${m}`));
    expect(shipped).toEqual([]);
  });
});
