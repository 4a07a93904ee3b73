// Where speech engines decode audio for a while: folders named after this data folder
// (verbatim-asr-<hash>-…), made by mkdtemp at mode 0700. A process killed with SIGKILL leaves
// its folders behind; the next start of the same data folder removes them, and only them.
import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { settings } from './config.ts';

/** The mkdtemp prefix for this data folder's scratch folders. */
export function scratchPrefix(dataDir = settings().dataDir): string {
  const hash = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
  return `verbatim-asr-${hash}-`;
}

/** Removes the scratch folders an earlier run on this data folder left; returns how many. */
export async function removeStaleScratch(dataDir = settings().dataDir, parent = tmpdir()): Promise<number> {
  const prefix = scratchPrefix(dataDir);
  const stale = (await readdir(parent)).filter((name) => name.startsWith(prefix));
  await Promise.all(stale.map((name) => rm(join(parent, name), { recursive: true, force: true })));
  return stale.length;
}
