// How function bundles are built: esbuild, ESM for Node 22, the AWS SDK bundled in, code
// split at every dynamic import, the chunks laid out again by Rolldown (buildEntries says why).
// Shared by the CDK functions and by the benchmark that times their cold import, so both
// measure the same thing. No aws-cdk-lib here: the benchmark imports it.
//
// Each function's bundle is a folder: index.mjs (the handler), the chunks it imports, and their
// source maps (index.mjs.map, chunk-….mjs.map). What a module loads with `await import()` (a provider and its SDK client, NLP
// data, the AWS SDK's own credential providers) is a chunk of its own, read from the folder the
// first time it is used, so a function's init evaluates only what it imports statically.
import { execFileSync } from 'node:child_process';
import type { BuildOptions, Metafile } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, isBuiltin } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** The child process that builds the bundles (buildEntries). */
const WORKER = join(import.meta.dirname, 'bundle-worker.mjs');

// ESM bundles have no `require`, yet CommonJS dependencies inside them call it for Node
// built-ins. The import is aliased so it cannot clash with a bundled module's own top-level
// `import { createRequire } from 'node:module'` (functions/api/docs/asset.ts has one).
const ESM_REQUIRE_BANNER =
  "import { createRequire as __bannerCreateRequire } from 'module'; const require = __bannerCreateRequire(import.meta.url);";

export const BUNDLE = {
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  // Stack traces need the mappings, not the sources: keeps the bundles small.
  sourcesContent: false,
  // Bundle the AWS SDK too (the default leaves @aws-sdk/* to the runtime's copy): the
  // version is then the one the tests ran against, and tree-shaking makes it smaller.
  external: [] as string[],
} as const;

/**
 * How the deployed code is run: plain `node`, no NODE_OPTIONS. Stacks in the logs are mapped to
 * the sources when an error is logged (shared/stack-map.ts); `--enable-source-maps` would read
 * and index every loaded file's map at init instead, ~20 % of a route's import (npm run bench).
 */
export const SOURCE_MAPS_AT_INIT = '--enable-source-maps';

/**
 * Files a bundle needs beside index.mjs, read at run time rather than imported, keyed by
 * entry (relative to functions/). They are copied from the project's node_modules after
 * bundling: `nodeModules` would run `npm ci` in the bundle folder, which needs the network
 * and would ship the whole package (source maps and all) instead of the files in use.
 */
const RUNTIME_FILES: Readonly<Record<string, readonly string[]>> = {
  'api/docs/asset': [
    'swagger-ui-dist/package.json',
    'swagger-ui-dist/swagger-ui.css',
    'swagger-ui-dist/swagger-ui-bundle.js',
    'swagger-ui-dist/swagger-ui-standalone-preset.js',
  ],
};

/**
 * Files a package requires only on a path our code never takes: left out of every bundle (the
 * require becomes one of the package path, bundle-worker.mjs) and shipped in its node_modules
 * with the package's package.json, so the path still works if it is ever taken. aws-lite requires
 * its vendored XML parser (26 KB, ~2 ms of every cold start) for XML services and XML answers;
 * the services we call through it (DynamoDB, SQS, KMS) speak JSON.
 */
const ON_FIRST_USE = [{ importer: 'node_modules/@aws-lite/client/src/lib/index.js', request: '../_vendor/xml', file: '@aws-lite/client/src/_vendor/xml.js' }] as const;
const ON_FIRST_USE_FILES = ['@aws-lite/client/package.json', ...ON_FIRST_USE.map((f) => f.file)];

/**
 * The esbuild options of every function bundle: an entry and its chunks side by side in one
 * folder, importing each other as `./chunk-….mjs`, which Rolldown then reads (buildEntries).
 */
export const ESBUILD_OPTIONS = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: BUNDLE.target,
  mainFields: [...BUNDLE.mainFields],
  minify: BUNDLE.minify,
  sourcemap: BUNDLE.sourcemap,
  sourcesContent: BUNDLE.sourcesContent,
  external: [...BUNDLE.external],
  banner: { js: ESM_REQUIRE_BANNER },
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  metafile: true,
  // Warnings and errors only.
  logLevel: 'warning',
} as const satisfies BuildOptions;

