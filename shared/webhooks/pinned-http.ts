// Sends one webhook POST (undici) to an address that passed the SSRF rules, and only to that
// address: the hostname is resolved once, every answer is checked, and the agent's connect
// lookup hands back the checked address, so a rebinding DNS server gets no second chance. TLS still
// verifies the certificate against the hostname (SNI = hostname). undici is imported with the
// first send: the routes that only check a target at save time never load it.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';
import { checkResolved, parseWebhookUrl } from '../domain/ssrf-guard.ts';
import { logger } from '../logger.ts';

export type PostOutcome =
  | { kind: 'response'; status: number; headers: Record<string, string>; bodyPreview: string; retryAfterSeconds?: number }
  | { kind: 'blocked'; reason: string }
  | { kind: 'network-error'; message: string }
  | { kind: 'timeout' };

export type Resolver = (host: string) => Promise<string[]>;

export interface TargetOptions {
  allowHttp: boolean;
  allowlist: RegExp | null;
  /** Stands in for DNS (tests). */
  resolver?: Resolver;
}

export type WebhookTarget =
  | { kind: 'pinned'; url: URL; host: string; literal: boolean; address: string; family: 4 | 6 }
  | { kind: 'blocked'; reason: string }
  | { kind: 'unresolved'; message: string };

const PREVIEW_BYTES = 1024;
const RETRY_AFTER_CAP_SECONDS = 3600;
// Whatever the caller passes, these describe the connection and the body we actually send.
const MANAGED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

const systemResolver: Resolver = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The SSRF guard with DNS: parses the URL, resolves the hostname once (never for IP literals)
 * and picks the address to connect to. Used before every send, and at save time.
 */
export async function resolveWebhookTarget(rawUrl: string, options: TargetOptions): Promise<WebhookTarget> {
  const parsed = parseWebhookUrl(rawUrl, { allowHttp: options.allowHttp, allowlist: options.allowlist });
  if (!parsed.ok) return { kind: 'blocked', reason: parsed.reason };

  let addresses: string[];
  if (parsed.literal !== null) {
    addresses = [parsed.literal.toString()];
  } else {
    try {
      addresses = await (options.resolver ?? systemResolver)(parsed.host);
    } catch (error) {
      return { kind: 'unresolved', message: `could not resolve ${parsed.host}: ${describe(error)}` };
    }
  }

  // An allowlisted intranet host skips the address rules but must still resolve to an address.
  if (!parsed.allowlisted) {
    const verdict = checkResolved(addresses);
    if (!verdict.allowed) return { kind: 'blocked', reason: verdict.reason ?? 'the address is not allowed' };
  }
  // Every answer passed (or the host is allowlisted), so the first usable one is the one dialled.
  const address = addresses.find((a) => isIP(a) !== 0);
  if (address === undefined) return { kind: 'unresolved', message: `${parsed.host} resolved to no usable address` };
  return { kind: 'pinned', url: parsed.url, host: parsed.host, literal: parsed.literal !== null, address, family: isIP(address) === 6 ? 6 : 4 };
}

export async function postPinned(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowHttp: boolean;
  allowlist: RegExp | null;
  resolver?: Resolver;
}): Promise<PostOutcome> {
  // One deadline for everything: a hanging resolver, connect, TLS and the response.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  try {
    const target = await untilAborted(resolveWebhookTarget(options.url, options), deadline.signal);
    if (target === 'aborted') return { kind: 'timeout' };
    if (target.kind === 'blocked') return target;
    if (target.kind === 'unresolved') return { kind: 'network-error', message: target.message };
    return await send(target, options.body, options.headers, deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function send(target: Extract<WebhookTarget, { kind: 'pinned' }>, body: string, callerHeaders: Record<string, string>, signal: AbortSignal): Promise<PostOutcome> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(callerHeaders)) if (!MANAGED_HEADERS.has(name.toLowerCase())) headers[name] = value;
  const { Agent, request } = await import('undici');
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
    return signal.aborted ? { kind: 'timeout' } : { kind: 'network-error', message: describe(error) };
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

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici reports a socket closed under it with the socket's own error as the cause.
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException).code;
  const message = cause && !/^UND_ERR/.test((error as NodeJS.ErrnoException).code ?? '') ? error.message : (cause?.message ?? error.message);
  return code !== undefined && !message.includes(code) ? `${code}: ${message}` : message;
}

async function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T | 'aborted'> {
  if (signal.aborted) return 'aborted';
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
