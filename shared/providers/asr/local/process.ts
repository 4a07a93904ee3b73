// Child processes for the embedded speech engine: spawn, collect output, kill on abort, and
// tell a missing binary apart from a failing one.
import { spawn } from 'node:child_process';

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  /** The last few KB of stderr, for diagnostics (never shown to users). */
  readonly stderrTail: string;
}

/** The executable was not found (spawn ENOENT) or is not executable (EACCES). */
export class MissingBinaryError extends Error {
  override name = 'MissingBinaryError';
  constructor(readonly binary: string) {
    super(`${binary} is not installed or not executable`);
  }
}

const STDERR_TAIL = 4096;

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * Runs `command` to completion. On abort the child is killed (SIGKILL) and the promise
 * rejects with the signal's reason once the child has exited, so its files can be removed.
 */
export function runProcess(command: string, args: readonly string[], options: { signal?: AbortSignal; captureStdout?: boolean } = {}): Promise<RunResult> {
  const { signal, captureStdout = false } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const child = spawn(command, args, { stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    let failure: unknown;
    let aborted = false;
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => {
      err = (err + b.toString('utf8')).slice(-STDERR_TAIL);
    });
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (e: NodeJS.ErrnoException) => {
      failure = e.code === 'ENOENT' || e.code === 'EACCES' ? new MissingBinaryError(command) : e;
    });
    child.on('close', (code, sig) => {
      signal?.removeEventListener('abort', onAbort);
      if (aborted && signal) return reject(abortReason(signal));
      if (failure) return reject(failure);
      resolve({ code, signal: sig, stdout: Buffer.concat(out).toString('utf8'), stderrTail: err });
    });
  });
}
