// How `npm start` ends. SIGINT (Ctrl-C) or SIGTERM, while starting or running, stops the whole
// stack (DynamoDB Local and any other child included) and exits 0 within 10 s; a second signal
// exits at once. The terminal and npm both deliver one Ctrl-C, so a repeat of the same signal
// within half a second counts once.
import { createServer } from 'node:net';
import { logger } from '#shared/logger.ts';
import { processTree, portOwner } from './procfs.ts';
import type { Runtime } from './runtime.ts';
import { inUse, releaseDataDir } from './runtime-file.ts';

const SAME_SIGNAL_MS = 500;
const STOP_LIMIT_MS = 9000;

export interface Lifecycle {
  /** From now on a signal stops this runtime in order rather than abandoning a start. */
  started(runtime: Runtime): void;
  readonly stopping: boolean;
}

export function stopOnSignals(dataDir: string): Lifecycle {
  let runtime: Runtime | undefined;
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (first) {
      if (signal === first.signal && Date.now() - first.at < SAME_SIGNAL_MS) return;
      process.stderr.write(`${signal} again: exiting now\n`);
      return exitNow(dataDir, 1);
    }
    first = { signal, at: Date.now() };
    process.stdout.write(`\n${signal}: stopping (send it again to exit at once)\n`);
    // Whatever hangs, the stack is gone within the limit.
    setTimeout(() => exitNow(dataDir, 0), STOP_LIMIT_MS).unref();
    (runtime ? runtime.stop() : abandonStart(dataDir)).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error });
        exitNow(dataDir, 1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    started: (r) => (runtime = r),
    get stopping() {
      return first !== undefined;
    },
  };
}

/** A start cut short: its children (DynamoDB Local, a synth, a compile) are ended; servers in this process end with it. */
async function abandonStart(dataDir: string): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const children = processTree(process.pid).slice(1);
    if (children.length === 0) break;
    signalAll(children, Date.now() < deadline ? 'SIGTERM' : 'SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
  }
  releaseDataDir(dataDir);
}

function exitNow(dataDir: string, code: number): never {
  signalAll(processTree(process.pid).slice(1), 'SIGKILL');
  releaseDataDir(dataDir);
  process.exit(code);
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

export class PortBusyError extends Error {
  override name = 'PortBusyError';
}

/** Says in one line who holds the data folder or the port, before anything starts. */
export async function ensureFree(dataDir: string, host: string, port: number): Promise<void> {
  const busy = inUse(dataDir);
  if (busy) throw busy;
  if (port === 0) return;
  const server = createServer();
  const error = await new Promise<NodeJS.ErrnoException | undefined>((done) => {
    server.once('error', done).listen(port, host, () => server.close(() => done(undefined)));
  });
  if (error?.code !== 'EADDRINUSE') return;
  const holder = portOwner(port);
  throw new PortBusyError(`http://${host}:${port} is already in use${holder ? ` by pid ${holder.pid} (${holder.command})` : ''}; stop it or set PORT to another port`);
}
