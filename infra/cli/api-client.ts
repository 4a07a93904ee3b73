// The recordings commands are a client of the HTTP API like any user's script: they see only
// what the API answers, never the store. They call it through openapi-fetch, typed by the
// types generated from our OpenAPI document (shared/http/api-schema.d.ts, the web app's too).
// This file finds the service and the token, and turns error answers and network failures into
// one readable line.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import createClient, { type Client } from 'openapi-fetch';
import { settings } from '#shared/config.ts';
import type { paths } from '#shared/http/api-schema.d.ts';
import { readLiveRuntime } from '../local/runtime-file.ts';

export interface ConnectionOptions {
  readonly url?: string;
  readonly token?: string;
  readonly dataDir?: string;
}

/** The API, as the generated types describe it. */
export type Api = Client<paths, 'application/json'>;

const DEFAULT_URL = 'http://127.0.0.1:3000';

/** An error answer of the API. Its name stays `Error` so main.ts prints just the API's text. */
class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Where to connect and as whom: flags, then the environment, then the local stack's data folder. */
export function connect(options: ConnectionOptions): Api {
  const dataDir = resolve(options.dataDir ?? settings().dataDir);
  const url = (options.url ?? process.env.VERBATIM_URL ?? readLiveRuntime(dataDir)?.url ?? DEFAULT_URL).replace(/\/+$/, '');
  const token = options.token ?? process.env.VERBATIM_TOKEN ?? localAdminToken(dataDir, url);
  if (!token) {
    throw new Error(`no API token: pass --token or set VERBATIM_TOKEN (create one with \`tokens create\` or in the web app)`);
  }
  return createClient<paths, 'application/json'>({
    baseUrl: `${url}/api/v1`,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    fetch: (request) => patiently(request),
  });
}

/** The longest wait a 429 may ask for that the CLI sits out: a rate window is one minute; a
 *  used-up monthly budget asks for days, and is said at once. */
const MAX_WAIT_SECONDS = 65;
const MAX_RATE_RETRIES = 3;

/**
 * Sends a call; refused with 429 by a rate limit (before anything was done), waits as
 * Retry-After says and sends it again, a few times, saying so on stderr (stdout stays the
 * command's answer, so `--json` output is unchanged).
 */
async function patiently(request: Request): Promise<Response> {
  for (let retries = 0; ; retries++) {
    const response = await reach(request.url, () => fetch(request.clone()));
    const wait = response.status === 429 ? retryAfterOf(response) : undefined;
    if (wait === undefined || wait > MAX_WAIT_SECONDS || retries === MAX_RATE_RETRIES) return response;
    await response.body?.cancel();
    process.stderr.write(`The service's rate limit was reached; trying again in ${wait} s.\n`);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

/** Retry-After in seconds (the API sends whole seconds), or undefined when absent or not a number. */
function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** What every call of the generated client resolves to. */
interface Answer<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** The data of a successful answer; an error answer throws an ApiError with the API's message. */
export async function answer<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const said = (error as { error?: unknown } | undefined)?.error;
  const message = typeof said === 'string' ? said : `HTTP ${response.status} from ${new URL(response.url || 'http://service/').pathname}`;
  throw new ApiError(message, response.status);
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

/** Runs a fetch, with a network failure said in words instead of undici's bare "fetch failed". */
export async function reach(url: string, send: () => Promise<Response>): Promise<Response> {
  try {
    return await send();
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
