// Sends one webhook POST (undici) to an address that passed the SSRF rules, and only to that
// address: the hostname is resolved once, every answer is checked, and the agent's connect
// lookup hands back the checked address, so a rebinding DNS server gets no second chance. TLS still
// verifies the certificate against the hostname (SNI = hostname). Connections are kept between
// attempts by origin and checked address, never chosen by them: every attempt is checked first
// (pinned-pool.ts). undici is imported with the first send: the routes that only check a target
// at save time never load it.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { checkResolved, parseWebhookUrl } from '../domain/ssrf-guard.ts';
import { describeNetworkError } from './network-error.ts';
import type { PostOutcome, WebhookTarget } from './pinned-send.ts';

export type { PostOutcome, WebhookTarget } from './pinned-send.ts';

export type Resolver = (host: string) => Promise<string[]>;

export interface TargetOptions {
  allowHttp: boolean;
  allowlist: RegExp | null;
  /** Stands in for DNS (tests). */
  resolver?: Resolver;
}

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
      return { kind: 'unresolved', message: `could not resolve ${parsed.host}: ${describeNetworkError(error)}` };
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

/** Loaded on the first send; kept, because each `import()` call walks the module loader again. */
let sender: Promise<typeof import('./pinned-send.ts')> | undefined;

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
    const { send } = await (sender ??= import('./pinned-send.ts'));
    return await send(target, options.body, options.headers, deadline.signal);
  } finally {
    clearTimeout(timer);
  }
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
