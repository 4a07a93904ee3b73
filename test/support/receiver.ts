// A webhook receiver on loopback for tests: it records every request (raw body, headers,
// arrival time) and answers as the test tells it to.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface Received {
  readonly body: string;
  /** The request's path, e.g. /hook. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly at: number;
}

/** What to answer; `hang` keeps the request open, `reset` cuts the connection. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang' | 'reset';

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  answer: (request: Received, index: number) => Answer;
  close(): Promise<void>;
}

export async function startReceiver(answer: Receiver['answer'] = () => ({ status: 200 })): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: { answer: Receiver['answer'] } = { answer };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '', headers: req.headers as Record<string, string>, at: Date.now() };
      received.push(request);
      const reply = receiver.answer(request, received.length - 1);
      if (reply === 'hang') return;
      if (reply === 'reset') return req.socket.destroy();
      setTimeout(() => {
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? '');
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    get answer() {
      return receiver.answer;
    },
    set answer(fn) {
      receiver.answer = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function waitUntil(check: () => boolean, timeoutMs: number, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
