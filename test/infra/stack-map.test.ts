// Stacks in the logs name the TypeScript sources although functions run without
// --enable-source-maps: a module bundled as the functions are (esbuild, minified and code split,
// laid out again by Rolldown, external maps: infra/aws/bundling.ts) throws, and the logger's view
// of the error points at the line in the .ts file that threw. The map is the one shipped beside
// index.mjs (Rolldown's, chained through esbuild's), read by Node's SourceMap class.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEntries, placeEntry } from '../../infra/aws/bundling.ts';
import { redact } from '#shared/logger.ts';
import { mapStack } from '#shared/stack-map.ts';

const SOURCE = `// A module that fails a few calls deep.
export function handler(input: { readonly items: readonly string[] }): number {
  return input.items.map(measure).reduce((a, b) => a + b, 0);
}

function measure(item: string): number {
  if (item.length > 3) throw new Error(\`too long: \${item}\`);
  return item.length;
}
`;

/** Calls the bundle in a plain Node, as Lambda runs it (vitest maps stacks in its own process), and prints the stack. */
const CALL = `const { handler } = await import(process.argv[1]); try { handler({ items: ['ab', 'abcdef'] }); } catch (error) { console.log(error.stack); }`;

let dir: string;
let failure: Error;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verbatim-stack-map-'));
  writeFileSync(join(dir, 'thrower.ts'), SOURCE);
  const built = buildEntries(dir, { thrower: join(dir, 'thrower.ts') }, join(dir, 'build'));
  // Placed beside the build's folder: the map names its sources relative to where it lies.
  placeEntry(join(dir, 'build'), built.get('thrower')!, join(dir, 'build', 'out'));
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CALL, pathToFileURL(join(dir, 'build', 'out', 'index.mjs')).href], { env: { PATH: process.env.PATH } });
  failure = Object.assign(new Error('too long: abcdef'), { stack: stdout.trimEnd() });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('error stacks of bundled code', () => {
  it('point into the minified bundle as Node gives them', () => {
    expect(failure.stack).toContain('index.mjs:');
    expect(failure.stack).not.toContain('thrower.ts');
  });

  it('name the source file, line and column of the throw and of its caller once mapped', () => {
    const mapped = mapStack(failure.stack!);
    const lines = mapped.split('\n');
    expect(lines[0]).toBe('Error: too long: abcdef');
    // Line 7, column 25: `throw`'s `new Error`; line 3: the map over the items.
    expect(lines[1]).toContain(`${join(dir, 'thrower.ts')}:7:`);
    expect(lines.slice(2).join('\n')).toContain(`${join(dir, 'thrower.ts')}:3:`);
    expect(mapped).not.toContain('index.mjs:');
  });

  it('are mapped by the logger, which every function logs failures through', () => {
    const logged = redact(failure) as { stack: string };
    expect(logged.stack).toContain(`${join(dir, 'thrower.ts')}:7:`);
  });

  it('leave frames without a map as they are', () => {
    const stack = 'Error: x\n    at run (file:///nowhere/index.mjs:1:200)\n    at node:internal/main:5:3';
    expect(mapStack(stack)).toBe(stack);
  });
});
