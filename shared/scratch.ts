// Where audio sits on disk for a while: the transcription job's download (verbatim-job-…) and
// the speech engines' decoded audio (verbatim-asr-…), in folders named after this data folder
// (verbatim-<kind>-<hash>-…), made by mkdtemp at mode 0700. A process killed with SIGKILL
// leaves its folders behind; the next start of the same data folder removes them, and only them.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { settings } from './config.ts';

type ScratchKind = 'asr' | 'job';
const KINDS: readonly ScratchKind[] = ['asr', 'job'];

const dataDirHash = (dataDir: string) => createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);

/** The mkdtemp prefix for this data folder's scratch folders of a kind. */
export function scratchPrefix(kind: ScratchKind, dataDir = settings().dataDir): string {
  return `verbatim-${kind}-${dataDirHash(dataDir)}-`;
}

/** A new scratch folder (mode 0700) under `parent`. */
export function makeScratch(kind: ScratchKind, parent = tmpdir()): Promise<string> {
  return mkdtemp(join(parent, scratchPrefix(kind)));
}

/** Removes the scratch folders an earlier run on this data folder left; returns how many. */
export async function removeStaleScratch(dataDir = settings().dataDir, parent = tmpdir()): Promise<number> {
  const prefixes = KINDS.map((kind) => scratchPrefix(kind, dataDir));
  const stale = (await readdir(parent)).filter((name) => prefixes.some((prefix) => name.startsWith(prefix)));
  await Promise.all(stale.map((name) => rm(join(parent, name), { recursive: true, force: true })));
  return stale.length;
}
