// Fake provider servers for contract tests: a node:http server on 127.0.0.1 that records every
// request (headers, query, multipart fields and files) and answers through a test's handler.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface MultipartPart {
  readonly name: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly data: Buffer;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly bytes: number;
  /** The body as received. */
  readonly body: Buffer;
  readonly parts: readonly MultipartPart[];
  /** The first text field called `name`. */
  field(name: string): string | undefined;
  /** All text fields called `name`. */
  fields(name: string): string[];
  file(name: string): MultipartPart | undefined;
}

export interface Reply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly json?: unknown;
  readonly body?: string;
  /** Wait this long before answering. */
  readonly delayMs?: number;
}

export type Handler = (request: RecordedRequest, call: number) => Reply | Promise<Reply>;

export interface FakeServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  handle(handler: Handler): void;
  reset(): void;
  /** Lets the process exit while the server still listens. */
  unref(): void;
  close(): Promise<void>;
}

export async function startFakeServer(handler: Handler = () => ({ status: 404, json: { error: 'no handler' } })): Promise<FakeServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => void serve(req, res));
  async function serve(req: IncomingMessage, res: ServerResponse) {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const parts = parseMultipart(body, req.headers['content-type']);
      const text = (p: MultipartPart) => p.filename === undefined;
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        bytes: body.length,
        body,
        parts,
        field: (name) => parts.find((p) => p.name === name && text(p))?.data.toString('utf8'),
        fields: (name) => parts.filter((p) => p.name === name && text(p)).map((p) => p.data.toString('utf8')),
        file: (name) => parts.find((p) => p.name === name && !text(p)),
      };
      requests.push(recorded);
      const reply = await current(recorded, requests.length);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      const payload = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.body ?? '');
      res.writeHead(reply.status ?? 200, { 'content-type': reply.json !== undefined ? 'application/json' : 'text/plain', ...reply.headers });
      res.end(payload);
    } catch (e) {
      res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(`fake server failure: ${String(e)}`);
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (h) => void (current = h),
    reset: () => void requests.splice(0),
    unref: () => void server.unref(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Enough of multipart/form-data to check fields and files. */
export function parseMultipart(body: Buffer, contentType: string | undefined): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: MultipartPart[] = [];
  let pos = body.indexOf(delimiter);
  while (pos !== -1) {
    const start = pos + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2); // after CRLF, before CRLF--boundary
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '';
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    parts.push({ name, ...(filename !== undefined && { filename }), ...(type && { contentType: type.trim() }), data: part.subarray(split + 4) });
    pos = next;
  }
  return parts;
}

/** A sine tone of `seconds` as 16 kHz mono WAV (about 32 KB a second). */
export async function makeTone(path: string, seconds: number): Promise<void> {
  await run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ar', '16000', '-ac', '1', path]);
}

/** The duration ffprobe reads from a file. */
export async function probeSeconds(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', path]);
  return Number(stdout.trim());
}

/**
 * An OpenAI verbose_json answer covering the uploaded `file` whatever its length: 10-second
 * segments, one word a second ("w<second>"). The upload is probed with ffprobe in `workDir`.
 */
export async function verboseJsonCovering(request: RecordedRequest, workDir: string): Promise<{ reply: Reply; seconds: number }> {
  const file = request.file('file')!;
  const path = join(workDir, `upload-${randomUUID()}`);
  await writeFile(path, file.data);
  const duration = await probeSeconds(path).finally(() => rm(path, { force: true }));
  const segments = [];
  const words = [];
  for (let start = 0, id = 0; start < duration; start += 10, id++) {
    const end = Math.min(start + 10, duration);
    const own = [];
    for (let t = start; t < end - 0.05; t++) own.push({ word: `w${t}`, start: t, end: Math.min(t + 0.6, end) });
    words.push(...own);
    segments.push({ id, seek: start * 100, start, end, text: ` ${own.map((w) => w.word).join(' ')}`, tokens: [50364], temperature: 0, avg_logprob: -0.2, compression_ratio: 1.1, no_speech_prob: 0.01 });
  }
  const text = segments.map((s) => s.text).join('');
  return { reply: { json: { task: 'transcribe', language: 'english', duration, text, segments, words } }, seconds: duration };
}

/** OpenAI's documented error body for a status. */
export const openAiError = (status: number, headers: Record<string, string> = {}): Reply => ({
  status,
  headers,
  json: {
    error: {
      message: status === 429 ? 'Rate limit reached for whisper-1' : 'The server had an error while processing your request.',
      type: status === 429 ? 'requests' : 'server_error',
      param: null,
      code: null,
    },
  },
});

/** Sets (or, for undefined, removes) environment variables. */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}
