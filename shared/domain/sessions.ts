// Web sessions (decisions §2b): an opaque 256-bit id in an HttpOnly cookie, stored only as its
// SHA-256, ending after an idle period or an absolute lifetime, whichever comes first.
// Cookie-carried mutating requests must come from our own origin and carry the CSRF token,
// which is derived from the session id (so it needs no storage and dies with the session).
import { createHash, randomBytes } from 'node:crypto';
import { sameSecret } from './constant-time.ts';

const SESSION_COOKIE = 'vb_session';
const CSRF_HEADER = 'x-csrf-token';

export interface SessionTimes {
  readonly created_at: string;
  readonly last_seen_at: string;
}

export interface SessionLimits {
  readonly idleSeconds: number;
  readonly absoluteSeconds: number;
}

export const newSessionId = (): string => randomBytes(32).toString('base64url');
export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex');
export const csrfTokenFor = (sessionId: string): string => createHash('sha256').update(`csrf:${sessionId}`).digest('base64url');

/** When the session ends if nobody uses it again (ms since the epoch). */
export function sessionEndsAt(session: SessionTimes, limits: SessionLimits): number {
  const idle = Date.parse(session.last_seen_at) + limits.idleSeconds * 1000;
  const absolute = Date.parse(session.created_at) + limits.absoluteSeconds * 1000;
  return Math.min(idle, absolute);
}

export const sessionIsLive = (session: SessionTimes, limits: SessionLimits, nowMs: number): boolean => nowMs < sessionEndsAt(session, limits);

/** Use is written at most once a minute, like a token's last use. */
export const sessionSeenIsStale = (session: SessionTimes, nowMs: number): boolean => nowMs - Date.parse(session.last_seen_at) >= 60_000;

/** The session id from the Cookie header(s); undefined when there is none. */
export function sessionIdFrom(cookies: readonly string[] | undefined): string | undefined {
  for (const cookie of cookies ?? []) {
    for (const part of cookie.split(';')) {
      const [name, ...value] = part.trim().split('=');
      if (name === SESSION_COOKIE && value.length > 0) return value.join('=');
    }
  }
  return undefined;
}

export function sessionCookie(id: string, secure: boolean, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export const clearedSessionCookie = (secure: boolean): string => sessionCookie('', secure, 0);

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CsrfInput {
  readonly method: string;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly sessionId: string;
  /** The origins the app is served from, e.g. "https://verbatim.example.com". */
  readonly allowedOrigins: readonly string[];
}

/** Why a cookie-carried request is refused, or undefined when it may go on. */
export function csrfRefusal(input: CsrfInput): string | undefined {
  if (!MUTATING.has(input.method.toUpperCase())) return undefined;
  const site = input.headers['sec-fetch-site'];
  const origin = input.headers['origin'];
  if (site !== undefined && site !== 'same-origin') return 'Cross-site request refused';
  if (origin !== undefined && !input.allowedOrigins.includes(origin)) return 'Cross-origin request refused';
  if (site === undefined && origin === undefined) return 'A request with the session cookie must say where it comes from (Origin)';
  if (!sameSecret(input.headers[CSRF_HEADER] ?? '', csrfTokenFor(input.sessionId))) return 'Missing or wrong CSRF token (X-CSRF-Token)';
  return undefined;
}

/** Our own origin as the browser sees it: the forwarded scheme and host, else the Host header. */
export function requestOrigin(headers: Readonly<Record<string, string | undefined>>): { origin: string; secure: boolean } | undefined {
  const host = headers['x-forwarded-host'] ?? headers['host'];
  if (!host) return undefined;
  const proto = (headers['cloudfront-forwarded-proto'] ?? headers['x-forwarded-proto'] ?? 'http').split(',')[0]!.trim();
  return { origin: `${proto}://${host}`, secure: proto === 'https' };
}
