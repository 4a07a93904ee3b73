// Bundles a function entry the way the CDK does, from the same options (infra/aws/bundling.ts).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BUNDLE, ESM_REQUIRE_BANNER, LAMBDA_NODE_OPTIONS, RUNTIME_FILES } from '../../../infra/aws/bundling.ts';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../../..');
export { LAMBDA_NODE_OPTIONS };

export interface Bundle {
  readonly name: string;
  readonly file: string;
  readonly bytes: number;
  readonly mapBytes: number;
}

export async function bundleLikeCdk(name: string, entryFile: string, outDir: string, entryKey?: string): Promise<Bundle> {
  const file = join(outDir, 'index.mjs');
  await build({
    ...BUNDLE,
    mainFields: [...BUNDLE.mainFields],
    absWorkingDir: PROJECT_ROOT,
    entryPoints: [entryFile],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: file,
    logLevel: 'warning',
    banner: { js: ESM_REQUIRE_BANNER },
  });
  for (const runtimeFile of RUNTIME_FILES[entryKey ?? ''] ?? []) {
    const target = join(outDir, 'node_modules', runtimeFile);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(PROJECT_ROOT, 'node_modules', runtimeFile), target);
  }
  return { name, file, bytes: statSync(file).size, mapBytes: statSync(`${file}.map`).size };
}
