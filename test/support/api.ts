// What end-to-end tests use to talk to the stack the way a user's script would.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { settings } from '#shared/config.ts';
import { windowAt, type RateClass, type RateWindow } from '#shared/domain/rate-limit.ts';
import { csrfTokenFor, hashSessionId, newSessionId } from '#shared/domain/sessions.ts';
import { countRequest } from '#shared/store/rate-counters.ts';
import { getCredentials, insertSession } from '#shared/store/sessions.ts';
import { issueToken } from '#shared/store/tokens.ts';
import { createUser, type User } from '#shared/store/users.ts';

export const stack = () => inject('stack');

export interface CallOptions {
  readonly method?: string;
  readonly token?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export async function call(path: string, options: CallOptions = {}): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization ??= `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${stack().url}/api/v1${path}`, { method: options.method ?? 'GET', headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** A fresh user with an active token, so every test has its own data and rate budget. */
export async function newUser(options: { admin?: boolean } = {}): Promise<{ user: User; token: string }> {
  const user = await createUser({ email: `${randomUUID()}@example.test`, isAdmin: options.admin });
  const { secret } = await issueToken(user.id, 'test', 0);
  return { user, token: secret };
}

export interface WebSession {
  /** The Cookie header's value. */
  readonly cookie: string;
  readonly csrfToken: string;
  /** The SHA-256 the store keys it by. */
  readonly hash: string;
}

/** A web session of the user as sign-in opens one, without the password check (scrypt is slow). */
export async function newSession(userId: number): Promise<WebSession> {
  const id = newSessionId();
  const epoch = (await getCredentials(userId))?.sessionEpoch ?? 0;
  await insertSession(hashSessionId(id), userId, epoch, settings().sessions);
  return { cookie: `vb_session=${id}`, csrfToken: csrfTokenFor(id), hash: hashSessionId(id) };
}

/** The headers a browser of our own origin sends with the session: the cookie, Origin and the CSRF token. */
export const sessionHeaders = (session: WebSession): Record<string, string> => ({ cookie: session.cookie, origin: new URL(stack().url).origin, 'x-csrf-token': session.csrfToken });

/** The one-time code of a sign-in link (`…/welcome#code=…&email=…`). */
export const linkCode = (url: string): string => new URLSearchParams(new URL(url).hash.slice(1)).get('code') ?? '';

/**
 * Spends the rest of the user's budget of a rate class in this minute's window, with 15 s of the
 * window left at least (a window about to end would give the budget back before the test is
 * done); answers the window.
 */
export async function spendRateBudget(userId: number, rateClass: RateClass): Promise<RateWindow> {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < 15) await new Promise((r) => setTimeout(r, left * 1000 + 100));
  const window = windowAt(Date.now());
  await countRequest(userId, rateClass, window.start, window.resetAt + 60, settings().rateLimits[rateClass]);
  return window;
}
