// Uploading files from disk the way a client script does, without holding them in memory:
// a streamed multipart/form-data body, and the presigned flow (one PUT or a PUT per part).
import { randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';

export interface Uploaded {
  readonly id: number;
  readonly status: string;
  readonly file_size: number;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A PUT of a byte range of a file, streamed, with its Content-Length. */
function putFile(url: string, path: string, start: number, length: number, headers: Record<string, string> = {}): Promise<Response> {
  const body = Readable.toWeb(createReadStream(path, { start, end: start + length - 1 })) as ReadableStream<Uint8Array>;
  return fetch(url, { method: 'PUT', headers: { ...headers, 'content-length': String(length) }, body, duplex: 'half' } as RequestInit);
}

/** POST /recordings/upload with the file streamed from disk inside a multipart body. */
export async function multipartUpload(baseUrl: string, token: string, path: string, fields: Record<string, string> = {}): Promise<Uploaded> {
  const size = statSync(path).size;
  const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const preamble = Buffer.from(`${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${basename(path)}"\r\nContent-Type: audio/wav\r\n\r\n`);
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield preamble;
    yield* createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>;
    yield epilogue;
  }
  const response = await fetch(`${baseUrl}/api/v1/recordings/upload`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(preamble.length + size + epilogue.length) },
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  return json<Uploaded>(response, 'POST /recordings/upload');
}

interface Plan {
  readonly upload_id: string;
  readonly method: 'PUT' | 'MULTIPART';
  readonly url?: string;
  readonly headers?: Record<string, string>;
  readonly part_size?: number;
  readonly parts?: readonly { part_number: number; url: string }[];
}

/** Declares an upload; the plan says PUT or MULTIPART. */
export async function declare(baseUrl: string, token: string, filename: string, size: number): Promise<Plan> {
  const response = await fetch(`${baseUrl}/api/v1/recordings/uploads`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({ filename, size, content_type: 'audio/wav' }),
  });
  return json<Plan>(response, 'POST /recordings/uploads');
}

/** The presigned flow: declare, PUT (or PUT every part, keeping its ETag), complete. */
export async function presignedUpload(baseUrl: string, token: string, path: string, onPhase?: (phase: 'put' | 'complete') => void): Promise<Uploaded & { method: string; parts: number }> {
  const size = statSync(path).size;
  const plan = await declare(baseUrl, token, basename(path), size);
  onPhase?.('put');
  const parts: { part_number: number; etag: string }[] = [];
  if (plan.method === 'PUT') {
    const put = await putFile(plan.url!, path, 0, size, plan.headers);
    if (!put.ok) throw new Error(`presigned PUT of ${size} bytes answered ${put.status}: ${(await put.text()).slice(0, 200)}`);
  } else {
    for (const part of plan.parts!) {
      const start = (part.part_number - 1) * plan.part_size!;
      const put = await putFile(part.url, path, start, Math.min(plan.part_size!, size - start));
      if (!put.ok) throw new Error(`part ${part.part_number} (${plan.part_size} bytes) answered ${put.status}: ${(await put.text()).slice(0, 200)}`);
      parts.push({ part_number: part.part_number, etag: put.headers.get('etag')! });
    }
  }
  onPhase?.('complete');
  const response = await fetch(`${baseUrl}/api/v1/recordings/uploads/${plan.upload_id}/complete`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify(plan.method === 'PUT' ? {} : { parts }),
  });
  return { ...(await json<Uploaded>(response, 'POST /recordings/uploads/{id}/complete')), method: plan.method, parts: parts.length || 1 };
}

/** Polls GET /recordings/{id}/status every `everyMs` until it is COMPLETED (or FAILED: an error). */
export async function waitCompleted(baseUrl: string, token: string, id: number, everyMs: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, error_message } = await json<{ status: string; error_message: string | null }>(await fetch(`${baseUrl}/api/v1/recordings/${id}/status`, { headers: auth(token) }), 'GET status');
    if (status === 'COMPLETED') return;
    if (status === 'FAILED') throw new Error(`recording ${id} FAILED: ${error_message}`);
    if (Date.now() > deadline) throw new Error(`recording ${id} still ${status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
