// How a function's bundle is laid out (infra/aws/bundling.ts: esbuild, then Rolldown): what init
// loads is index.mjs itself, the code only a dynamic import reaches stays in chunks loaded on
// first use, and a module both reach is evaluated once, whatever file it ends up in.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntries, placeEntry, type BuiltEntry } from '../../infra/aws/bundling.ts';

const FILES: Record<string, string> = {
  // Module state both the entry and the lazy modules use, as config.ts's settings or the logger.
  'state.ts': `export const seen: string[] = [];\nexport const evaluations = { count: 0 };\nevaluations.count++;\n`,
  'sealer.ts': `import { seen } from './state.ts';\nexport function seal(v: string): string { seen.push('sealed ' + v); return v.split('').reverse().join(''); }\n`,
  'store.ts': `import { seen } from './state.ts';\nimport { seal } from './sealer.ts';\nexport function keep(v: string): string { seen.push('kept'); return seal(v); }\n`,
  // Two lazy modules that share a module with the entry and one with each other: with esbuild's
  // layout alone, state.ts and sealer.ts each went into a chunk init had to load.
  'entry.ts': [
    `import { evaluations, seen } from './state.ts';`,
    `import { seal } from './sealer.ts';`,
    `export async function handler(v: string) {`,
    `  seen.push('init');`,
    `  const kept = (await import('./store.ts')).keep(v);`,
    `  const again = (await import('./other.ts')).twice(v);`,
    `  return { seen, evaluations: evaluations.count, kept, again, sealed: seal('ab') };`,
    `}`,
  ].join('\n'),
  'other.ts': `import { evaluations } from './state.ts';\nimport { seal } from './sealer.ts';\nexport const twice = (v: string) => seal(v) + evaluations.count;\n`,
};

const CALL = `const { handler } = await import(process.argv[1]); console.log(JSON.stringify(await handler('xyz')));`;

let dir: string;
let built: BuiltEntry;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verbatim-bundle-layout-'));
  for (const [file, text] of Object.entries(FILES)) writeFileSync(join(dir, file), text);
  built = buildEntries(dir, { fn: join(dir, 'entry.ts') }, join(dir, 'build')).get('fn')!;
  placeEntry(join(dir, 'build'), built, join(dir, 'placed'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a function bundle', () => {
  it('loads its init code as index.mjs alone when every lazy chunk is imported from init', () => {
    expect(built.entry).toBe('index.mjs');
    expect(built.eager).toEqual([]);
    expect(built.initModules.map((m) => m.replace(/.*\//, '')).sort()).toEqual(['entry.ts', 'sealer.ts', 'state.ts']);
    expect(built.lazyModules.map((m) => m.replace(/.*\//, '')).sort()).toEqual(['other.ts', 'store.ts']);
  });

  it('holds every file the entry may load, and nothing more', () => {
    const shipped = readdirSync(join(dir, 'placed')).filter((f) => f.endsWith('.mjs'));
    expect(shipped.sort()).toEqual(['index.mjs', ...built.lazy].sort());
  });

  it('evaluates a module that init and lazy chunks share once, so they share its state', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CALL, pathToFileURL(join(dir, 'placed', 'index.mjs')).href], { env: { PATH: process.env.PATH } });
    const result = JSON.parse(stdout) as { seen: string[]; evaluations: number; kept: string; again: string; sealed: string };
    expect(result).toEqual({ seen: ['init', 'kept', 'sealed xyz', 'sealed xyz', 'sealed ab'], evaluations: 1, kept: 'zyx', again: 'zyx1', sealed: 'ba' });
  });
});