/** One function's bundle in a build's output folder. */
export interface BuiltEntry {
  /** Its folder in the build's output folder. */
  readonly dir: string;
  /** The entry's own file: index.mjs. */
  readonly entry: string;
  /** Chunks index.mjs imports statically, directly or through another chunk: evaluated at init. */
  readonly eager: readonly string[];
  /** Chunks loaded only by a dynamic import, when first used. */
  readonly lazy: readonly string[];
  /** The source files (paths relative to the project) init evaluates: those of the entry and its eager chunks. */
  readonly initModules: readonly string[];
  /** The source files only the lazy chunks hold. */
  readonly lazyModules: readonly string[];
  /** Packages left to the runtime, Node's built-ins aside (none should be: Lambda has no node_modules beside the bundle). */
  readonly externals: readonly string[];
}

/**
 * Node's built-ins reached through `process.getBuiltinModule()` (what `require` returns), never an
 * ESM `import`. Importing a built-in as ESM makes Node build a module facade that reads every
 * export once, and some exports are lazy getters: `http`'s WebSocket, CloseEvent and MessageEvent
 * load Node's whole undici (~25 ms of a route's init, measured), `tls`'s rootCertificates parses
 * the CA store, `crypto`'s webcrypto builds Web Crypto. Through a CommonJS shim, esbuild's interop
 * reads an export only where the code uses it. The shims are one-line files generated under
 * node_modules/.cache (their content depends only on the built-in's name).
 */
function builtinAliases(root: string): Record<string, string> {
  const dir = join(root, 'node_modules', '.cache', 'verbatim-node-builtins');
  mkdirSync(dir, { recursive: true });
  const aliases: Record<string, string> = {};
  for (const name of builtinModules.filter((m) => !m.startsWith('_'))) {
    const shim = join(dir, `${name.replace(/\//g, '__')}.cjs`);
    if (!existsSync(shim)) {
      // Written aside and moved into place: a build in another process never reads half a shim.
      writeFileSync(`${shim}.${process.pid}`, `module.exports = process.getBuiltinModule(${JSON.stringify(`node:${name}`)});\n`);
      renameSync(`${shim}.${process.pid}`, shim);
    }
    aliases[name] = shim;
    aliases[`node:${name}`] = shim;
  }
  return aliases;
}

/**
 * Builds each entry (name → entry file) in an esbuild run of its own, then lays its output out
 * again with Rolldown into `outdir/<name>/` (both in bundle-worker.mjs, a child process), and
 * returns what each bundle is made of.
 *
 * One esbuild run per function: built in one run, functions share chunks, and esbuild gives each
 * function every module its imports reach with every part any function of the run uses (measured:
 * 44 of 73 routes over 400 KB at init built together, 19 alone). A run takes about half a second
 * on 2 cores, about 40 s for every function; functions.ts caches bundles by content.
 *
 * Then Rolldown, because esbuild cannot merge chunks: a module that the entry imports and a
 * dynamic import's chunk imports too goes into a chunk of its own for each set of importers, so
 * a write route (Idempotency-Key: the idempotency utility and the secrets box load on first use)
 * evaluated its init code as up to 11 files (webhook routes 16), each a resolve, read, compile
 * and link of its own.
 * Rolldown keeps what every importer of a dynamic import has loaded already in the entry itself
 * (its avoidRedundantChunkLoads and mergeCommonChunks passes): init is index.mjs and at most a chunk,
 * the lazy chunks are as before. The source maps are chained, so they still name the .ts sources.
 */
