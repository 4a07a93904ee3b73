// The artifacts the local runtime runs: synthesized once per change. The synth (bundles and
// template, in its own process) is cached by a hash of everything that goes into it, so a
// second `npm start` with unchanged sources and settings starts at once.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TUNABLE_SETTINGS } from '../../aws/settings.ts';
import type { Artifacts } from './manifest.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'verbatim-local');
/** What the synth reads: the code bundled, the stack, the lockfile. */
const SOURCES = ['functions', 'shared', 'infra/aws', 'infra/local/artifacts', 'package-lock.json'];
const DAY_MS = 86_400_000;

/**
 * The settings the stack is synthesized with: the tunable ones this runtime was given, and the
 * providers it runs (AWS's defaults would choose others).
 */
export function synthSettings(env: Readonly<Record<string, string | undefined>>, providers: { asr: string; llm: string }): Record<string, string> {
  const given = Object.fromEntries(TUNABLE_SETTINGS.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]!]));
  return { ...given, ASR_PROVIDER: providers.asr, LLM_PROVIDER: providers.llm };
}

/** Synthesizes (or finds in the cache) the stack for these settings; returns what it holds. */
export function prepareArtifacts(settings: Record<string, string>): Artifacts {
  const key = sourceHash(settings);
  const dir = join(CACHE, key);
  if (!existsSync(join(dir, 'artifacts.json'))) synthesize(dir, settings);
  const artifacts = JSON.parse(readFileSync(join(dir, 'artifacts.json'), 'utf8')) as Artifacts;
  // Bundle folders are written relative to the synth's own folder.
  return { ...artifacts, functions: artifacts.functions.map((f) => ({ ...f, bundle: join(dir, f.bundle) })) };
}

function synthesize(dir: string, settings: Record<string, string>): void {
  mkdirSync(CACHE, { recursive: true });
  prune();
  const staging = `${dir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'infra/local/artifacts/synthesize.ts'), staging, JSON.stringify(settings)], {
      cwd: ROOT,
      env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', AWS_EC2_METADATA_DISABLED: 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Moved whole, so a concurrent start never reads half a synth.
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(dir, 'artifacts.json'))) throw error;
  }
}

function sourceHash(settings: Record<string, string>): string {
  const hash = createHash('sha256').update(JSON.stringify(settings));
  const visit = (path: string): void => {
    const full = join(ROOT, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(join(path, name));
      return;
    }
    hash.update(`\0${relative(ROOT, full)}\0`).update(readFileSync(full));
  };
  for (const source of SOURCES) visit(source);
  return hash.digest('hex').slice(0, 20);
}

/** Synths older than a day go: each change of code or settings leaves one behind. */
function prune(): void {
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (Date.now() - statSync(path).mtimeMs > DAY_MS) rmSync(path, { recursive: true, force: true });
  }
}
