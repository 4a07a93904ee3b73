// The recordings commands are a client of the HTTP API like any user's script: they see only
// what the API answers, never the store. This file finds the service and the token, sends JSON,
// turns error answers into one readable line, and uploads files through the presigned flow.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { settings } from '#shared/config.ts';
import { readLiveRuntime } from '../local/runtime-file.ts';
import type { UploadResult } from '../../shared/recordings/present.ts';

export interface ConnectionOptions {
  readonly url?: string;
  readonly token?: string;
  readonly dataDir?: string;
}

const DEFAULT_URL = 'http://127.0.0.1:3000';

/** An error answer of the API. Its name stays `Error` so main.ts prints just the API's text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export class ApiClient {
  private readonly base: string;

  constructor(
    readonly url: string,
    private readonly token: string,
  ) {
    this.base = `${url}/api/v1`;
  }

  /** Sends `body` as JSON and returns the parsed answer; error answers throw an ApiError. */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await send(`${this.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    const parsed = parseJson(text) as { error?: unknown } | undefined;
    if (!response.ok) {
      const message = typeof parsed?.error === 'string' ? parsed.error : `HTTP ${response.status} from ${method} ${path}`;
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new ApiError(message, response.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
    }
    return parsed as T;
  }
}

/** Where to connect and as whom: flags, then the environment, then the local stack's data folder. */
export function connect(options: ConnectionOptions): ApiClient {
  const dataDir = resolve(options.dataDir ?? settings().dataDir);
  const url = (options.url ?? process.env.VERBATIM_URL ?? readLiveRuntime(dataDir)?.url ?? DEFAULT_URL).replace(/\/+$/, '');
  const token = options.token ?? process.env.VERBATIM_TOKEN ?? localAdminToken(dataDir, url);
  if (!token) {
    throw new Error(`no API token: pass --token or set VERBATIM_TOKEN (create one with \`tokens create\` or in the web app)`);
  }
  return new ApiClient(url, token);
}

/**
 * The first admin's token that `npm start` saved, as a convenience on one's own machine. Only
 * for a loopback URL: that secret must never be sent to some other server the user points at.
 */
function localAdminToken(dataDir: string, url: string): string | undefined {
  const file = join(dataDir, 'admin-token');
  if (!isLoopback(url) || !existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').trim() || undefined;
}

function isLoopback(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** fetch, with a network failure said in words instead of undici's bare "fetch failed". */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const origin = new URL(url).origin;
    const reason = networkReason(error);
    if (reason === 'ECONNREFUSED') throw new Error(`cannot reach ${origin} — is the service running (npm start)?`);
    throw new Error(`cannot reach ${origin}: ${reason}`);
  }
}

/** undici hides the reason in `cause`: a code, or for both of localhost's addresses a list. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Uploads --------------------------------------------------------------------------------

export interface UploadFields {
  readonly title?: string;
  readonly notes?: string;
  readonly language?: string;
}

export type { UploadResult };

type UploadPlan = { readonly upload_id: string } & (
  | { readonly method: 'PUT'; readonly url: string; readonly headers: Record<string, string> }
  | { readonly method: 'MULTIPART'; readonly part_size: number; readonly parts: readonly { part_number: number; url: string }[] }
);

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  webm: 'audio/webm',
  mp4: 'video/mp4',
  aac: 'audio/aac',
};

/** By extension only; anything else is declared as bytes and the server decides. */
export const contentTypeOf = (path: string) => CONTENT_TYPES[extname(path).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** What an upload reports as it goes: the total once known, then every chunk read from disk. */
export interface UploadProgress {
  start(totalBytes: number): void;
  advance(bytes: number): void;
}

/** Declares, sends and completes an upload through the presigned flow. */
export async function uploadFile(client: ApiClient, path: string, fields: UploadFields, progress: UploadProgress): Promise<UploadResult> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new Error(`${path} is not a readable file`);
  const { size } = info;
  const onBytes = (bytes: number) => progress.advance(bytes);
  const declaration = { filename: basename(path), size, content_type: contentTypeOf(path), file_last_modified: Math.floor(info.mtimeMs), ...fields };
  const plan = await client.request<UploadPlan>('POST', '/recordings/uploads', declaration);
  progress.start(size);
  const complete = `/recordings/uploads/${plan.upload_id}/complete`;
  if (plan.method === 'PUT') {
    await putRange(plan.url, plan.headers, path, 0, size, onBytes);
    return client.request<UploadResult>('POST', complete, {});
  }
  const parts = [];
  // One part at a time: memory stays at one stream buffer and the bar moves steadily.
  for (const part of plan.parts) {
    const start = (part.part_number - 1) * plan.part_size;
    const etag = await putRange(part.url, {}, path, start, Math.min(start + plan.part_size, size), onBytes);
    if (!etag) throw new Error(`storage answered part ${part.part_number} without an ETag`);
    parts.push({ part_number: part.part_number, etag });
  }
  return client.request<UploadResult>('POST', complete, { parts });
}

/** PUTs bytes [start, end) of the file, streamed from disk; returns the answer's ETag. */
async function putRange(url: string, headers: Record<string, string>, path: string, start: number, end: number, onBytes: (bytes: number) => void): Promise<string | null> {
  // Storage refuses chunked uploads to presigned URLs, hence the explicit length.
  const init = { method: 'PUT', headers: { ...headers, 'content-length': String(end - start) }, body: counted(path, start, end, onBytes), duplex: 'half' };
  const response = await send(url, init as RequestInit);
  if (!response.ok) throw new Error(`storage refused the upload (HTTP ${response.status}): ${storageError(await response.text())}`);
  await response.body?.cancel();
  return response.headers.get('etag');
}

async function* counted(path: string, start: number, end: number, onBytes: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  // end is exclusive here, inclusive for createReadStream.
  for await (const chunk of createReadStream(path, { start, end: end - 1 })) {
    onBytes((chunk as Buffer).length);
    yield chunk as Buffer;
  }
}

/** S3 explains itself in XML: its <Message>, else the start of whatever it sent. */
const storageError = (body: string) => /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? (body.slice(0, 200) || 'no details');
