// Error stacks in the logs name the TypeScript sources, not the minified bundle: each frame in a
// bundle file (…/index.mjs:1:2345, …/chunk-….mjs:…) is looked up in the source map esbuild wrote
// beside it, with Node's own SourceMap class. Node's `--enable-source-maps` does the same for
// every stack, but it reads and indexes every loaded file's map at import, ~20 % of a route's
// init (`npm run bench`); here a map is read only when an error is logged, once per file.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Maps by bundle file; null when a file has none (source runs, or maps not shipped). */
const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

/** A bundle file position in a stack frame: path or file URL, 1-based line and column. */
const BUNDLE_POSITION = /((?:file:\/\/)?\/[^\s():]+\.mjs):(\d+):(\d+)/g;

/** The stack with every bundle position replaced by its source's (path:line:column); others stay. */
export function mapStack(stack: string): string {
  return stack.replace(BUNDLE_POSITION, (whole, file: string, line: string, column: string) => {
    const path = file.startsWith('file://') ? fileURLToPath(file) : file;
    const entry = mapOf(path)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry) || !entry.originalSource) return whole;
    // Sources are relative to the map, as Node resolves them.
    const source = fileURLToPath(new URL(entry.originalSource, pathToFileURL(path)));
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