export function buildEntries(root: string, entries: Readonly<Record<string, string>>, outdir: string): Map<string, BuiltEntry> {
  const alias = builtinAliases(root);
  const jobs = Object.entries(entries).map(([name, file]) => ({
    esbuild: { ...ESBUILD_OPTIONS, alias, absWorkingDir: root, entryPoints: { [name]: file }, outdir: join(outdir, '.esbuild', name) },
    outdir: join(outdir, name),
    onFirstUse: ON_FIRST_USE,
  }));
  const built = JSON.parse(execFileSync(process.execPath, [WORKER], { input: JSON.stringify(jobs), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })) as { metafile: Metafile; chunks: Chunk[] }[];
  return new Map(Object.keys(entries).map((name, i) => [name, { dir: name, ...entryFiles(built[i]!.chunks, built[i]!.metafile, root, 'index.mjs') }]));
}

/** A file Rolldown wrote: the chunks it imports, statically and dynamically, and the esbuild files it holds. */
interface Chunk {
  readonly fileName: string;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  readonly moduleIds: readonly string[];
}

function entryFiles(chunks: readonly Chunk[], metafile: Metafile, root: string, entry: string): Omit<BuiltEntry, 'dir'> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const reach = (staticOnly: boolean): Set<string> => {
    // The entry is in from the start: lazy chunks import what init loaded from index.mjs.
    const seen = new Set<string>([entry]);
    const visit = (file: string): void => {
      const chunk = byFile.get(file);
      for (const next of [...(chunk?.imports ?? []), ...(staticOnly ? [] : (chunk?.dynamicImports ?? []))]) {
        // Anything else in `imports` is a built-in, left external.
        if (!byFile.has(next) || seen.has(next)) continue;
        seen.add(next);
        visit(next);
      }
    };
    visit(entry);
    seen.delete(entry);
    return seen;
  };
  const eager = reach(true);
  const lazy = [...reach(false)].filter((chunk) => !eager.has(chunk));
  // The source files each esbuild file holds, by the file's absolute path (Rolldown's module ids).
  const sources = new Map(Object.entries(metafile.outputs).map(([path, output]) => [resolve(root, path), Object.keys(output.inputs)]));
  const modules = (files: readonly string[]) => files.flatMap((file) => (byFile.get(file)?.moduleIds ?? []).flatMap((id) => sources.get(id) ?? []));
  const shipped = new Set<string>(ON_FIRST_USE_FILES);
  const externals = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external && !isBuiltin(i.path) && !shipped.has(i.path)).map((i) => i.path));
  return { entry, eager: [...eager], lazy, initModules: modules([entry, ...eager]), lazyModules: modules(lazy), externals: [...new Set(externals)] };
}

/** Copies one entry's bundle from the build's folder into `target`: index.mjs, its chunks, and their maps. */
export function placeEntry(outdir: string, built: BuiltEntry, target: string): void {
  const builtDir = join(outdir, built.dir);
  mkdirSync(target, { recursive: true });
  for (const file of [built.entry, ...built.eager, ...built.lazy].flatMap((c) => [c, `${c}.map`])) copyFileSync(join(builtDir, file), join(target, file));
}

/** Copies the files the entry reads at run time (RUNTIME_FILES) and those required on first use (ON_FIRST_USE) from the project's node_modules. */
export function placeRuntimeFiles(root: string, entryKey: string, target: string): void {
  for (const file of [...(RUNTIME_FILES[entryKey] ?? []), ...ON_FIRST_USE_FILES]) {
    const path = join(target, 'node_modules', file);
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(root, 'node_modules', file), path);
  }
}

/** Sizes of a placed bundle: what init evaluates (index.mjs and its static chunks), and the rest. */
export function bundleBytes(dir: string, built: BuiltEntry): { readonly initBytes: number; readonly lazyBytes: number; readonly mapBytes: number } {
  const size = (file: string) => statSync(join(dir, file)).size;
  const sum = (files: readonly string[]) => files.reduce((n, f) => n + size(f), 0);
  return {
    initBytes: size('index.mjs') + sum(built.eager),
    lazyBytes: sum(built.lazy),
    mapBytes: sum(['index.mjs.map', ...[...built.eager, ...built.lazy].map((c) => `${c}.map`)]),
  };
}
