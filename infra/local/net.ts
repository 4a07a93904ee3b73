import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Retries `probe` until it resolves, or fails with its last error after `timeoutMs`. */
export async function waitFor(probe: () => Promise<unknown>, timeoutMs: number, intervalMs = 150): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await probe();
      return;
    } catch (error) {
      if (Date.now() > deadline || /exited/.test((error as Error).message)) throw error;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
