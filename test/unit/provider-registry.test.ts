// Cold start: the registry loads a provider's module only when the settings choose it, so a
// function never evaluates the SDK clients, models and NLP data of the providers it does not run.
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const PROVIDER = /^shared\/providers\/(asr|llm)\/|^shared\/providers\/instant\.ts$/;

describe('provider registry', () => {
  it('imports every provider lazily (await import), none statically', () => {
    const { metafile } = buildSync({ entryPoints: ['shared/providers/registry.ts'], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', outdir: 'out', logLevel: 'silent' });
    const imports = metafile.inputs['shared/providers/registry.ts']!.imports.filter((i) => PROVIDER.test(i.path));
    expect(imports.length).toBeGreaterThanOrEqual(8);
    expect(imports.filter((i) => i.kind !== 'dynamic-import').map((i) => i.path)).toEqual([]);
  });
});
