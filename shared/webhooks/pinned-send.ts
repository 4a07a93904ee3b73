// The send half of pinned-http.ts: one POST with undici to the address the SSRF check picked,
// and only to it. A module of its own, imported when the first webhook is sent, so the routes
// that only check a target at save time never load undici (a static import here: esbuild's
// CommonJS interop gives a dynamic `import('undici')` no constructors once bundled).
import type { IncomingHttpHeaders } from 'node:http';
import type { LookupFunction } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { Agent, request, type Dispatcher } from 'undici';
import { logger } from '../logger.ts';
import { describeNetworkError } from './network-error.ts';

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
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  // An agent per send: a pooled connection would skip the check just made. A literal is dialled
  // directly (Node skips the lookup hook for IPs); a name goes through the pinned hook and is
  // kept for SNI and certificate verification (undici sends no SNI for an IP).
  const agent = new Agent({ connect: { lookup: pinned }, pipelining: 0 });
  try {
    const response = await request(target.url, { method: 'POST', headers, body, dispatcher: agent, signal });
    const retryAfterSeconds = parseRetryAfter(single(response.headers['retry-after']), Date.now());
    return {
      kind: 'response',
      status: response.statusCode,
      headers: flatten(response.headers),
      bodyPreview: await readPreview(response.body),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
  } catch (error) {
    return signal.aborted ? { kind: 'timeout' } : { kind: 'network-error', message: describeNetworkError(error) };
  } finally {
    agent.destroy().catch((error: unknown) => logger.warn('the webhook connection could not be closed', { error }));
  }
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
