// The send half of pinned-http.ts: one POST with undici to the address the SSRF check picked,
// and only to it, on a connection kept for that origin and address (pinned-pool.ts). A module of
// its own, imported when the first webhook is sent, so the routes that only check a target at
// save time never load undici (a static import here: esbuild's CommonJS interop gives a dynamic
// `import('undici')` no constructors once bundled).
import type { IncomingHttpHeaders } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { request, type Dispatcher } from 'undici';
import { logger } from '../logger.ts';
import { describeNetworkError } from './network-error.ts';
import { freshAgent, pooledAgent } from './pinned-pool.ts';

export type PostOutcome =
  | { kind: 'response'; status: number; headers: Record<string, string>; bodyPreview: string; retryAfterSeconds?: number }
  | { kind: 'blocked'; reason: string }
  | { kind: 'network-error'; message: string }
  | { kind: 'timeout' };

export type WebhookTarget =
  | { kind: 'pinned'; url: URL; host: string; literal: boolean; address: string; family: 4 | 6 }
  | { kind: 'blocked'; reason: string }
  | { kind: 'unresolved'; message: string };

const PREVIEW_BYTES = 1024;
const RETRY_AFTER_CAP_SECONDS = 3600;
// Whatever the caller passes, these describe the connection and the body we actually send.
const MANAGED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

export async function send(target: Extract<WebhookTarget, { kind: 'pinned' }>, body: string, callerHeaders: Record<string, string>, signal: AbortSignal): Promise<PostOutcome> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(callerHeaders)) if (!MANAGED_HEADERS.has(name.toLowerCase())) headers[name] = value;
  const { agent, reused } = pooledAgent(target);
  try {
    return await post(target.url, { headers, body, signal }, agent);
  } catch (error) {
    // A kept connection the receiver closed just as this request went out on it: sent once more
    // on a connection of its own, as browsers do when a reused connection fails before any answer
    // (the delivery id lets a receiver drop the rare copy; it is at least once anyway).
    if (!reused || signal.aborted || !closedUnderUs(error)) return failed(error, signal);
  }
  const fresh = freshAgent(target);
  try {
    return await post(target.url, { headers, body, signal }, fresh);
  } catch (error) {
    return failed(error, signal);
  } finally {
    fresh.destroy().catch((error: unknown) => logger.warn('the webhook connection could not be closed', { error }));
  }
}

/** One POST; the answer as an outcome, or the error that left none. */
async function post(url: URL, options: { headers: Record<string, string>; body: string; signal: AbortSignal }, dispatcher: Dispatcher): Promise<PostOutcome> {
  const response = await request(url, { method: 'POST', ...options, dispatcher });
  const retryAfterSeconds = parseRetryAfter(single(response.headers['retry-after']), Date.now());
  return {
    kind: 'response',
    status: response.statusCode,
    headers: flatten(response.headers),
    bodyPreview: await readPreview(response.body),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}

function failed(error: unknown, signal: AbortSignal): PostOutcome {
  return signal.aborted ? { kind: 'timeout' } : { kind: 'network-error', message: describeNetworkError(error) };
}

/** The peer closed or reset the connection before answering (undici: "other side closed"). */
function closedUnderUs(error: unknown): boolean {
  const codes = [error, (error as { cause?: unknown } | undefined)?.cause].map((e) => (e as NodeJS.ErrnoException | undefined)?.code);
  return codes.some((code) => code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE');
}

// Reads at most PREVIEW_BYTES, then hangs up; a body cut short by the deadline or the peer still
// yields what arrived, since the status is already known.
async function readPreview(stream: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const piece = chunk.subarray(0, PREVIEW_BYTES - size);
      chunks.push(piece);
      size += piece.length;
      if (size >= PREVIEW_BYTES) break;
    }
  } catch {
    // Cut short (deadline, reset): the status is known and what arrived is the preview.
  } finally {
    stream.destroy();
  }
  return decodePreview(Buffer.concat(chunks, size));
}

function decodePreview(bytes: Buffer): string {
  // write() without end() holds back a character cut in half at the limit.
  let text = new StringDecoder('utf8').write(bytes);
  // Invalid bytes become U+FFFD (3 bytes), which could push the text past the limit.
  while (Buffer.byteLength(text) > PREVIEW_BYTES) text = text.slice(0, -1);
  return text;
}

/** Retry-After as seconds (delta-seconds or HTTP-date), capped at one hour. */
function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), RETRY_AFTER_CAP_SECONDS);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, Math.ceil((at - nowMs) / 1000)), RETRY_AFTER_CAP_SECONDS);
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
