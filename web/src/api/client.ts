// The typed API client: openapi-fetch over the types generated from our OpenAPI document.
// The session cookie travels by itself (same origin); every write carries the CSRF token the
// session gave us. A 401 anywhere means the session ended: the app goes back to sign-in.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

let csrfToken: string | null = null;
let onSignedOut: () => void = () => undefined;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function whenSignedOut(callback: () => void): void {
  onSignedOut = callback;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const session: Middleware = {
  onRequest({ request }) {
    if (csrfToken && WRITES.has(request.method)) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
  onResponse({ response, request }) {
    if (response.status === 401 && !new URL(request.url).pathname.startsWith('/api/v1/auth/')) onSignedOut();
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: '/api/v1', credentials: 'same-origin' });
api.use(session);

/** The error body of decisions §1, as the forms show it. */
export interface ApiError {
  readonly error: string;
  readonly code: string;
  readonly details?: readonly { readonly path: string; readonly message: string }[];
  /** With 429: the seconds until the call may be sent again. */
  readonly retry_after?: number;
}

/** Throws the API's error (or a network failure) so forms can show it; returns the data otherwise. */
export async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await request;
  if (error !== undefined || !response.ok) throw new ApiFailure(response.status, (error ?? { error: response.statusText, code: 'unknown' }) as ApiError);
  return data as T;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.error);
  }

  /** The message and each field's complaint it does not already say, for a form's error region. */
  describe(): string {
    const unsaid = (this.body.details ?? []).filter((d) => !this.body.error.includes(d.path ? `${d.path} ${d.message}` : d.message));
    return [this.body.error, ...unsaid.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))].join(' — ');
  }
}

export const describeError = (error: unknown): string => (error instanceof ApiFailure ? error.describe() : error instanceof Error ? error.message : String(error));
