// The artifacts the local runtime runs: the stack as `cdk deploy` with no context builds it,
// synthesized once per change of the sources (bundles and template, in its own process) and
// cached by a hash of them, so a second `npm start`, or every test runtime of a run whatever
// its settings, starts at once. Settings are laid over the template's environment
// (lambda/functions.ts), as `-c settings=…` would write them.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Artifacts } from './manifest.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'verbatim-local');
/** What the synth reads: the code bundled, the stack, the lockfile. */
const SOURCES = ['functions', 'shared', 'infra/aws', 'infra/local/artifacts', 'package-lock.json'];
const DAY_MS = 86_400_000;

/** What the runtime runs, and whether it came from the cache (false: synthesized now). */
export type PreparedArtifacts = Artifacts & { readonly cached: boolean };

/** Synthesizes (or finds in the cache) the stack; returns what it holds. */
export async function prepareArtifacts(): Promise<PreparedArtifacts> {
  const key = sourceHash();
  const dir = join(CACHE, key);
  const cached = existsSync(join(dir, 'artifacts.json'));
  if (!cached) await synthesize(dir);
  const artifacts = JSON.parse(readFileSync(join(dir, 'artifacts.json'), 'utf8')) as Artifacts;
  // Bundle folders are written relative to the synth's own folder.
  return { ...artifacts, cached, functions: artifacts.functions.map((f) => ({ ...f, bundle: join(dir, f.bundle) })) };
}

/** In a child process the start waits for without blocking, so a signal meanwhile is handled at once. */
async function synthesize(dir: string): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  prune();
  const staging = `${dir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'infra/local/artifacts/synthesize.ts'), staging], {
      cwd: ROOT,
      env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', AWS_EC2_METADATA_DISABLED: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Its progress lines are dropped; what it said last is shown when it fails.
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said = (said + chunk.toString()).slice(-4000)));
    await new Promise<void>((done, fail) => {
      child.once('error', fail);
      child.once('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`synthesizing the stack failed (${signal ?? `exit ${code}`}):\n${said}`))));
    });
    // Moved whole, so a concurrent start never reads half a synth.
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(dir, 'artifacts.json'))) throw error;
  }
}

function sourceHash(): string {
  const hash = createHash('sha256');
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
