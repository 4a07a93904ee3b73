// Cold start: the registry loads a provider's module only when the settings choose it, so a
// function never evaluates the SDK clients, models and NLP data of the providers it does not run.
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const PROVIDER = /^shared\/providers\/(asr|llm)\//;

describe('provider registry', () => {
  it('imports every provider lazily (await import), none statically', () => {
    const { metafile } = buildSync({ entryPoints: ['shared/providers/registry.ts'], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', outdir: 'out', logLevel: 'silent' });
    const imports = metafile.inputs['shared/providers/registry.ts']!.imports.filter((i) => PROVIDER.test(i.path));
    expect(imports.length).toBeGreaterThanOrEqual(7);
    expect(imports.filter((i) => i.kind !== 'dynamic-import').map((i) => i.path)).toEqual([]);
  });
});

describe('providers a deployment can choose', () => {
  it('holds no fixed-answer provider: test fakes live in test/support, never in the registry or the settings', async () => {
    const { loadSettings } = await import('../../shared/config.ts');
    expect(() => loadSettings({ ASR_PROVIDER: 'instant' })).toThrow(/ASR_PROVIDER/);
    expect(() => loadSettings({ LLM_PROVIDER: 'instant' })).toThrow(/LLM_PROVIDER/);
    const { metafile } = buildSync({ entryPoints: ['shared/providers/registry.ts'], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', outdir: 'out', logLevel: 'silent' });
    expect(Object.keys(metafile.inputs).filter((path) => /instant/.test(path))).toEqual([]);
  });
});
