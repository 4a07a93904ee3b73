// The CLI as a user runs it: its own process, with only DATA_DIR of the stack's settings.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { stack } from './api.ts';

export const root = resolve(import.meta.dirname, '../..');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A user's shell knows only DATA_DIR: the stack's endpoints that this worker got are removed. */
export function userEnvironment(dataDir: string): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(stack().env)) delete env[name];
  return { ...env, DATA_DIR: dataDir };
}

/** `input`, when given, is what the user pipes into standard input (which then ends). */
export function cli(args: readonly string[], dataDir = stack().dataDir, input?: string): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/cli/main.ts', ...args], { cwd: root, env: userEnvironment(dataDir) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  if (input !== undefined) child.stdin.end(input);
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}
