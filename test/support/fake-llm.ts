// A fake language-model HTTP server on 127.0.0.1 for contract tests: it records every request
// and answers with whatever the test's handler returns (OpenAI chat completions, Bedrock
// Converse, errors with headers). HTTP/1.1 for fetch; cleartext HTTP/2 with prior knowledge
// (`http2: true`) for the Bedrock Runtime client, whose default handler speaks HTTP/2.
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  /** The body parsed as JSON, or undefined. */
  readonly json: any;
}

export interface FakeReply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** Sent as JSON unless it is a string. */
  readonly body?: unknown;
}

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakeLlm {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** Replaces the handler and forgets the recorded requests. */
  reset(handler: FakeHandler): void;
  close(): Promise<void>;
}

export async function startFakeLlm(
  initial: FakeHandler = () => ({ status: 500, body: { error: 'no handler' } }),
  options: { readonly http2?: boolean } = {},
): Promise<FakeLlm> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const serve = (req: http.IncomingMessage | http2.Http2ServerRequest, res: http.ServerResponse | http2.Http2ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const json = parseOrUndefined(body);
      const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers as http.IncomingHttpHeaders, body, json };
      requests.push(recorded);
      Promise.resolve()
        .then(() => handler(recorded))
        .then(
          (reply) => {
            const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
            (res as http.ServerResponse).writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
            res.end(text);
          },
          (error: unknown) => {
            (res as http.ServerResponse).writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: String(error) }));
          },
        );
    });
  };
  const server = options.http2 ? http2.createServer(serve) : http.createServer(serve);
  const closers = trackConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    reset(next) {
      handler = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const close of closers) close();
        server.close(() => resolve());
      }),
  };
}

function parseOrUndefined(body: string): unknown {
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return undefined;
  }
}

/** Closers of every open connection (HTTP/1) or session (HTTP/2), so close() needs no waiting. */
function trackConnections(server: http.Server | http2.Http2Server): Set<() => void> {
  const closers = new Set<() => void>();
  const track = (resource: { destroy(): void; on(event: 'close', listener: () => void): unknown }) => {
    const close = () => resource.destroy();
    closers.add(close);
    resource.on('close', () => closers.delete(close));
  };
  server.on('session', track);
  server.on('connection', track);
  return closers;
}

/** An OpenAI chat completion body. */
export const openaiReply = (content: string, usage = { prompt_tokens: 100, completion_tokens: 10 }): FakeReply => ({
  body: {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  },
});

/** A Bedrock Converse response body, as the AWS documentation shows it. */
export const converseReply = (text: string, usage = { inputTokens: 120, outputTokens: 12 }): FakeReply => ({
  body: {
    output: { message: { role: 'assistant', content: [{ text }] } },
    stopReason: 'end_turn',
    usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens },
    metrics: { latencyMs: 5 },
  },
});

/** The environment variables a test sets, restored afterwards. */
export function envScope(values: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}
