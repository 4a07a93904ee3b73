// Lays out esbuild's code-split output again with Rolldown, so a function's init is its entry and
// at most a chunk or two instead of up to 15 modules (why: bundling.ts, buildEntries). A child
// process of its own because Rolldown has no synchronous API and the CDK bundles synchronously.
//
// stdin:  JSON [{ "input": ".../<name>.mjs", "outdir": "..." }, ...]; each entry is written as index.mjs
//         (its lazy chunks may import from it, so it has its deployed name from the start)
// stdout: JSON [{ "chunks": [{ "fileName", "imports", "dynamicImports", "moduleIds" }] }, ...]
//         in the same order; moduleIds are the esbuild files each chunk holds.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { rolldown } from 'rolldown';

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

async function rechunk({ input, outdir }) {
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
    const chunks = output.filter((o) => o.type === 'chunk');
    return { chunks: chunks.map(({ fileName, imports, dynamicImports, moduleIds }) => ({ fileName, imports, dynamicImports, moduleIds })) };
  } finally {
    await bundle.close();
  }
}

const jobs = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const job of jobs) results.push(await rechunk(job));
process.stdout.write(JSON.stringify(results));
