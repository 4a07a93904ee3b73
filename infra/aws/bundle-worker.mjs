// Builds function bundles for bundling.ts (buildEntries says why each step is there): esbuild,
// then Rolldown laying esbuild's code-split output out again, so a function's init is its entry
// and at most a small chunk. A child process of its own because the CDK bundles synchronously,
// and neither esbuild's plugins nor Rolldown have a synchronous API.
//
// stdin:  JSON [{ "esbuild": <esbuild options, one entry named N>, "outdir": "...",
//                 "onFirstUse": [{ "importer", "request", "file" }] }, ...]
// stdout: JSON [{ "metafile": <esbuild's>, "chunks": [{ "fileName", "imports", "dynamicImports", "moduleIds" }] }, ...]
//         in the same order. Each entry is written to outdir as index.mjs (its lazy chunks may
//         import from it, so it has its deployed name from the start); moduleIds are the esbuild
//         files each chunk holds.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { rolldown } from 'rolldown';

/**
 * Files a package requires only on a path our code never takes, left out of the bundle and
 * required from the bundle's node_modules if it ever is (bundling.ts: ON_FIRST_USE ships them).
 * `importer` ends the path of the requiring file, `request` is the require as written, and
 * `file` is the package path the require becomes.
 */
function onFirstUse(files) {
  return {
    name: 'on-first-use',
    setup(b) {
      for (const { importer, request, file } of files) {
        const filter = new RegExp(`^${request.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
        b.onResolve({ filter }, (args) => (args.importer.endsWith(importer.split('/').join(sep)) ? { path: file, external: true } : undefined));
      }
    },
  };
}

/**
 * esbuild's source maps, handed to Rolldown with its files so the maps it writes still name the
 * .ts sources. Their sources are made absolute first: they are relative to esbuild's folder, and
 * Rolldown would keep them as they are in maps written to another.
 */
const esbuildMaps = {
  name: 'esbuild-maps',
  load(id) {
    if (!id.endsWith('.mjs')) return null;
    const code = readFileSync(id, 'utf8');
    if (!existsSync(`${id}.map`)) return { code };
    const map = JSON.parse(readFileSync(`${id}.map`, 'utf8'));
    return { code, map: { ...map, sources: map.sources.map((source) => resolve(dirname(id), map.sourceRoot ?? '', source)), sourceRoot: undefined } };
  },
};

async function layOut(input, outdir) {
  const bundle = await rolldown({
    input: { index: input },
    platform: 'node',
    // Node's built-ins: the banner's `module`, and any esbuild left as an import.
    external: [/^node:/, ...builtinModules],
    // The entry may export what its lazy chunks import from it (Lambda reads only `handler`):
    // what lets Rolldown keep the modules init loads anyway in the entry itself.
    preserveEntrySignatures: 'allow-extension',
    plugins: [esbuildMaps],
    logLevel: 'warn',
  });
  try {
    const { output } = await bundle.write({ dir: outdir, format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunk-[hash].mjs', sourcemap: true, minify: true });
    return output.filter((o) => o.type === 'chunk').map(({ fileName, imports, dynamicImports, moduleIds }) => ({ fileName, imports, dynamicImports, moduleIds }));
  } finally {
    await bundle.close();
  }
}

async function buildOne({ esbuild, outdir, onFirstUse: files }) {
  const { metafile } = await build({ ...esbuild, plugins: [onFirstUse(files)] });
  const [name] = Object.keys(esbuild.entryPoints);
  return { metafile, chunks: await layOut(join(esbuild.outdir, `${name}.mjs`), outdir) };
}

const jobs = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
// One after another: esbuild and Rolldown each use every core already.
for (const job of jobs) results.push(await buildOne(job));
process.stdout.write(JSON.stringify(results));
