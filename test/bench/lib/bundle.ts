// Bundles function entries the way the CDK does, from the same options and code (infra/aws/bundling.ts):
// each in an esbuild run of its own, placed in a folder of its own with index.mjs and its chunks.
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleBytes, buildEntries, placeEntry, placeRuntimeFiles, SOURCE_MAPS_AT_INIT } from '../../../infra/aws/bundling.ts';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');
export { SOURCE_MAPS_AT_INIT };

export interface Bundle {
  readonly name: string;
  /** The folder's index.mjs. */
  readonly file: string;
  /** index.mjs and the chunks it imports statically: what a cold start evaluates. */
  readonly bytes: number;
  /** Chunks loaded by dynamic imports, on first use. */
  readonly lazyBytes: number;
  readonly mapBytes: number;
}

/** An entry to bundle: its name (the folder under `outDir`), its file, and its key under functions/ for RUNTIME_FILES. */
export interface Entry {
  readonly name: string;
  readonly file: string;
  readonly key?: string;
}

export function bundleLikeCdk(entries: readonly Entry[], outDir: string): Bundle[] {
  const id = (i: number) => `entry${i}`;
  const built = mkdtempSync(join(outDir, '.build-'));
  try {
    const files = buildEntries(PROJECT_ROOT, Object.fromEntries(entries.map((e, i) => [id(i), e.file])), built);
    return entries.map((e, i) => {
      const dir = join(outDir, e.name);
      const parts = files.get(id(i))!;
      placeEntry(built, parts, dir);
      if (e.key) placeRuntimeFiles(PROJECT_ROOT, e.key, dir);
      const { initBytes, lazyBytes, mapBytes } = bundleBytes(dir, parts);
      return { name: e.name, file: join(dir, 'index.mjs'), bytes: initBytes, lazyBytes, mapBytes };
    });
  } finally {
    rmSync(built, { recursive: true, force: true });
  }
}
