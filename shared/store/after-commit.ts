// Work that follows a commit without holding up what the committer does next (publishing the
// change's events): started at once, and awaited by the function's wrapper before it answers
// (withBoundary, sqsWorker, the sweep), so a Lambda is not frozen with it half done. A crash
// in between is the sweep's to repair; the work must be safe to run again.
import { logger } from '../logger.ts';

const running = new Set<Promise<void>>();

/** Starts `work` now; a failure is logged, not thrown (the sweep repeats what it left). */
export function afterCommit(what: string, work: () => Promise<unknown>): void {
  const done: Promise<void> = work().then(
    () => undefined,
    (error: unknown) => logger.warn(`${what} failed after the commit; the sweep repeats it`, { error }),
  );
  running.add(done);
  void done.finally(() => running.delete(done));
}

/** Waits for all work started by afterCommit, including work started while waiting. */
export async function commitsSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
