// The SSRF guard at save time: the same rules and the same resolution as at dispatch
// (resolveWebhookTarget), with a short deadline on DNS so a slow resolver cannot hold a
// request until the function times out.
import { lookup } from 'node:dns/promises';
import { resolveWebhookTarget, type Resolver } from './pinned-http.ts';

const RESOLVE_TIMEOUT_MS = 5000;

export type TargetVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface TargetCheckOptions {
  readonly allowHttp: boolean;
  readonly allowlist: RegExp | null;
  /** Stands in for DNS (tests). */
  readonly resolver?: Resolver;
  readonly timeoutMs?: number;
}

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export async function checkWebhookTarget(url: string, options: TargetCheckOptions): Promise<TargetVerdict> {
  const resolve = options.resolver ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? RESOLVE_TIMEOUT_MS;
  const target = await resolveWebhookTarget(url, {
    allowHttp: options.allowHttp,
    allowlist: options.allowlist,
    resolver: (host) => withDeadline(resolve(host), timeoutMs, `DNS did not answer within ${timeoutMs / 1000} s`),
  });
  if (target.kind === 'blocked') return { ok: false, reason: target.reason };
  if (target.kind === 'unresolved') return { ok: false, reason: target.message };
  return { ok: true };
}

function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
