// Sends one webhook POST to an address that passed the SSRF rules, and only to that address:
// the hostname is resolved once, every answer is checked, and the socket's own lookup hook
// hands back the checked address, so a rebinding DNS server gets no second chance. TLS still
// verifies the certificate against the hostname (SNI = hostname).
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { checkResolved, parseWebhookUrl } from '../domain/ssrf-guard.ts';

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

function send(
  target: Extract<WebhookTarget, { kind: 'pinned' }>,
  body: string,
  callerHeaders: Record<string, string>,
  signal: AbortSignal,
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    let answered = false;
    const settle = (outcome: PostOutcome) => {
      if (answered) return;
      answered = true;
      resolve(outcome);
    };

    const payload = Buffer.from(body, 'utf8');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(callerHeaders)) if (!MANAGED_HEADERS.has(name.toLowerCase())) headers[name] = value;
    headers.Host = target.url.host;
    headers['Content-Length'] = String(payload.length);

    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const secure = target.url.protocol === 'https:';

    let request: ClientRequest;
    try {
      request = (secure ? https : http).request({
        method: 'POST',
        // A literal is dialled directly (Node skips the lookup hook for IPs); a name goes through
        // the pinned hook and is kept for SNI and certificate verification.
        host: target.literal ? target.address : target.host,
        port: target.url.port === '' ? (secure ? 443 : 80) : Number(target.url.port),
        path: `${target.url.pathname}${target.url.search}`,
        headers,
        lookup: pinned,
        ...(secure && !target.literal ? { servername: target.host } : {}),
        // A fresh connection every time: a pooled socket would skip the check just made.
        agent: false,
        signal,
      });
    } catch (error) {
      settle({ kind: 'network-error', message: describe(error) });
      return;
    }

    let responded = false;
    request.on('error', (error) => {
      // After the status line arrives, the preview reader owns the outcome.
      if (responded) return;
      settle(signal.aborted ? { kind: 'timeout' } : { kind: 'network-error', message: describe(error) });
    });
    request.on('response', (response) => {
      responded = true;
      void readPreview(response).then((bodyPreview) => {
        const retryAfterSeconds = parseRetryAfter(single(response.headers['retry-after']), Date.now());
        settle({
          kind: 'response',
          status: response.statusCode ?? 0,
          headers: flatten(response.headers),
          bodyPreview,
          ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        });
      });
    });
    request.end(payload);
  });
}

// Reads at most PREVIEW_BYTES, then hangs up; a body cut short by the deadline or the peer still
// yields what arrived, since the status is already known.
function readPreview(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      response.removeAllListeners('data');
      response.destroy();
      resolve(decodePreview(Buffer.concat(chunks, size)));
    };
    response.on('data', (chunk: Buffer) => {
      const room = PREVIEW_BYTES - size;
      const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(piece);
      size += piece.length;
      if (size >= PREVIEW_BYTES) finish();
    });
    response.on('error', () => undefined);
    response.on('end', finish);
    response.on('close', finish);
  });
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

function flatten(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code !== undefined && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
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
